import type { Instant } from '../db/schema.ts';
import type { Config } from '../platform/config.ts';
import { eventsLink, publicBase } from './links.ts';
import { button, eventName, firstName, footerText, layout, paragraphs, whenText, type WrittenMessage } from './messages.ts';

/** One place as the SOS messages describe it. */
export interface PlaceFacts {
  /** `zone`: the event's church's own zone; null or absent: the network's (docs/product.md §12). */
  event: { id: number; datetime: Instant; type: string | null; church: string | null; zone?: string | null };
  department: { id: number; name: string };
  position: { id: number; name: string } | null;
}

/**
 * Where an SOS link lands: the signed-in home page, whose "Vagas abertas" shows this place with "Quero servir"
 * (docs/product.md §10). The place is named in the query (`vaga=event-department-position`, 0 for none).
 */
export function openPlaceLink(config: Config, place: Pick<PlaceFacts, 'event' | 'department' | 'position'>): string {
  return `${publicBase(config)}/?vaga=${place.event.id}-${place.department.id}-${place.position?.id ?? 0}`;
}

const placeText = (place: PlaceFacts) => `${place.department.name}${place.position ? ` (${place.position.name})` : ''}`;
const eventText = (config: Config, place: PlaceFacts) => `${eventName(place.event)}${place.event.church ? ` · ${place.event.church}` : ''} — ${whenText(config, place.event.datetime, place.event.zone)}`;

/** An SOS to one eligible person: the place, the leader's note, and the link that signs them up (docs/product.md §10). */
export function sosMessage(config: Config, name: string, place: PlaceFacts, note: string | null): WrittenMessage {
  const link = openPlaceLink(config, place);
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Falta uma pessoa em ${placeText(place)} no ${eventText(config, place)}.`,
    ...(note ? [`Recado da liderança: ${note}`] : []),
    'Você pode servir? Se puder, inscreva-se pelo link enquanto a vaga estiver aberta: quem se inscreve primeiro fica com ela.',
  ];
  const text = [...lines, `Quero servir: ${link}`, footerText(config)].join('\n\n');
  const html = layout(config, `Vaga aberta: ${eventName(place.event)}`, `${paragraphs(lines)}\n<p style="margin:16px 0">${button('Quero servir', link, '#1f7a3d')}</p>`);
  return { subject: `Vaga aberta: ${eventName(place.event)} — ${whenText(config, place.event.datetime, place.event.zone)} (${placeText(place)})`, text, html };
}

/** The SOS as WhatsApp text for the team's group. */
export function sosWhatsappText(config: Config, place: PlaceFacts, note: string | null): string {
  return [
    `*Vaga aberta — ${eventName(place.event)}*`,
    eventText(config, place),
    `Falta uma pessoa em ${placeText(place)}.`,
    ...(note ? [note] : []),
    `Quem puder servir, inscreva-se em ${openPlaceLink(config, place)}`,
  ].join('\n');
}

/** A service still waiting for the member's answer, as the nudge describes it. */
export interface PendingService {
  event: { datetime: Instant; type: string | null; zone?: string | null };
  department: string;
}

/** To a member who has not answered yet: confirm or say you cannot (docs/product.md §10, "Lembrar quem não respondeu"). */
export function nudgeMessage(config: Config, name: string, service: PendingService): WrittenMessage {
  const event = eventName(service.event);
  const when = whenText(config, service.event.datetime, service.event.zone);
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Você está na escala de ${service.department} no ${event} de ${when}, e a liderança ainda não sabe se você pode servir.`,
    'Confirme ou avise que não pode na página de eventos: assim, se precisar, dá tempo de chamar outra pessoa.',
  ];
  const text = [...lines, `Responder: ${eventsLink(config)}`, footerText(config)].join('\n\n');
  const html = layout(config, `Falta sua resposta: ${event}`, `${paragraphs(lines)}\n<p style="margin:16px 0">${button('Responder', eventsLink(config), '#3949ab')}</p>`);
  return { subject: `Falta sua resposta: ${event} — ${when} (${service.department})`, text, html };
}

/** The nudge as WhatsApp text to one member. */
export function nudgeWhatsappText(config: Config, name: string, service: PendingService): string {
  return [
    `Olá, ${firstName(name)}! Você está na escala de ${service.department}:`,
    `${eventName(service.event)} — ${whenText(config, service.event.datetime, service.event.zone)}.`,
    `Ainda falta sua resposta: confirme ou avise que não pode em ${eventsLink(config)}`,
  ].join('\n');
}

/** A wa.me link: WhatsApp opens with the text ready, to the number if one is given (digits only). */
export const whatsappUrl = (text: string, phone?: string | null) => `https://wa.me/${phone ? phone.replace(/\D/g, '') : ''}?text=${encodeURIComponent(text)}`;
