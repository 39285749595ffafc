import { createAction } from '@reduxjs/toolkit';

/**
 * What the page knows about the service worker's store (offlineContract.ts). The actions and selectors live
 * apart from the slice (offlineSlice.ts), which listens to the session's endpoints: app/api.ts uses these
 * without importing the session.
 */
export interface OfflineState {
  /** The signed-in user's id, as the last `GET /api/auth/me` said; null for a visitor. */
  account: number | null;
  /** The endpoints whose answer on screen came from the worker's store, with when it was saved (ISO). */
  savedAnswers: Record<string, string>;
}

export const initialOfflineState: OfflineState = { account: null, savedAnswers: {} };

/** An answer came from the worker's store (the network failed): `savedAt` is when the server gave it. */
export const answerFromStore = createAction<{ endpoint: string; savedAt: string }>('offline/answerFromStore');

/** An answer came from the network again. */
export const answerFromNetwork = createAction<{ endpoint: string }>('offline/answerFromNetwork');

/** The browser is online again: the answers are being asked again (an answer from the store marks itself anew). */
export const connectionBack = createAction('offline/connectionBack');

interface WithOffline {
  offline?: OfflineState;
}

export function selectAccount(state: WithOffline): number | null {
  return state.offline?.account ?? null;
}

export function isShownFromStore(state: WithOffline, endpoint: string): boolean {
  return state.offline?.savedAnswers[endpoint] !== undefined;
}

/** When the oldest answer on screen was saved, while any comes from the store; null otherwise. */
export function selectSavedSince(state: WithOffline): string | null {
  const saved = Object.values(state.offline?.savedAnswers ?? {});
  return saved.length === 0 ? null : saved.reduce((oldest, at) => (at < oldest ? at : oldest));
}
