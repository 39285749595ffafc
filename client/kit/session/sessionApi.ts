import type { LoginRequest, MeResponse, PasswordChangeRequest, RegisterRequest, User } from '../../../shared/schemas/auth.ts';
import { api, httpStatusOf } from '../../app/api.ts';

/** What a sign-in changes: who I am, and everything the API answers per user. */
const SIGNED_IN_TAGS = ['Session', 'MyEvent', 'Allocation', 'CalendarToken'] as const;

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `GET /api/auth/me`, once at start for every visitor (PRODUCT.md §1, departure 3): the signed-in user, or
     * null (200 `{ user: null }`) for an anonymous one. The HttpOnly session cookie is the only source of truth.
     */
    getSession: build.query<User | null, void>({
      query: () => 'auth/me',
      transformResponse: (response: MeResponse) => response.user,
      providesTags: ['Session'],
    }),
    /** `POST /api/auth/login`: 200 `{ user }` and the session cookie. */
    login: build.mutation<User, LoginRequest>({
      query: (credentials) => ({ url: 'auth/login', method: 'POST', body: credentials }),
      transformResponse: (response: { user: User }) => response.user,
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (user) => (user ? [...SIGNED_IN_TAGS] : []),
    }),
    /** `POST /api/auth/register`: 201 `{ user }` (a member) and the session cookie. */
    register: build.mutation<User, RegisterRequest>({
      query: (registration) => ({ url: 'auth/register', method: 'POST', body: registration }),
      transformResponse: (response: { user: User }) => response.user,
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (user) => (user ? [...SIGNED_IN_TAGS] : []),
    }),
    /**
     * `POST /api/auth/logout` (204). A 401 means the session had already ended: signed out all the same.
     * The caller resets the API state once it has left the page (`api.util.resetApiState()`).
     */
    logout: build.mutation<null, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ url: 'auth/logout', method: 'POST' });
        if (result.error && httpStatusOf(result.error) !== 401) return { error: result.error };
        return { data: null };
      },
      extraOptions: { quietHttpErrors: true },
    }),
    /** `POST /api/auth/password { current, new }` (204); the user's other sessions end. */
    changePassword: build.mutation<null, PasswordChangeRequest>({
      query: (change) => ({ url: 'auth/password', method: 'POST', body: change }),
      extraOptions: { quietHttpErrors: true },
    }),
  }),
});

export const {
  useGetSessionQuery,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useChangePasswordMutation,
} = sessionApi;
