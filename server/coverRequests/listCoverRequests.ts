import type { OpenCoverRequest } from '../../shared/schemas/coverRequests.ts';
import type { User } from '../../shared/schemas/auth.ts';
import { findCoverPlaces, placeRefusals } from '../escalas/public.ts';
import { eventTimeZone } from '../../shared/timeZones.ts';
import { personalDataViewOf } from '../policy/personalDataView.ts';
import { openCoverRequests } from './coverRequestQueries.ts';
import type { CoverContext } from './requestCover.ts';

/**
 * The open requests the caller may take (`GET /api/me/cover-requests`, docs/product.md §10): those whose place the
 * rules of §9 let them fill, soonest event first. Who asked is named; the note only for those who may read it (§11).
 */
export async function listCoverRequestsFor(ctx: CoverContext, user: Pick<User, 'id' | 'role'>): Promise<OpenCoverRequest[]> {
  const requests = await openCoverRequests(ctx.db, ctx.now, user.id);
  if (requests.length === 0) return [];
  const [places, view] = await Promise.all([findCoverPlaces(ctx.db, requests.map((request) => request.allocation_id)), personalDataViewOf(ctx.db, user)]);
  const open: OpenCoverRequest[] = [];
  for (const request of requests) {
    const place = places.get(request.allocation_id);
    if (!place) continue;
    if ((await placeRefusals(ctx.db, place, ctx, [user.id])).get(user.id) !== null) continue;
    open.push({
      id: request.id,
      allocation_id: request.allocation_id,
      status: request.status,
      note: view.notesAt(place.memberId, place.event.church_id, place.department.id) ? request.note : null,
      created_at: request.created_at,
      event: {
        id: place.event.id,
        datetime: place.event.datetime,
        event_types: place.event.type === null ? null : { name: place.event.type },
        title: place.event.title,
        timezone: eventTimeZone(place.event.church_timezone, ctx.timeZone),
      },
      department: place.department,
      position: place.position,
      requester: { id: place.memberId, name: place.memberName },
    });
  }
  return open;
}
