import type { Department } from '../../../shared/schemas/escalas.ts';
import type { EventType } from '../../../shared/schemas/eventManagement.ts';
import type { Church, Position, UpdateChurchRequest } from '../../../shared/schemas/network.ts';
import { api } from '../../app/api.ts';

/**
 * Gestão da rede renames and deletes what it created (docs/api.md): churches, event types, departments and their
 * positions. Quiet writes (the dialogs show the API's pt-BR message, a 409 `in_use` saying what uses the record).
 * Each invalidates its kind's list; a type, a church or a department also the events and the gap matrix that name
 * them.
 */
export const catalogEditApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateChurch: build.mutation<Church, UpdateChurchRequest & { id: number }>({
      query: ({ id, ...body }) => ({ url: `churches/${id}`, method: 'PATCH', body }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (church) => (church ? [{ type: 'Church', id: 'LIST' }, 'Event'] : []),
    }),
    deleteChurch: build.mutation<void, { id: number }>({
      query: ({ id }) => ({ url: `churches/${id}`, method: 'DELETE' }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Church', id: 'LIST' }]),
    }),
    renameEventType: build.mutation<EventType, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `event-types/${id}`, method: 'PATCH', body: { name } }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (eventType) => (eventType ? [{ type: 'EventType', id: 'LIST' }, 'Event'] : []),
    }),
    deleteEventType: build.mutation<void, { id: number }>({
      query: ({ id }) => ({ url: `event-types/${id}`, method: 'DELETE' }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'EventType', id: 'LIST' }]),
    }),
    renameDepartment: build.mutation<Department, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `departments/${id}`, method: 'PATCH', body: { name } }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (department) => (department ? [{ type: 'Department', id: 'LIST' }, { type: 'Overview', id: 'LIST' }] : []),
    }),
    deleteDepartment: build.mutation<void, { id: number }>({
      query: ({ id }) => ({ url: `departments/${id}`, method: 'DELETE' }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Department', id: 'LIST' }]),
    }),
    renamePosition: build.mutation<Position, { departmentId: number; id: number; name: string }>({
      query: ({ departmentId, id, name }) => ({ url: `departments/${departmentId}/positions/${id}`, method: 'PATCH', body: { name } }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (position, _error, { departmentId }) => (position ? [{ type: 'Position', id: departmentId }, { type: 'Overview', id: 'LIST' }] : []),
    }),
    deletePosition: build.mutation<void, { departmentId: number; id: number }>({
      query: ({ departmentId, id }) => ({ url: `departments/${departmentId}/positions/${id}`, method: 'DELETE' }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (_result, error, { departmentId }) => (error ? [] : [{ type: 'Position', id: departmentId }]),
    }),
  }),
});

export const {
  useUpdateChurchMutation,
  useDeleteChurchMutation,
  useRenameEventTypeMutation,
  useDeleteEventTypeMutation,
  useRenameDepartmentMutation,
  useDeleteDepartmentMutation,
  useRenamePositionMutation,
  useDeletePositionMutation,
} = catalogEditApi;
