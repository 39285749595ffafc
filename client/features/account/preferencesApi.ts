import type { Preferences, PreferencesPatch } from '../../../shared/schemas/notifications.ts';
import { api } from '../../app/api.ts';

export const preferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/me/preferences`: e-mail on or off, and the mobile number for WhatsApp links. */
    getPreferences: build.query<Preferences, void>({
      query: () => 'me/preferences',
    }),
    /** `PATCH /api/me/preferences`: answers the preferences as stored (the number in E.164). */
    updatePreferences: build.mutation<Preferences, PreferencesPatch>({
      query: (body) => ({ url: 'me/preferences', method: 'PATCH', body }),
      extraOptions: { quietHttpErrors: true },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(preferencesApi.util.upsertQueryData('getPreferences', undefined, data));
        } catch {
          // The form shows the error.
        }
      },
    }),
  }),
});

export const { useGetPreferencesQuery, useUpdatePreferencesMutation } = preferencesApi;
