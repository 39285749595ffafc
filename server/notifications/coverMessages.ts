import { COVER_LINK_PARAM } from '../../shared/coverLink.ts';
import type { Config } from '../platform/config.ts';
import type { CoverFacts } from './coverMessageQueries.ts';
import { publicBase } from './links.ts';
import { button, eventName, firstName, footerText, layout, paragraphs, whenText, type WrittenMessage } from './messages.ts';

/** Where a cover request is accepted: the events page's "Pedidos de cobertura", signed in. */
export function coverLink(config: Config, requestId: number): string {
  return `${publicBase(config)}/events?${COVER_LINK_PARAM}=${requestId}`;
}

const placeText = (facts: CoverFacts) => `${facts.department}${facts.position ? ` (${facts.position})` : ''}`;
const eventText = (config: Config, facts: CoverFacts) => `${facts.event.title ?? eventName(facts.event)} — ${whenText(config, facts.event.datetime, facts.event.zone)}`;

/** To each person who may take the place: someone asks for cover. Names the requester; never their note (docs/product.md §11). */
export function coverRequestedMessage(config: Config, recipientName: string, facts: CoverFacts): WrittenMessage {
  const link = coverLink(config, facts.id);
  const lines = [
    `Olá, ${firstName(recipientName)}!`,
    `${facts.requester.name} precisa de alguém para servir no lugar dele(a) em ${placeText(facts)}:`,
    `${eventText(config, facts)}.`,
    'Você pode assumir? A primeira pessoa que aceitar fica com o lugar, já confirmada.',
  ];
  const text = [...lines, `Assumir: ${link}`, 'O link abre os pedidos de cobertura no portal (entre com sua conta).', footerText(config)].join('\n\n');
  const html = layout(config, 'Pedido de cobertura', `${paragraphs(lines)}\n<p style="margin:16px 0">${button('Assumir', link, '#1f7a3d')}</p>\n${paragraphs(['O link abre os pedidos de cobertura no portal (entre com sua conta).'])}`);
  return { subject: `Pedido de cobertura: ${eventText(config, facts)} (${facts.department})`, text, html };
}

/** To the requester and the team's leaders: someone took the place. */
export function coverTakenMessage(config: Config, recipientName: string, facts: CoverFacts, toRequester: boolean): WrittenMessage {
  const taker = facts.taker?.name ?? 'Outra pessoa';
  const lines = toRequester
    ? [`Olá, ${firstName(recipientName)}!`, `${taker} assumiu seu lugar em ${placeText(facts)} no ${eventText(config, facts)}.`, 'Você não está mais escalado(a) neste evento. Obrigado por avisar com antecedência!']
    : [`Olá, ${firstName(recipientName)}!`, `${taker} assumiu o lugar de ${facts.requester.name} em ${placeText(facts)} no ${eventText(config, facts)}.`, `${taker} já está confirmado(a) na escala.`];
  const link = `${publicBase(config)}/events`;
  const text = [...lines, `Escalas: ${link}`, footerText(config)].join('\n\n');
  const html = layout(config, 'Cobertura assumida', `${paragraphs(lines)}\n<p style="margin:16px 0">${button('Abrir escalas', link, '#3949ab')}</p>`);
  return { subject: `Cobertura assumida: ${taker} no lugar de ${facts.requester.name} — ${eventText(config, facts)}`, text, html };
}

/** To the team's leaders: a request is still open close to the event. The note is theirs to read (docs/product.md §11). */
export function coverEscalatedMessage(config: Config, recipientName: string, facts: CoverFacts): WrittenMessage {
  const lines = [
    `Olá, ${firstName(recipientName)}!`,
    `${facts.requester.name} pediu cobertura em ${placeText(facts)} no ${eventText(config, facts)}, e ninguém assumiu ainda.`,
    facts.note ? `Recado: ${facts.note}` : 'Não foi deixado recado.',
    `${facts.requester.name} continua escalado(a) até alguém assumir. Escolha outra pessoa na Visão do líder ou em Lacunas, se precisar.`,
  ];
  const link = `${publicBase(config)}/events`;
  const text = [...lines, `Escalas: ${link}`, footerText(config)].join('\n\n');
  const html = layout(config, 'Cobertura ainda em aberto', `${paragraphs(lines)}\n<p style="margin:16px 0">${button('Abrir escalas', link, '#3949ab')}</p>`);
  return { subject: `Cobertura em aberto: ${eventText(config, facts)} (${facts.department})`, text, html };
}
