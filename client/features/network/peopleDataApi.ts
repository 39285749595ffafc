import { api } from '../../app/api.ts';

/** `GET /api/users/{id}/export` (admins): a plain link, the browser downloads the file the API names. */
export const userDataExportUrl = (userId: number) => `/api/users/${userId}/export`;

export const peopleDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `DELETE /api/users/{id}` (admins, docs/product.md §11): 204, the account anonymised; 409 `last_admin` for the
     * network's last admin, `already_deleted` for an account removed before. The people list and members reload.
     */
    deleteUser: build.mutation<null, { userId: number }>({
      query: ({ userId }) => ({ url: `users/${userId}`, method: 'DELETE' }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'User', id: 'LIST' }, 'Member', 'Team', 'Allocation']),
    }),
  }),
});

export const { useDeleteUserMutation } = peopleDataApi;
