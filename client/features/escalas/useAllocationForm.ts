import { useState } from 'react';
import type { Allocation, BlockedRange, Department, MemberCandidate, ScheduleConflict } from '../../../shared/schemas/escalas.ts';
import { portalErrorOf, type PortalError } from '../../kit/portalError.ts';
import { useIdempotencyKey } from '../../kit/useIdempotencyKey.ts';
import { useCreateAllocationMutation } from './escalasApi.ts';
import { matchedMember, memberReferenceOf, useCandidateSuggestions, useDepartmentSuggestions } from './suggestions.ts';

export const FORCE_ALLOCATION_LABEL = 'Alocar mesmo assim';

/** The form's or the API's error; a `schedule_conflict` carries the clashing events, `member_unavailable` the blocked days. */
export interface AllocationError extends PortalError {
  conflicts?: ScheduleConflict[];
  blockouts?: BlockedRange[];
}

/** The refusals a leader may override with `force: true` (FORCE_ALLOCATION_LABEL). */
const OVERRIDABLE = new Set(['schedule_conflict', 'member_unavailable']);

export interface AllocationForm {
  department: string;
  member: string;
  setDepartment: (department: string) => void;
  setMember: (member: string) => void;
  /** Submit: checks the fields, then `POST /api/events/{id}/allocations`. */
  submit: () => void;
  /** After a `schedule_conflict` or `member_unavailable`: the same allocation again with `force: true`. */
  forceSubmit: () => void;
  busy: boolean;
  error: AllocationError | null;
  departments: Department[];
  /** The suggestions for the Member field, each marked (blocked day, another service close by, already there). */
  members: MemberCandidate[];
  /** The suggested member the Member field names now, if any: what the leader should know shows before Submit. */
  candidate: MemberCandidate | undefined;
}

interface Attempt {
  department: string;
  member: string | number;
}

function formError(message: string): AllocationError {
  return { status: undefined, code: 'invalid_form', message };
}

/**
 * The leader's allocation form: the two fields with their suggestions, the call, and the conflict override.
 * `onAllocated` runs after a 201 with the saved allocation (the modal says so and closes; the list refreshes
 * through the Allocation tag).
 */
export function useAllocationForm(eventId: number, onAllocated: (allocation: Allocation) => void): AllocationForm {
  const [department, setDepartmentText] = useState('');
  const [member, setMemberText] = useState('');
  const [error, setError] = useState<AllocationError | null>(null);
  const [conflicted, setConflicted] = useState<Attempt | null>(null);
  const [createAllocation, { isLoading }] = useCreateAllocationMutation();
  const idempotency = useIdempotencyKey();
  const departments = useDepartmentSuggestions();
  const members = useCandidateSuggestions(eventId, member);

  const send = async (attempt: Attempt, force: boolean) => {
    setError(null);
    const request = { eventId, ...attempt, ...(force ? { force: true } : {}) };
    const result = await createAllocation({ ...request, idempotencyKey: idempotency.keyFor(request) });
    if (!result.error) {
      idempotency.succeeded();
      onAllocated(result.data);
      return;
    }
    const failure = portalErrorOf(result.error, 'Não foi possível alocar o membro. Tente novamente.');
    const conflicts = failure.body?.conflicts;
    const blockouts = failure.body?.blockouts;
    setConflicted(OVERRIDABLE.has(failure.code) ? attempt : null);
    setError({
      ...failure,
      ...(Array.isArray(conflicts) ? { conflicts: conflicts as ScheduleConflict[] } : {}),
      ...(Array.isArray(blockouts) ? { blockouts: blockouts as BlockedRange[] } : {}),
    });
  };

  const submit = () => {
    if (isLoading) return;
    const departmentName = department.trim();
    if (departmentName === '') return setError(formError('Informe o departamento.'));
    if (member.trim() === '') return setError(formError('Informe o membro.'));
    const memberReference = memberReferenceOf(member, members);
    if (memberReference === undefined) return setError(formError('Escolha um membro da lista ou informe o email dele.'));
    void send({ department: departmentName, member: memberReference }, false);
  };

  const forceSubmit = () => {
    if (isLoading || !conflicted) return;
    void send(conflicted, true);
  };

  // Editing a field withdraws what was said about the last Submit (`Informe o departamento.` once it is filled
  // in, say), and after a conflict the override too: it applied to what was shown.
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (conflicted) setConflicted(null);
    if (error) setError(null);
  };

  return {
    department,
    member,
    setDepartment: edited(setDepartmentText),
    setMember: edited(setMemberText),
    submit,
    forceSubmit,
    busy: isLoading,
    error,
    departments,
    members,
    candidate: matchedMember(member, members),
  };
}
