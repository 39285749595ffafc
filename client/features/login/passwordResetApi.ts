import type { PasswordResetRequest } from '../../../shared/schemas/notifications.ts';
import { api } from '../../app/api.ts';

export const passwordResetApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `POST /api/auth/password-reset`: always 202, whether or not an account has the email. */
    requestPasswordReset: build.mutation<{ message: string }, PasswordResetRequest>({
      query: (body) => ({ url: 'auth/password-reset', method: 'POST', body }),
      extraOptions: { quietHttpErrors: true },
    }),
    /** `POST /api/auth/password-reset/{token}`: sets the password and ends every session of the account. */
    resetPassword: build.mutation<null, { token: string; password: string }>({
      query: ({ token, password }) => ({ url: `auth/password-reset/${encodeURIComponent(token)}`, method: 'POST', body: { password } }),
      extraOptions: { quietHttpErrors: true },
      // A session of this browser ended with the others: ask again who is signed in.
      invalidatesTags: ['Session'],
    }),
  }),
});

export const { useRequestPasswordResetMutation, useResetPasswordMutation } = passwordResetApi;
