import type { DeleteAccountRequest } from '../../../shared/schemas/accountData.ts';
import { api } from '../../app/api.ts';

/** `GET /api/me/export` is a plain link (the browser downloads the file the API names); what remains is a call. */
export const MY_DATA_EXPORT_URL = '/api/me/export';

export const accountDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `DELETE /api/me { password }` (204): the account is anonymised and its sessions end (docs/product.md §11). A
     * wrong password is 401 `invalid_credentials`, which the dialog shows.
     */
    deleteMyAccount: build.mutation<null, DeleteAccountRequest>({
      query: (body) => ({ url: 'me', method: 'DELETE', body }),
      extraOptions: { quietHttpErrors: true },
    }),
  }),
});

export const { useDeleteMyAccountMutation } = accountDataApi;
