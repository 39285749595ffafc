import type { JoinRequestStatus } from '../../../shared/schemas/joinRequests.ts';

/** A team as the screens and e-mails name it: `Louvor · Sede`. */
export function teamText(team: { church: { name: string }; department: { name: string } }): string {
  return `${team.department.name} · ${team.church.name}`;
}

/** `Vocal, Bateria`; empty when none. */
export function positionsText(positions: ReadonlyArray<{ name: string }>): string {
  return positions.map((position) => position.name).join(', ');
}

const STATUS_LABELS: Record<JoinRequestStatus, string> = { pending: 'Aguardando', approved: 'Aprovado', declined: 'Recusado' };

/** What a request's state reads on the screens. */
export function statusLabel(status: JoinRequestStatus): string {
  return STATUS_LABELS[status];
}
