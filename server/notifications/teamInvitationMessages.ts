import { EMAIL_INVITATION_PARAM, TEAM_INVITE_PATH } from '../../shared/inviteLink.ts';
import type { Instant } from '../db/schema.ts';
import type { InvitationMessageFacts } from '../invitations/public.ts';
import type { Config } from '../platform/config.ts';
import { publicBase } from './links.ts';
import { button, firstName, layout, paragraphs, type WrittenMessage } from './messages.ts';

/** Where an e-mail invitation's personal link lands: the team page asks before it acts (docs/product.md §13). */
export function teamInvitationLink(config: Config, token: string): string {
  return `${publicBase(config)}${TEAM_INVITE_PATH}?${EMAIL_INVITATION_PARAM}=${encodeURIComponent(token)}`;
}

const dayText = (config: Config, instant: Instant) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: config.timeZone }).format(new Date(instant));

/** An invitation to a team by e-mail: who invites, the team and positions, and the personal link. */
export function teamInvitationMessage(config: Config, facts: InvitationMessageFacts, token: string): WrittenMessage {
  const link = teamInvitationLink(config, token);
  const team = `${facts.department} · ${facts.church}`;
  const lines = [
    `Olá, ${firstName(facts.name)}!`,
    `${facts.inviter ?? 'A liderança'} convidou você para a equipe ${team} no ${config.portalName}${facts.positions.length > 0 ? `, como ${facts.positions.join(', ')}` : ''}.`,
    `Pelo link você cria sua conta (escolhe sua senha) ou entra com a conta que já tem neste e-mail (${facts.email}) e já fica na equipe. O link é pessoal, vale uma vez e até ${dayText(config, facts.expiresAt)}.`,
    'Se você não esperava este convite, ignore este e-mail.',
  ];
  const text = [lines[0], lines[1], `Aceitar o convite: ${link}`, ...lines.slice(2), `— ${config.portalName} (mensagem automática).`].join('\n\n');
  const html = layout(config, `Convite: ${team}`, `${paragraphs(lines.slice(0, 2))}\n<p style="margin:16px 0">${button('Aceitar o convite', link, '#1f7a3d')}</p>\n${paragraphs(lines.slice(2))}`);
  return { subject: `Convite para a equipe ${team} — ${config.portalName}`, text, html };
}
