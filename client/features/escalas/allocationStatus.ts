import type { AllocationStatus } from '../../../shared/schemas/escalas.ts';

/** An allocation's answer as a leader reads it, beside the member's name. */
export const LEADER_STATUS_LABELS: Record<AllocationStatus, string> = {
  pending: 'pendente',
  confirmed: 'confirmado',
  declined: 'recusado',
  covered: 'substituído',
};

/** My own answer, as My Events and the home page say it. */
export const MY_STATUS_LABELS: Record<AllocationStatus, string> = {
  pending: 'Aguardando sua resposta',
  confirmed: 'Você confirmou',
  declined: 'Você recusou',
  covered: 'Outra pessoa assumiu seu lugar',
};

/** How many of an event's allocations are in each state. */
export function countByStatus(allocations: readonly { status: AllocationStatus }[]): Record<AllocationStatus, number> {
  const counts: Record<AllocationStatus, number> = { pending: 0, confirmed: 0, declined: 0, covered: 0 };
  for (const { status } of allocations) counts[status] += 1;
  return counts;
}

/**
 * An event's answers in one line: `3 confirmados · 1 pendente · 1 recusou`; states nobody is in are left out.
 * Empty when there are no allocations.
 */
export function answersSummary(allocations: readonly { status: AllocationStatus }[]): string {
  const { confirmed, pending, declined } = countByStatus(allocations);
  const parts: string[] = [];
  if (confirmed > 0) parts.push(`${confirmed} ${confirmed === 1 ? 'confirmado' : 'confirmados'}`);
  if (pending > 0) parts.push(`${pending} ${pending === 1 ? 'pendente' : 'pendentes'}`);
  if (declined > 0) parts.push(`${declined} ${declined === 1 ? 'recusou' : 'recusaram'}`);
  return parts.join(' · ');
}
