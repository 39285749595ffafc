import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryApi, BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { ACCOUNT_HEADER, FROM_CACHE_HEADER } from '../kit/offline/offlineContract.ts';
import { answerFromNetwork, answerFromStore, isShownFromStore, selectAccount } from '../kit/offline/offlineState.ts';

/** Per-endpoint options of the portal's base query. */
export interface PortalQueryOptions {
  /**
   * An endpoint whose non-2xx answers are expected and shown by its own screen (e.g. a wrong password)
   * sets this so no `HTTP error! status: …` line is written for it.
   */
  quietHttpErrors?: boolean;
}

const fetchFromPortal = fetchBaseQuery({
  baseUrl: '/api',
  // A signed-in member's reads name their account, which the service worker keys what it keeps by (kit/offline).
  prepareHeaders: (headers, { getState, type }) => {
    const account = selectAccount(getState() as Parameters<typeof selectAccount>[0]);
    if (type === 'query' && account !== null) headers.set(ACCOUNT_HEADER, String(account));
    return headers;
  },
});

/** The HTTP status of a failed call, also when its body was not JSON; undefined for network failures. */
export function httpStatusOf(error: FetchBaseQueryError): number | undefined {
  if (typeof error.status === 'number') return error.status;
  if (error.status === 'PARSING_ERROR') return error.originalStatus;
  return undefined;
}

/**
 * Every call goes to the page's own origin under `/api` (the web host forwards it to the events API).
 * A non-2xx answer is reported the one way the specification describes: a console line, never a screen message.
 */
const portalBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, PortalQueryOptions, FetchBaseQueryMeta> =
  async (args, api, extraOptions) => {
    const result = await fetchFromPortal(args, api, {});
    noteWhereAnswerCameFrom(result.meta?.response, api);
    if (result.error && !extraOptions?.quietHttpErrors) {
      const status = httpStatusOf(result.error);
      if (status !== undefined && (status < 200 || status > 299)) {
        console.error('HTTP error! status: ' + status);
      }
    }
    return result;
  };

/** Whether the answer came from the service worker's store (no network), for the page's "sem conexão" notice. */
function noteWhereAnswerCameFrom(response: Response | undefined, api: BaseQueryApi): void {
  if (!response || api.type !== 'query') return;
  if (response.headers.get(FROM_CACHE_HEADER) !== null) {
    const date = Date.parse(response.headers.get('Date') ?? '');
    api.dispatch(answerFromStore({ endpoint: api.endpoint, savedAt: new Date(Number.isNaN(date) ? Date.now() : date).toISOString() }));
  } else if (isShownFromStore(api.getState() as Parameters<typeof isShownFromStore>[0], api.endpoint)) {
    api.dispatch(answerFromNetwork({ endpoint: api.endpoint }));
  }
}

/** The one API of the client; each feature injects its endpoints (`injectEndpoints`). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: portalBaseQuery,
  tagTypes: ['Event', 'Session', 'Allocation', 'Department', 'Member', 'MyEvent', 'EventType', 'CalendarToken', 'Blockout', 'EventTeam', 'ResponseLink', 'Church', 'Position', 'Team', 'Overview', 'User', 'Draft', 'JoinRequest'],
  endpoints: () => ({}),
});
