import type {
  CreatedInvitation,
  CreatedInviteLink,
  CreateInvitations,
  CreateInviteLink,
  EmailInvitationPreview,
  Invitation,
  InviteLink,
  InviteLinkPreview,
  JoinedTeam,
} from '../../../shared/schemas/invitations.ts';
import type { TeamMembership } from '../../../shared/schemas/network.ts';
import { api } from '../../app/api.ts';

export interface TeamKey {
  churchId: number;
  departmentId: number;
}

const teamPath = ({ churchId, departmentId }: TeamKey) => `teams/${churchId}/${departmentId}`;
/** The team's cache entries: its members (the admin's screens use the same tag), its links and its invitations. */
const membersTag = ({ churchId, departmentId }: TeamKey) => ({ type: 'Team' as const, id: `${churchId}-${departmentId}` });
const linksTag = ({ churchId, departmentId }: TeamKey) => ({ type: 'Team' as const, id: `links-${churchId}-${departmentId}` });
const invitationsTag = ({ churchId, departmentId }: TeamKey) => ({ type: 'Team' as const, id: `invitations-${churchId}-${departmentId}` });
const MY_TEAMS = { type: 'Team' as const, id: 'MINE' };

/** docs/product.md §13: a team's invitation links and e-mail invitations, and the page that takes them. */
export const teamInvitationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/teams/{c}/{d}/members`: the team's members with their positions (leaders first). */
    getTeamRoster: build.query<TeamMembership[], TeamKey>({
      query: (team) => `${teamPath(team)}/members`,
      extraOptions: { quietHttpErrors: true },
      providesTags: (_members, _error, team) => [membersTag(team)],
    }),
    getInviteLinks: build.query<InviteLink[], TeamKey>({
      query: (team) => `${teamPath(team)}/invite-links`,
      extraOptions: { quietHttpErrors: true },
      providesTags: (_links, _error, team) => [linksTag(team)],
    }),
    createInviteLink: build.mutation<CreatedInviteLink, TeamKey & { link: CreateInviteLink }>({
      query: ({ link, ...team }) => ({ url: `${teamPath(team)}/invite-links`, method: 'POST', body: link }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (created, _error, team) => (created ? [linksTag(team)] : []),
    }),
    revokeInviteLink: build.mutation<null, TeamKey & { id: number }>({
      query: ({ id }) => ({ url: `invite-links/${id}`, method: 'DELETE' }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (_result, _error, team) => [linksTag(team)],
    }),
    getInvitations: build.query<Invitation[], TeamKey>({
      query: (team) => `${teamPath(team)}/invitations`,
      extraOptions: { quietHttpErrors: true },
      providesTags: (_invitations, _error, team) => [invitationsTag(team)],
    }),
    createInvitations: build.mutation<CreatedInvitation[], TeamKey & { invitations: CreateInvitations }>({
      query: ({ invitations, ...team }) => ({ url: `${teamPath(team)}/invitations`, method: 'POST', body: invitations }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (created, _error, team) => (created ? [invitationsTag(team)] : []),
    }),
    cancelInvitation: build.mutation<null, TeamKey & { id: number }>({
      query: ({ id }) => ({ url: `invitations/${id}`, method: 'DELETE' }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (_result, _error, team) => [invitationsTag(team)],
    }),
    resendInvitation: build.mutation<Invitation, TeamKey & { id: number }>({
      query: ({ id }) => ({ url: `invitations/${id}/resend`, method: 'POST' }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (_result, _error, team) => [invitationsTag(team)],
    }),
    /** `GET /api/invite-links/{token}`: what a link grants (404, 410 link_expired / link_used_up shown by the page). */
    getInviteLinkPreview: build.query<InviteLinkPreview, string>({
      query: (token) => `invite-links/${encodeURIComponent(token)}`,
      extraOptions: { quietHttpErrors: true },
    }),
    joinByInviteLink: build.mutation<JoinedTeam, { token: string; team: TeamKey }>({
      query: ({ token }) => ({ url: `invite-links/${encodeURIComponent(token)}/join`, method: 'POST' }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (joined, _error, { team }) => (joined ? [MY_TEAMS, membersTag(team), linksTag(team)] : []),
    }),
    getEmailInvitationPreview: build.query<EmailInvitationPreview, string>({
      query: (token) => `email-invitations/${encodeURIComponent(token)}`,
      extraOptions: { quietHttpErrors: true },
    }),
    acceptEmailInvitation: build.mutation<JoinedTeam, { token: string; team: TeamKey }>({
      query: ({ token }) => ({ url: `email-invitations/${encodeURIComponent(token)}/accept`, method: 'POST' }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (joined, _error, { team }) => (joined ? [MY_TEAMS, membersTag(team), invitationsTag(team)] : []),
    }),
  }),
});

export const {
  useGetTeamRosterQuery,
  useGetInviteLinksQuery,
  useCreateInviteLinkMutation,
  useRevokeInviteLinkMutation,
  useGetInvitationsQuery,
  useCreateInvitationsMutation,
  useCancelInvitationMutation,
  useResendInvitationMutation,
  useGetInviteLinkPreviewQuery,
  useJoinByInviteLinkMutation,
  useGetEmailInvitationPreviewQuery,
  useAcceptEmailInvitationMutation,
} = teamInvitationsApi;
