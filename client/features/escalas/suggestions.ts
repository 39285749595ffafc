import { useEffect, useState } from 'react';
import type { Department, Member } from '../../../shared/schemas/escalas.ts';
import { useGetDepartmentsQuery, useSearchMembersQuery } from './escalasApi.ts';

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

/** Members whose name or email contains what was typed (at most 20), for the Member field's datalist. */
export function useMemberSuggestions(typed: string): Member[] {
  const q = useDebouncedValue(typed.trim().slice(0, MEMBER_QUERY_MAX), MEMBER_SEARCH_DELAY_MS);
  return useSearchMembersQuery(q).data ?? [];
}

/**
 * What the API is sent for the Member field: the email when it is one (typed, or picked from the datalist,
 * whose values are emails); the id of the one suggested member with exactly that name; otherwise undefined.
 */
export function memberReferenceOf(typed: string, suggestions: readonly Member[]): string | number | undefined {
  const text = typed.trim();
  if (text === '') return undefined;
  const lower = text.toLocaleLowerCase('pt-BR');
  const byEmail = suggestions.find((member) => member.email.toLocaleLowerCase('pt-BR') === lower);
  if (byEmail) return byEmail.email;
  const byName = suggestions.filter((member) => member.name.trim().toLocaleLowerCase('pt-BR') === lower);
  if (byName.length === 1) return byName[0]!.id;
  return text.includes('@') ? text : undefined;
}
