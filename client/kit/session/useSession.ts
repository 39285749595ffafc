import type { Role, User } from '../../../shared/schemas/auth.ts';
import { useSelector } from 'react-redux';
import { sessionApi, useGetSessionQuery } from './sessionApi.ts';

export type Session =
  /** `/api/auth/me` has not answered yet. */
  | { status: 'loading'; user: null; canAllocate: false }
  | { status: 'anonymous'; user: null; canAllocate: false }
  /** `canAllocate`: a leader or an admin (the API checks it again on every call). */
  | { status: 'signedIn'; user: User; canAllocate: boolean };

const LOADING: Session = { status: 'loading', user: null, canAllocate: false };
const ANONYMOUS: Session = { status: 'anonymous', user: null, canAllocate: false };

export function canAllocate(role: Role): boolean {
  return role === 'leader' || role === 'admin';
}

/** `Ana` of `Ana Souza`. */
export function firstNameOf(user: Pick<User, 'name'>): string {
  return user.name.trim().split(/\s+/u)[0] ?? user.name;
}

const selectSessionAnswer = sessionApi.endpoints.getSession.select();

/**
 * Keeps `GET /api/auth/me` asked: once at start for everyone and again whenever a sign-in, registration or
 * sign-out invalidates the `Session` tag. Drawn once, around every render of the portal (app/App.tsx).
 */
export function SessionSubscription(): null {
  useGetSessionQuery();
  return null;
}

/**
 * Who is using the portal, as `GET /api/auth/me` answered (SessionSubscription asks it). Read from the store, not
 * through a query hook of its own: some twenty components ask, and each query hook's subscription costs a render's
 * worth of work at start on a slow phone (docs/performance.md).
 */
export function useSession(): Session {
  const { data, isError } = useSelector(selectSessionAnswer);
  if (data) return { status: 'signedIn', user: data, canAllocate: canAllocate(data.role) };
  if (data === null || isError) return ANONYMOUS;
  return LOADING;
}
