import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';

/** Per-endpoint options of the portal's base query. */
export interface PortalQueryOptions {
  /**
   * An endpoint whose non-2xx answers are expected and shown by its own screen (e.g. a wrong password)
   * sets this so no `HTTP error! status: …` line is written for it.
   */
  quietHttpErrors?: boolean;
}

const fetchFromPortal = fetchBaseQuery({ baseUrl: '/api' });

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
    if (result.error && !extraOptions?.quietHttpErrors) {
      const status = httpStatusOf(result.error);
      if (status !== undefined && (status < 200 || status > 299)) {
        console.error('HTTP error! status: ' + status);
      }
    }
    return result;
  };

/** The one API of the client; each feature injects its endpoints (`injectEndpoints`). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: portalBaseQuery,
  tagTypes: ['Event', 'Session', 'Allocation', 'Department', 'Member', 'MyEvent', 'EventType', 'CalendarToken', 'Blockout', 'EventTeam', 'ResponseLink'],
  endpoints: () => ({}),
});
