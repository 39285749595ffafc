import { createContext, createElement, useContext, useDeferredValue, useMemo, type ReactNode } from 'react';
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

/** What the store's answer to `GET /api/auth/me` says: a user, nobody (or a failed question), or nothing yet. */
function statusOf({ data, isError }: ReturnType<typeof selectSessionAnswer>): Session['status'] {
  return data ? 'signedIn' : data === null || isError ? 'anonymous' : 'loading';
}

const SessionContext = createContext<Session>(LOADING);

/**
 * Keeps `GET /api/auth/me` asked (once at start for everyone, and again whenever a sign-in, registration or
 * sign-out invalidates the `Session` tag) and gives its answer to every `useSession()` below it. Drawn once,
 * around every render of the portal (app/App.tsx).
 *
 * A new answer reaches the pages in a deferred render: a store update renders at once and in one task (React
 * cannot split it), and a new session changes most of the page — the menu, the page's tabs, its lists. Deferred,
 * that render yields to the browser every few milliseconds, so a slow phone is not blocked while a signed-in page
 * replaces the visitor's (docs/performance.md). Leaving a signed-in session is drawn at once.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  useGetSessionQuery();
  const answer = useSelector(selectSessionAnswer);
  const status = statusOf(answer);
  const user = answer.data;
  const session = useMemo<Session>(
    () => (status === 'signedIn' && user ? { status, user, canAllocate: canAllocate(user.role) } : status === 'anonymous' ? ANONYMOUS : LOADING),
    [status, user],
  );
  const deferred = useDeferredValue(session);
  // Leaving a signed-in session (a sign-out, the API state reset after it) is drawn at once: kept for one more
  // render, the signed-in page's reads would be asked again without a session (401s).
  const shown = deferred.status === 'signedIn' && session.status !== 'signedIn' ? session : deferred;
  return createElement(SessionContext, { value: shown }, children);
}

/**
 * What `GET /api/auth/me` has answered so far, read from the store at once rather than in the deferred render that
 * gives `useSession()` its answer: for what a page asks the API, so its reads start the moment the session is known
 * instead of after the page has been drawn again (docs/performance.md). What the page shows follows `useSession()`.
 */
export function useSessionStatusNow(): Session['status'] {
  return useSelector((state: Parameters<typeof selectSessionAnswer>[0]) => statusOf(selectSessionAnswer(state)));
}

/**
 * Who is using the portal, as `GET /api/auth/me` answered (SessionProvider asks it). One subscription to the store
 * for the whole portal: some twenty components ask, and each query hook's subscription costs a render's worth of
 * work at start on a slow phone (docs/performance.md).
 */
export function useSession(): Session {
  return useContext(SessionContext);
}
