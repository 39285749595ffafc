import { Router } from 'express';
import { dayKeyOf } from '../../shared/dayKey.ts';
import { eventTimeZone } from '../../shared/timeZones.ts';
import { dayRangeQuerySchema, idParamSchema } from '../../shared/schemas/common.ts';
import {
  candidateQuerySchema,
  createAllocationRequestSchema,
  createDepartmentRequestSchema,
  memberSearchQuerySchema,
} from '../../shared/schemas/escalas.ts';
import { createPositionRequestSchema } from '../../shared/schemas/network.ts';
import { NAME_KEY_MAX, nameKey } from '../../shared/nameKey.ts';
// Blocked days mark the candidates (availability's public door).
import { blockedRangesOfMembersOn } from '../availability/public.ts';
import { zonedDayWindow } from '../churches/public.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { notFound } from '../http/httpError.ts';
import { requireUsableNameKey } from '../http/nameKeyRules.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireChurchScope, requireLeadership, requireScope } from '../http/requireLeadership.ts';
import { leaderScopeOf, scopeTouchesChurch, type LeaderScope } from '../policy/leaderScope.ts';
import { requireAdmin, requireUser } from '../http/requireUser.ts';
import { blockedRangesSeenBy, personalDataViewOf, type PersonalDataView } from '../policy/personalDataView.ts';
import {
  allocatedMembers,
  clashesSeenBy,
  findAllocationPlace,
  isAllocated,
  listAllocationsBetween,
  listEventAllocations,
  listEventTeam,
  scheduleConflictsOfMembers,
} from './allocationQueries.ts';
import { allocateMember } from './allocateMany.ts';
import { DEPARTMENT_KEY_MAX, departmentKey } from './departmentKey.ts';
import { findDepartment, insertDepartment, listDepartments } from './departmentQueries.ts';
import { DepartmentExists, NotOnTheTeam, PositionExists } from './errors.ts';
import { findEventStart, type EventSlot } from './eventRows.ts';
import { MEMBER_SEARCH_LIMIT, searchMembers } from './memberQueries.ts';
import type { Member } from '../../shared/schemas/escalas.ts';
import { insertPosition, listPositions } from './positionQueries.ts';
import { teamPlacesOf, type TeamPlace } from './teamPlaces.ts';
import { listMyEvents } from './myEventQueries.ts';
import { removeAllocation } from './removeAllocations.ts';

/** Departments, the member search, who serves where (allocations, an event's team), and a member's own events. */
export function escalasRouter({ database, config, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;
  const tz = config.timeZone;

  router.get('/api/departments', async (req, res) => {
    requireUser(req);
    res.json(await listDepartments(db));
  });

  router.post('/api/departments', async (req, res) => {
    requireAdmin(req);
    const { name } = parseInput(createDepartmentRequestSchema, req.body);
    const nameKey = departmentKey(name);
    requireUsableNameKey(nameKey, DEPARTMENT_KEY_MAX, 'Informe o nome do departamento.');
    const department = await insertDepartment(db, name, nameKey);
    if (!department) throw new DepartmentExists();
    res.status(201).json(department);
  });

  // The positions of a department (docs/product.md §8): Vocal, Bateria... Everyone signed in reads them; admins add.
  router.get('/api/departments/:id/positions', async (req, res) => {
    requireUser(req);
    const departmentId = parseInput(idParamSchema, req.params.id);
    if (!(await findDepartment(db, departmentId))) throw notFound('Departamento não encontrado.');
    res.json(await listPositions(db, departmentId));
  });

  router.post('/api/departments/:id/positions', async (req, res) => {
    requireAdmin(req);
    const departmentId = parseInput(idParamSchema, req.params.id);
    const { name } = parseInput(createPositionRequestSchema, req.body);
    requireUsableNameKey(nameKey(name), NAME_KEY_MAX, 'Informe o nome da função.');
    if (!(await findDepartment(db, departmentId))) throw notFound('Departamento não encontrado.');
    const position = await insertPosition(db, departmentId, name);
    if (!position) throw new PositionExists();
    res.status(201).json(position);
  });

  /** The event a leader call is about: 404 when there is none, 403 when the leader leads nothing of its church. */
  async function eventInScope(scope: LeaderScope, eventId: number): Promise<EventSlot> {
    const event = await findEventStart(db, eventId);
    if (!event) throw notFound('Evento não encontrado.');
    requireChurchScope(scope, event.church_id);
    return event;
  }

  /** A member as the viewer may see them: the e-mail only where they see the person's contact (docs/product.md §11). */
  const memberSeenBy = (view: PersonalDataView, member: Member): Member => (view.contactOf(member.id) ? member : { ...member, email: null });

  // Leader calls: admins, role leader, and team leaders (of any role) — each within their scope.
  // A team leader finds anyone by name, but reads e-mails only of their teams' members.
  router.get('/api/members', async (req, res) => {
    const { user } = await requireLeadership(db, req);
    const { q } = parseInput(memberSearchQuerySchema, req.query);
    const view = await personalDataViewOf(db, user);
    res.json((await searchMembers(db, q)).map((member) => memberSeenBy(view, member)));
  });

  // A team leader sees the whole escala of their churches' events (every department), and changes only their team's;
  // the e-mails of their teams' members only, and the decline reasons of their own teams' places only.
  router.get('/api/allocations', async (req, res) => {
    const { user, scope } = await requireLeadership(db, req);
    const { from, to } = parseInput(dayRangeQuerySchema, req.query);
    const churchIds = scope.network ? undefined : [...new Set(scope.teams.map((team) => team.churchId))];
    const view = await personalDataViewOf(db, user);
    res.json(await listAllocationsBetween(db, await zonedDayWindow(db, from, to, tz), { from, to, networkZone: tz }, churchIds, view));
  });

  router.get('/api/events/:id/allocations', async (req, res) => {
    const { user, scope } = await requireLeadership(db, req);
    const eventId = parseInput(idParamSchema, req.params.id);
    await eventInScope(scope, eventId);
    res.json(await listEventAllocations(db, eventId, await personalDataViewOf(db, user)));
  });

  // The member picker: who is already there, blocked that day, or serving close by — before the leader submits.
  // With ?department_id=, the members of that team (the event's church and the department) come first, with the
  // positions they can fill; then the others.
  router.get('/api/events/:id/candidates', async (req, res) => {
    const { user, scope } = await requireLeadership(db, req);
    const eventId = parseInput(idParamSchema, req.params.id);
    const { q, department_id: departmentId } = parseInput(candidateQuerySchema, req.query);
    const event = await eventInScope(scope, eventId);
    if (departmentId !== undefined && !(await findDepartment(db, departmentId))) throw notFound('Departamento não encontrado.');
    const team = departmentId === undefined || event.church_id === null ? new Map<number, TeamPlace>() : await teamPlacesOf(db, event.church_id, departmentId, q);
    const teamMembers = [...team.values()].map((place) => place.member).slice(0, MEMBER_SEARCH_LIMIT);
    const others = (await searchMembers(db, q, MEMBER_SEARCH_LIMIT + teamMembers.length)).filter((member) => !team.has(member.id));
    const members = [...teamMembers, ...others].slice(0, MEMBER_SEARCH_LIMIT);
    const ids = members.map((member) => member.id);
    // A blockout is of the event's own day, in its zone (docs/product.md §12).
    const day = dayKeyOf(event.datetime, eventTimeZone(event.church_timezone, tz));
    const [allocated, blockouts, clashes, view] = await Promise.all([
      allocatedMembers(db, eventId, ids),
      blockedRangesOfMembersOn(db, ids, day),
      scheduleConflictsOfMembers(db, ids, event, config.allocationBufferMinutes),
      personalDataViewOf(db, user),
    ]);
    res.json(
      members.map((member) => {
        const place = team.get(member.id);
        return {
          ...memberSeenBy(view, member),
          allocated: allocated.has(member.id),
          blockouts: blockedRangesSeenBy(view, member.id, blockouts.get(member.id) ?? [], day),
          conflicts: clashesSeenBy(view, member.id, clashes.get(member.id) ?? []),
          team: place ? { leader: place.leader, positions: place.positions } : null,
        };
      }),
    );
  });

  // Who serves with me: the people allocated at an event (not those who declined), names and departments only,
  // for anyone allocated there and for leaders.
  router.get('/api/events/:id/team', async (req, res) => {
    const user = requireUser(req);
    const eventId = parseInput(idParamSchema, req.params.id);
    const event = await findEventStart(db, eventId);
    if (!event) throw notFound('Evento não encontrado.');
    const organises = scopeTouchesChurch(await leaderScopeOf(db, user), event.church_id);
    if (!organises && !(await isAllocated(db, eventId, user.id))) throw new NotOnTheTeam();
    res.json(await listEventTeam(db, eventId));
  });

  router.post('/api/events/:id/allocations', async (req, res) => {
    const { user, scope } = await requireLeadership(db, req);
    const eventId = parseInput(idParamSchema, req.params.id);
    const input = parseInput(createAllocationRequestSchema, req.body);
    const actor = { id: user.id, scope, view: await personalDataViewOf(db, user) };
    const settings = { db, bufferMinutes: config.allocationBufferMinutes, timeZone: tz, now: now() };
    res.status(201).json(await allocateMember(settings, actor, { eventId, ...input }));
  });

  router.delete('/api/allocations/:id', async (req, res) => {
    const { user, scope } = await requireLeadership(db, req);
    const id = parseInput(idParamSchema, req.params.id);
    const place = await findAllocationPlace(db, id);
    if (!place) throw notFound('Escala não encontrada.');
    requireScope(scope, place.church_id, place.department_id);
    if (!(await removeAllocation(db, id, { actorId: user.id, now: now() }))) throw notFound('Escala não encontrada.');
    res.status(204).end();
  });

  router.get('/api/me/events', async (req, res) => {
    const user = requireUser(req);
    res.json(await listMyEvents(db, user.id, now(), tz));
  });

  return router;
}
