import { PORTAL_ROUTES } from '../../shared/portalRoutes.ts';
import type { PositionRef } from '../../shared/schemas/escalas.ts';
import type { TeamJoinRequest } from '../../shared/schemas/joinRequests.ts';
import type { Config } from '../platform/config.ts';
import { publicBase } from './links.ts';
import { button, firstName, footerText, layout, paragraphs, type WrittenMessage } from './messages.ts';

/** Where join requests are seen and decided once signed in: the teams page (docs/product.md §13). */
export function teamsLink(config: Config): string {
  return `${publicBase(config)}${PORTAL_ROUTES.teams}`;
}

const teamText = (request: Pick<TeamJoinRequest, 'church' | 'department'>) => `${request.department.name} · ${request.church.name}`;
const positionsText = (positions: readonly PositionRef[]) => positions.map((position) => position.name).join(', ');

/** To the team's leaders and the admins: someone asks to serve; the note is theirs to read. */
export function joinRequestedMessage(config: Config, recipientName: string, request: TeamJoinRequest): WrittenMessage {
  const link = teamsLink(config);
  const lines = [
    `Olá, ${firstName(recipientName)}!`,
    `${request.member.name} quer servir em ${teamText(request)}.`,
    request.positions.length > 0 ? `Funções que pode assumir: ${positionsText(request.positions)}.` : 'Não escolheu funções.',
    request.note ? `Recado: ${request.note}` : 'Não deixou recado.',
    'Aprove (escolhendo as funções) ou recuse o pedido na página Equipes.',
  ];
  const text = [...lines, `Pedidos para servir: ${link}`, footerText(config)].join('\n\n');
  const html = layout(config, 'Pedido para servir', `${paragraphs(lines)}\n<p style="margin:16px 0">${button('Ver pedidos', link, '#3949ab')}</p>`);
  return { subject: `Pedido para servir: ${request.member.name} — ${teamText(request)}`, text, html };
}

/** To the member: they are on the team now, with these positions. */
export function joinApprovedMessage(config: Config, recipientName: string, request: TeamJoinRequest, positions: readonly PositionRef[]): WrittenMessage {
  const link = teamsLink(config);
  const lines = [
    `Olá, ${firstName(recipientName)}!`,
    `Seu pedido para servir em ${teamText(request)} foi aprovado: agora você faz parte da equipe.`,
    positions.length > 0 ? `Suas funções: ${positionsText(positions)}.` : 'Os líderes ainda vão combinar com você as suas funções.',
    'Você vai receber um e-mail a cada escala para confirmar se pode servir.',
  ];
  const text = [...lines, `Suas equipes: ${link}`, footerText(config)].join('\n\n');
  const html = layout(config, 'Pedido aprovado', `${paragraphs(lines)}\n<p style="margin:16px 0">${button('Ver minhas equipes', link, '#1f7a3d')}</p>`);
  return { subject: `Pedido aprovado: ${teamText(request)}`, text, html };
}

/** To the member: the leaders declined, and why if they said. */
export function joinDeclinedMessage(config: Config, recipientName: string, request: TeamJoinRequest): WrittenMessage {
  const link = teamsLink(config);
  const lines = [
    `Olá, ${firstName(recipientName)}!`,
    `Seu pedido para servir em ${teamText(request)} não foi aprovado.`,
    request.reason ? `Motivo: ${request.reason}` : 'Os líderes não informaram um motivo.',
    'Se quiser, converse com a liderança da equipe ou peça para servir em outra equipe.',
  ];
  const text = [...lines, `Suas equipes: ${link}`, footerText(config)].join('\n\n');
  const html = layout(config, 'Pedido não aprovado', `${paragraphs(lines)}\n<p style="margin:16px 0">${button('Ver meus pedidos', link, '#3949ab')}</p>`);
  return { subject: `Pedido para servir não aprovado: ${teamText(request)}`, text, html };
}
