import type { Allocation } from '../../../shared/schemas/escalas.ts';
import type { NudgeResponse, NudgeState, OpenPlace, SosRequest, SosResponse, TeamSettings } from '../../../shared/schemas/openPlaces.ts';
import { api } from '../../app/api.ts';

/** Open places are a member's escala to be: cached with My Events' tag type, so a sign-up refreshes both. */
const OPEN_PLACES = { type: 'MyEvent' as const, id: 'open-places' };
const teamSettingsTag = (churchId: number, departmentId: number) => ({ type: 'Team' as const, id: `settings-${churchId}-${departmentId}` });
const nudgeTag = (eventId: number) => ({ type: 'Overview' as const, id: `nudge-${eventId}` });

export interface SignupArgs {
  eventId: number;
  departmentId: number;
  positionId: number | null;
  idempotencyKey: string;
}

export const openPlacesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/me/open-places?from&to` (docs/product.md §10): the places I may take. */
    getMyOpenPlaces: build.query<OpenPlace[], { from: string; to: string }>({
      query: (range) => ({ url: 'me/open-places', params: range }),
      // Beside My Events and the home page, like the cover requests: quiet, nothing shown when it fails.
      extraOptions: { quietHttpErrors: true },
      providesTags: [OPEN_PLACES],
    }),
    /** `POST /api/events/{id}/signups`: "Quero servir"; My Events, the open places and the gap matrix are asked again. */
    signUp: build.mutation<Allocation, SignupArgs>({
      query: ({ eventId, departmentId, positionId, idempotencyKey }) => ({
        url: `events/${eventId}/signups`,
        method: 'POST',
        body: { department_id: departmentId, position_id: positionId },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: [OPEN_PLACES, { type: 'MyEvent', id: 'LIST' }, { type: 'Overview', id: 'LIST' }],
    }),
    /** `POST /api/events/{id}/sos`: e-mails every eligible person; the answer carries the WhatsApp text. */
    sendSos: build.mutation<SosResponse, { eventId: number; request: SosRequest; idempotencyKey: string }>({
      query: ({ eventId, request, idempotencyKey }) => ({ url: `events/${eventId}/sos`, method: 'POST', body: request, headers: { 'Idempotency-Key': idempotencyKey } }),
      extraOptions: { quietHttpErrors: true },
    }),
    /** `GET /api/events/{id}/nudge`: how many have not answered, and when they were last reminded. */
    getNudgeState: build.query<NudgeState, number>({
      query: (eventId) => `events/${eventId}/nudge`,
      extraOptions: { quietHttpErrors: true },
      providesTags: (_state, _error, eventId) => [nudgeTag(eventId)],
    }),
    /** `POST /api/events/{id}/nudge`: "Lembrar quem não respondeu". */
    nudge: build.mutation<NudgeResponse, number>({
      query: (eventId) => ({ url: `events/${eventId}/nudge`, method: 'POST' }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (_answer, _error, eventId) => [nudgeTag(eventId)],
    }),
    /** `GET /api/teams/{churchId}/{departmentId}`: the team's settings (leaders, admins). */
    getTeamSettings: build.query<TeamSettings, { churchId: number; departmentId: number }>({
      query: ({ churchId, departmentId }) => `teams/${churchId}/${departmentId}`,
      extraOptions: { quietHttpErrors: true },
      providesTags: (_settings, _error, { churchId, departmentId }) => [teamSettingsTag(churchId, departmentId)],
    }),
    /** `PATCH /api/teams/{churchId}/{departmentId} { self_signup }`: "Vagas abertas". */
    patchTeamSettings: build.mutation<TeamSettings, { churchId: number; departmentId: number; selfSignup: boolean }>({
      query: ({ churchId, departmentId, selfSignup }) => ({ url: `teams/${churchId}/${departmentId}`, method: 'PATCH', body: { self_signup: selfSignup } }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (_settings, _error, { churchId, departmentId }) => [teamSettingsTag(churchId, departmentId), OPEN_PLACES],
    }),
  }),
});

export const {
  useGetMyOpenPlacesQuery,
  useSignUpMutation,
  useSendSosMutation,
  useGetNudgeStateQuery,
  useNudgeMutation,
  useGetTeamSettingsQuery,
  usePatchTeamSettingsMutation,
} = openPlacesApi;
