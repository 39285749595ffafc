import { useGetMyEventsQuery } from './escalasApi.ts';

/**
 * My Events of a signed-in member: `GET /api/me/events`, asked again on every arrival on the tab. `skip`
 * while the session is not known yet (a visitor would be answered 401).
 */
export function useMyEvents({ skip = false }: { skip?: boolean } = {}) {
  return useGetMyEventsQuery(undefined, { refetchOnMountOrArgChange: true, skip });
}
