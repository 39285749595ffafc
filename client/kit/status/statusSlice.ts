import { createSlice, isRejectedWithValue, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../app/api.ts';
import { sessionApi } from '../session/sessionApi.ts';

/** A link after the message's text (`Entre de novo` → /login). */
export interface StatusLink {
  to: string;
  text: string;
}

/** What a status message says once an action is done: `Evento criado para 7 de dezembro de 2026 às 19:30.` */
export interface StatusMessage {
  /** Counts up with every message, so the same words said again are a new message (read out again). */
  id: number;
  text: string;
  link?: StatusLink;
  /**
   * The message takes the focus: the control that was used is gone (the cancelled event's list item), and the
   * focus must not fall to the page's body.
   */
  focus: boolean;
  /** `sessionExpired`: the API no longer knows the page's user (the page asks who is signed in again). */
  kind?: 'sessionExpired';
}

export interface StatusState {
  message: StatusMessage | null;
  /** The last message's id. */
  lastId: number;
  /** Whether the page has a signed-in user (`GET /api/auth/me`), so a 401 means the session ended. */
  signedIn: boolean;
}

export interface StatusShown {
  text: string;
  link?: StatusLink;
  focus?: boolean;
}

/** An API call answered 401 `unauthenticated` while the page had a user: what the page says. */
export const SESSION_EXPIRED_STATUS = {
  text: 'Sua sessão expirou.',
  link: { to: '/login', text: 'Entre de novo.' },
} as const satisfies StatusShown;

const initialState: StatusState = { message: null, lastId: 0, signedIn: false };

/** Calls whose 401 is no ended session: the session question itself, and the forms that sign in or out. */
const SESSION_ENDPOINTS: ReadonlySet<string> = new Set(['getSession', 'login', 'register', 'logout', 'changePassword']);

/** A call of the API answered 401 `unauthenticated`: the request came without a session the API knows. */
function isUnauthenticatedAnswer(action: UnknownAction): boolean {
  if (!isRejectedWithValue(action)) return false;
  const endpoint = (action.meta as { arg?: { endpointName?: unknown } }).arg?.endpointName;
  if (typeof endpoint !== 'string' || SESSION_ENDPOINTS.has(endpoint)) return false;
  const error = action.payload as { status?: unknown; data?: { error?: { code?: unknown } } } | undefined;
  return error?.status === 401 && error.data?.error?.code === 'unauthenticated';
}

/**
 * The portal's one status message (UI state): the outcome of the last action a signed-in user took, shown until
 * they dismiss it or another replaces it (kit/status/StatusMessage.tsx draws it).
 */
export const statusSlice = createSlice({
  name: 'status',
  initialState,
  reducers: {
    statusShown(state, { payload }: PayloadAction<StatusShown>) {
      state.lastId += 1;
      state.message = { id: state.lastId, text: payload.text, focus: payload.focus ?? false, ...(payload.link ? { link: payload.link } : {}) };
    },
    statusDismissed(state) {
      state.message = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(api.util.resetApiState, (state) => {
        state.message = null;
        state.signedIn = false;
      })
      .addMatcher(sessionApi.endpoints.getSession.matchFulfilled, (state, { payload }) => {
        state.signedIn = payload !== null;
      })
      // The page still shows a user, but the API no longer knows the session (it expired, or ended elsewhere).
      .addMatcher(isUnauthenticatedAnswer, (state) => {
        if (!state.signedIn) return;
        state.signedIn = false;
        state.lastId += 1;
        state.message = { id: state.lastId, ...SESSION_EXPIRED_STATUS, focus: false, kind: 'sessionExpired' };
      });
  },
  selectors: {
    selectStatusMessage: (state) => state.message,
  },
});

export const { statusShown, statusDismissed } = statusSlice.actions;
export const { selectStatusMessage } = statusSlice.selectors;
