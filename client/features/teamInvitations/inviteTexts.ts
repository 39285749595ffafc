import type { InviteLink } from '../../../shared/schemas/invitations.ts';
import type { InvitedTeam } from './TeamInvitations.tsx';

/** `Louvor · Sede — Vocal, Bateria`: the team and what a link grants. */
export function teamLabel(team: Pick<InvitedTeam, 'churchName' | 'departmentName'>, positions: ReadonlyArray<{ name: string }>): string {
  const base = `${team.departmentName} · ${team.churchName}`;
  return positions.length > 0 ? `${base} — ${positions.map((position) => position.name).join(', ')}` : base;
}

/** The WhatsApp message of a link: a wa.me address that opens the app with the text, the link in it. */
export function whatsappShareUrl(team: InvitedTeam, positions: ReadonlyArray<{ name: string }>, url: string): string {
  const text = `Você está convidado(a) para servir na equipe ${teamLabel(team, positions)}. Entre na equipe por este link: ${url}`;
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

const STATES: Record<InviteLink['state'], string> = { active: 'Ativo', expired: 'Expirado', revoked: 'Cancelado', used_up: 'Esgotado' };
export const linkStateText = (state: InviteLink['state']) => STATES[state];

export const usesText = (link: Pick<InviteLink, 'uses' | 'max_uses'>) =>
  link.max_uses === null ? `${link.uses} ${link.uses === 1 ? 'pessoa entrou' : 'pessoas entraram'} (sem limite)` : `${link.uses} de ${link.max_uses} usos`;
