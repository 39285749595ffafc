import type { Role, User } from '../../../shared/schemas/auth.ts';
import type { CreateDepartmentRequest, Department } from '../../../shared/schemas/escalas.ts';
import type { CreateEventTypeRequest, EventType } from '../../../shared/schemas/eventManagement.ts';
import type {
  Church,
  CreateChurchRequest,
  CreatePositionRequest,
  Position,
  PutTeamMemberRequest,
  TeamMembership,
} from '../../../shared/schemas/network.ts';
import { api } from '../../app/api.ts';

/** A team: a church and a department. */
export interface TeamKey {
  churchId: number;
  departmentId: number;
}

export interface TeamMemberChange extends TeamKey, PutTeamMemberRequest {
  userId: number;
}

export interface TeamMemberRemoval extends TeamKey {
  userId: number;
}

const teamTag = ({ churchId, departmentId }: TeamKey) => ({ type: 'Team' as const, id: `${churchId}-${departmentId}` });
const MY_TEAMS = { type: 'Team' as const, id: 'MINE' };
const USERS = { type: 'User' as const, id: 'LIST' };

/**
 * The admin's calls on the network's shape (docs/product.md §8). Only the lazily loaded admin page imports this file.
 * Every write is quiet: the screen shows the API's pt-BR message. What each write invalidates:
 * a church, department or event type the lists of its kind; a position its department's positions and the gap
 * matrix (its columns are positions); a team membership that team, my teams (I may have added myself), the
 * matrix (a team leader's rows) and the member suggestions (team members come first); a role the users and the
 * session (when it is my own).
 */
export const networkAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `POST /api/churches { name, city? }`: 201 the church. */
    createChurch: build.mutation<Church, CreateChurchRequest>({
      query: (church) => ({ url: 'churches', method: 'POST', body: church }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (church) => (church ? [{ type: 'Church', id: 'LIST' }] : []),
    }),
    /** `POST /api/departments { name }`: 201 the department. */
    createDepartment: build.mutation<Department, CreateDepartmentRequest>({
      query: (department) => ({ url: 'departments', method: 'POST', body: department }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (department) => (department ? [{ type: 'Department', id: 'LIST' }] : []),
    }),
    /** `POST /api/departments/{id}/positions { name }`: 201 the position. */
    createPosition: build.mutation<Position, CreatePositionRequest & { departmentId: number }>({
      query: ({ departmentId, ...position }) => ({ url: `departments/${departmentId}/positions`, method: 'POST', body: position }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (position, _error, { departmentId }) => (position ? [{ type: 'Position', id: departmentId }, { type: 'Overview', id: 'LIST' }] : []),
    }),
    /** `GET /api/event-types` (the admin's list; the event form has its own subscription to the same tag). */
    getEventTypeList: build.query<EventType[], void>({
      query: () => 'event-types',
      providesTags: [{ type: 'EventType', id: 'LIST' }],
    }),
    /** `POST /api/event-types { name }`: 201 the type. */
    createEventType: build.mutation<EventType, CreateEventTypeRequest>({
      query: (eventType) => ({ url: 'event-types', method: 'POST', body: eventType }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (eventType) => (eventType ? [{ type: 'EventType', id: 'LIST' }] : []),
    }),
    /** `GET /api/users?q=`: at most 20 accounts whose name or email contains `q`, with their roles. */
    searchUsers: build.query<User[], string>({
      query: (q) => (q === '' ? 'users' : { url: 'users', params: { q } }),
      providesTags: [USERS],
    }),
    /** `PATCH /api/users/{id} { role }`: 200 the account. */
    changeRole: build.mutation<User, { userId: number; role: Role }>({
      query: ({ userId, role }) => ({ url: `users/${userId}`, method: 'PATCH', body: { role } }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (user) => (user ? [USERS, 'Session', 'Member'] : []),
    }),
    /** `GET /api/teams/{churchId}/{departmentId}/members`: leaders first, then by name. */
    getTeamMembers: build.query<TeamMembership[], TeamKey>({
      query: ({ churchId, departmentId }) => `teams/${churchId}/${departmentId}/members`,
      providesTags: (_members, _error, team) => [teamTag(team)],
    }),
    /** `PUT /api/teams/{churchId}/{departmentId}/members/{userId} { positions, leader? }`: joins or updates. */
    putTeamMember: build.mutation<TeamMembership, TeamMemberChange>({
      query: ({ churchId, departmentId, userId, ...membership }) => ({
        url: `teams/${churchId}/${departmentId}/members/${userId}`,
        method: 'PUT',
        body: membership,
      }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (membership, _error, team) => (membership ? [teamTag(team), MY_TEAMS, { type: 'Overview', id: 'LIST' }, 'Member'] : []),
    }),
    /** `DELETE /api/teams/{churchId}/{departmentId}/members/{userId}` (204); a 404 too means the list is stale. */
    removeTeamMember: build.mutation<null, TeamMemberRemoval>({
      query: ({ churchId, departmentId, userId }) => ({ url: `teams/${churchId}/${departmentId}/members/${userId}`, method: 'DELETE' }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (_result, _error, team) => [teamTag(team), MY_TEAMS, { type: 'Overview', id: 'LIST' }, 'Member'],
    }),
  }),
});

export const {
  useCreateChurchMutation,
  useCreateDepartmentMutation,
  useCreatePositionMutation,
  useGetEventTypeListQuery,
  useCreateEventTypeMutation,
  useSearchUsersQuery,
  useChangeRoleMutation,
  useGetTeamMembersQuery,
  usePutTeamMemberMutation,
  useRemoveTeamMemberMutation,
} = networkAdminApi;
