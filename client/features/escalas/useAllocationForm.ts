import { useState } from 'react';
import type { Allocation, BlockedRange, Department, MemberCandidate, PositionRef, ScheduleConflict } from '../../../shared/schemas/escalas.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { portalErrorOf, type PortalError } from '../../kit/portalError.ts';
import { useIdempotencyKey } from '../../kit/useIdempotencyKey.ts';
import { useCreateAllocationMutation } from './escalasApi.ts';
import { responsesApi } from './responsesApi.ts';
import {
  candidateQueryOf,
  matchedDepartment,
  matchedMember,
  memberReferenceOf,
  useCandidateSuggestions,
  useDepartmentSuggestions,
} from './suggestions.ts';

export const FORCE_ALLOCATION_LABEL = 'Alocar mesmo assim';

/** The form's or the API's error; a `schedule_conflict` carries the clashing events, `member_unavailable` the blocked days. */
export interface AllocationError extends PortalError {
  conflicts?: ScheduleConflict[];
  blockouts?: BlockedRange[];
}

/** The refusals a leader may override with `force: true` (FORCE_ALLOCATION_LABEL). */
const OVERRIDABLE = new Set(['schedule_conflict', 'member_unavailable']);

/** What the form starts with (the gap matrix's cell), and whether the event belongs to a church. */
export interface AllocationPreset {
  department?: string;
  position?: PositionRef | null;
  /** The event's church, when known: its team's members are suggested first. */
  churchId?: number | null;
}

export interface AllocationForm {
  department: string;
  member: string;
  /** The chosen position's id as text; '' for none. */
  position: string;
  setDepartment: (department: string) => void;
  setMember: (member: string) => void;
  setPosition: (position: string) => void;
  /** The department the Department field names, when it is one of the network's (its positions are offered). */
  departmentId: number | undefined;
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
  position?: number;
}

function formError(message: string): AllocationError {
  return { status: undefined, code: 'invalid_form', message };
}

/**
 * The leader's allocation form: the department, position and member with their suggestions, the call, and the
 * conflict override. `onAllocated` runs after a 201 with the saved allocation (the modal says so and closes; the
 * list and the gap matrix refresh through the Allocation tag). The positions offered are the department's own.
 */
export function useAllocationForm(eventId: number, onAllocated: (allocation: Allocation) => void, preset: AllocationPreset = {}): AllocationForm {
  const [department, setDepartmentText] = useState(preset.department ?? '');
  const [member, setMemberText] = useState('');
  const [position, setPositionText] = useState(preset.position ? String(preset.position.id) : '');
  const [error, setError] = useState<AllocationError | null>(null);
  const [conflicted, setConflicted] = useState<Attempt | null>(null);
  const [createAllocation, { isLoading }] = useCreateAllocationMutation();
  const idempotency = useIdempotencyKey();
  const [resolving, setResolving] = useState(false);
  const dispatch = useAppDispatch();
  const departments = useDepartmentSuggestions();
  const departmentId = matchedDepartment(department, departments)?.id;
  const teamDepartmentId = typeof preset.churchId === 'number' ? departmentId : undefined;
  const suggestions = useCandidateSuggestions(eventId, member, teamDepartmentId);
  const members = suggestions.members;

  /**
   * The member the Member field names when the suggestions have not caught up with it yet (`Souza` typed or
   * pasted and sent at once, the suggestions still those of what was there a moment before, which may name
   * someone else or no one): the search is asked for exactly what was typed.
   */
  const lookUpMember = async (typed: string): Promise<string | number | undefined> => {
    const search = dispatch(responsesApi.endpoints.searchCandidates.initiate({ eventId, q: candidateQueryOf(typed), departmentId: teamDepartmentId }));
    try {
      return memberReferenceOf(typed, await search.unwrap());
    } catch {
      return undefined;
    } finally {
      search.unsubscribe();
    }
  };

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
    if (isLoading || resolving) return;
    const departmentName = department.trim();
    if (departmentName === '') return setError(formError('Informe o departamento.'));
    if (member.trim() === '') return setError(formError('Informe o membro.'));
    const sendTo = (memberReference: string | number | undefined) => {
      if (memberReference === undefined) return setError(formError('Escolha um membro da lista ou informe o email dele.'));
      void send({ department: departmentName, member: memberReference, ...(position === '' ? {} : { position: Number(position) }) }, false);
    };
    // An e-mail names one member whatever the suggestions; part of a name only by the suggestions for exactly it.
    if (member.includes('@') || suggestions.answerFor === candidateQueryOf(member)) return sendTo(memberReferenceOf(member, members));
    setResolving(true);
    void lookUpMember(member).then((found) => {
      setResolving(false);
      sendTo(found);
    });
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

  // Another department: its positions are other ones.
  const setDepartment = (value: string) => {
    if (matchedDepartment(value, departments)?.id !== departmentId) setPositionText('');
    edited(setDepartmentText)(value);
  };

  return {
    department,
    member,
    position,
    setDepartment,
    setMember: edited(setMemberText),
    setPosition: edited(setPositionText),
    departmentId,
    submit,
    forceSubmit,
    busy: isLoading || resolving,
    error,
    departments,
    members,
    candidate: matchedMember(member, members),
  };
}
