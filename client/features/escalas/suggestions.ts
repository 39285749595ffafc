import { useEffect, useState } from 'react';
import { nameKey } from '../../../shared/nameKey.ts';
import type { Department, Member, MemberCandidate } from '../../../shared/schemas/escalas.ts';
import { useGetDepartmentsQuery } from './escalasApi.ts';
import { useSearchCandidatesQuery } from './responsesApi.ts';

/** The API's limit for `?q=`. */
const MEMBER_QUERY_MAX = 100;
/** How long typing must pause before the member search asks again. */
export const MEMBER_SEARCH_DELAY_MS = 250;

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Every department, for the Department field's datalist. */
export function useDepartmentSuggestions(): Department[] {
  return useGetDepartmentsQuery().data ?? [];
}

/**
 * Members whose name or email contains what was typed (at most 20), each marked with what the leader should
 * know before allocating them at this event: `GET /api/events/{id}/candidates?q=`; given the department of a
 * team (an event of a church), that team's members first.
 */
export function useCandidateSuggestions(eventId: number, typed: string, teamDepartmentId?: number): CandidateSuggestions {
  const q = useDebouncedValue(candidateQueryOf(typed), MEMBER_SEARCH_DELAY_MS);
  const search = useSearchCandidatesQuery({ eventId, q, departmentId: teamDepartmentId });
  return { members: search.data ?? [], answerFor: search.currentData !== undefined && !search.isFetching ? q : null };
}

/** The member search's suggestions, and what they answer. */
export interface CandidateSuggestions {
  /** The last suggestions received (those of what was typed a moment ago while the next are asked). */
  members: MemberCandidate[];
  /** The `?q=` the suggestions are the API's answer to; null while the search is still catching up with the typing. */
  answerFor: string | null;
}

/** The `?q=` the member search asks for what the Member field holds. */
export function candidateQueryOf(typed: string): string {
  return typed.trim().slice(0, MEMBER_QUERY_MAX);
}

/** The department the Department field names (by name, case and accents aside), if it is one of the network's. */
export function matchedDepartment(typed: string, departments: readonly Department[]): Department | undefined {
  const key = nameKey(typed);
  return key === '' ? undefined : departments.find((department) => nameKey(department.name) === key);
}

/** The suggested member the Member field names (by email, or by a name only one of them has). */
export function matchedMember<M extends Member>(typed: string, suggestions: readonly M[]): M | undefined {
  const reference = memberReferenceOf(typed, suggestions);
  if (reference === undefined) return undefined;
  return suggestions.find((member) =>
    typeof reference === 'number' ? member.id === reference : member.email?.toLocaleLowerCase('pt-BR') === reference.toLocaleLowerCase('pt-BR'),
  );
}

/** The API's most suggestions for one search (`GET /api/events/{id}/candidates?q=`): a full page may hide others. */
const SUGGESTIONS_MAX = 20;

/**
 * What the API is sent for the Member field: the email when it is one (typed, or picked from the datalist,
 * whose values are emails, or names where the leader may not read the e-mail); the id of the one suggested member with exactly that name; else the id of the one
 * suggested member whose name or email contains what was typed (`Souza`), when the suggestions are all there
 * are; otherwise undefined.
 */
export function memberReferenceOf(typed: string, suggestions: readonly Member[]): string | number | undefined {
  const text = typed.trim();
  if (text === '') return undefined;
  const lower = text.toLocaleLowerCase('pt-BR');
  const byEmail = suggestions.find((member) => member.email?.toLocaleLowerCase('pt-BR') === lower);
  if (byEmail?.email) return byEmail.email;
  const byName = suggestions.filter((member) => member.name.trim().toLocaleLowerCase('pt-BR') === lower);
  if (byName.length === 1) return byName[0]!.id;
  if (text.includes('@')) return text;
  const containing = suggestions.filter(
    (member) => member.name.toLocaleLowerCase('pt-BR').includes(lower) || (member.email?.toLocaleLowerCase('pt-BR').includes(lower) ?? false),
  );
  return containing.length === 1 && suggestions.length < SUGGESTIONS_MAX ? containing[0]!.id : undefined;
}
