import type { LoginRequest, MeResponse, PasswordChangeRequest, RegisterRequest, User } from '../../../shared/schemas/auth.ts';
import { api, httpStatusOf } from '../../app/api.ts';
import { forgetPrivateAnswers, isSignOutPending, rememberAccount, sendPendingSignOut, setSignOutPending } from '../offline/privateStore.ts';

/** What a sign-in changes: who I am, and everything the API answers per user. */
const SIGNED_IN_TAGS = ['Session', 'MyEvent', 'Allocation', 'CalendarToken'] as const;

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `GET /api/auth/me`, once at start for every visitor (docs/product.md §1, departure 3): the signed-in user, or
     * null (200 `{ user: null }`) for an anonymous one. The HttpOnly session cookie is the only source of truth.
     */
    getSession: build.query<User | null, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        // A sign-out made without network is sent first; until the server hears it, nobody is signed in here.
        if (isSignOutPending()) {
          if (await sendPendingSignOut()) {
            // The page's preloaded answer (client/index.html) was asked before the server heard the sign-out: it is
            // taken here, so no later call gets it, and forgotten with what the worker kept of it.
            await baseQuery('auth/me');
            await forgetPrivateAnswers();
          }
          return { data: null };
        }
        const result = await baseQuery('auth/me');
        if (result.error) return { error: result.error };
        const { user } = result.data as MeResponse;
        rememberAccount(user?.id ?? null);
        return { data: user };
      },
      providesTags: ['Session'],
    }),
    /** `POST /api/auth/login`: 200 `{ user }` and the session cookie. */
    login: build.mutation<User, LoginRequest>({
      query: (credentials) => ({ url: 'auth/login', method: 'POST', body: credentials }),
      transformResponse: signedIn,
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (user) => (user ? [...SIGNED_IN_TAGS] : []),
    }),
    /** `POST /api/auth/register`: 201 `{ user }` (a member) and the session cookie. */
    register: build.mutation<User, RegisterRequest>({
      query: (registration) => ({ url: 'auth/register', method: 'POST', body: registration }),
      transformResponse: signedIn,
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (user) => (user ? [...SIGNED_IN_TAGS] : []),
    }),
    /**
     * `POST /api/auth/logout` (204). A 401 means the session had already ended: signed out all the same.
     * Without network the sign-out is kept to be sent later (getSession), and this page is signed out now.
     * Either way the answers the service worker kept for this user are deleted. The caller resets the API
     * state once it has left the page (`api.util.resetApiState()`).
     */
    logout: build.mutation<null, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ url: 'auth/logout', method: 'POST' });
        const unreachable = result.error?.status === 'FETCH_ERROR';
        if (result.error && !unreachable && httpStatusOf(result.error) !== 401) return { error: result.error };
        if (unreachable) setSignOutPending(true);
        await forgetPrivateAnswers();
        return { data: null };
      },
      extraOptions: { quietHttpErrors: true },
    }),
    /**
     * `POST /api/auth/password { current, new }` (204); the user's other sessions end and the calendar feed gets a
     * new link (docs/product.md §11), which the account page then shows.
     */
    changePassword: build.mutation<null, PasswordChangeRequest>({
      query: (change) => ({ url: 'auth/password', method: 'POST', body: change }),
      invalidatesTags: (_result, error) => (error ? [] : ['CalendarToken']),
      extraOptions: { quietHttpErrors: true },
    }),
  }),
});

/**
 * The user of a sign-in or registration. A sign-out still waiting for the network is dropped here, before the
 * session is asked again: it would end this new session.
 */
function signedIn(response: { user: User }): User {
  setSignOutPending(false);
  return response.user;
}

export const {
  useGetSessionQuery,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useChangePasswordMutation,
} = sessionApi;
