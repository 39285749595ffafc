import type { Role, User } from '../../../shared/schemas/auth.ts';
import { useGetSessionQuery } from './sessionApi.ts';

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

/**
 * Who is using the portal: `GET /api/auth/me`, asked once at start for everyone (the top bar subscribes on
 * every route) and again whenever a sign-in, registration or sign-out invalidates the `Session` tag.
 */
export function useSession(): Session {
  const { data, isError } = useGetSessionQuery();
  if (data) return { status: 'signedIn', user: data, canAllocate: canAllocate(data.role) };
  if (data === null || isError) return ANONYMOUS;
  return LOADING;
}
