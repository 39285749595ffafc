import { PRIVATE_CACHE } from './offlineContract.ts';

/**
 * The page's side of "private data is never shown to another account": the service worker's store of a
 * member's answers is deleted when they sign out, and a sign-out the server could not hear (no network) is
 * remembered until it can: until then the page treats everyone as signed out.
 */

const SIGN_OUT_PENDING = 'koinonia:sign-out-pending';
const LAST_ACCOUNT = 'koinonia:account';

/**
 * The id of the user the last `GET /api/auth/me` named on this browser, so a reload's first reads (the event
 * list is asked before the session answers) already name the account whose answers the worker may keep.
 */
export function lastAccount(): number | null {
  try {
    const stored = Number(localStorage.getItem(LAST_ACCOUNT));
    return Number.isSafeInteger(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

export function rememberAccount(account: number | null): void {
  try {
    if (account === null) localStorage.removeItem(LAST_ACCOUNT);
    else localStorage.setItem(LAST_ACCOUNT, String(account));
  } catch {
    // Storage refused: the reads name the account once the session has answered.
  }
}

export async function forgetPrivateAnswers(): Promise<void> {
  rememberAccount(null);
  if (typeof caches === 'undefined') return;
  await caches.delete(PRIVATE_CACHE).catch(() => false);
}

export function isSignOutPending(): boolean {
  try {
    return localStorage.getItem(SIGN_OUT_PENDING) !== null;
  } catch {
    return false;
  }
}

export function setSignOutPending(pending: boolean): void {
  try {
    if (pending) localStorage.setItem(SIGN_OUT_PENDING, new Date().toISOString());
    else localStorage.removeItem(SIGN_OUT_PENDING);
  } catch {
    // Storage refused (private mode, full): the sign-out is still done on this page.
  }
}

/** Sends the sign-out the server has not heard yet; true once it has (204, or 401: that session had ended). */
export async function sendPendingSignOut(): Promise<boolean> {
  try {
    const response = await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' });
    if (response.status !== 204 && response.status !== 401) return false;
  } catch {
    return false;
  }
  setSignOutPending(false);
  return true;
}
