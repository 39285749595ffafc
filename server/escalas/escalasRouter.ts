import { Router } from 'express';
import { dayKeyOf, endOfDayUtc, startOfDayUtc } from '../../shared/dayKey.ts';
import { dayRangeQuerySchema, idParamSchema } from '../../shared/schemas/common.ts';
import {
  createAllocationRequestSchema,
  createDepartmentRequestSchema,
  memberSearchQuerySchema,
} from '../../shared/schemas/escalas.ts';
// The one edge from escalas to another resource (eslint/serverBoundaries.js): blocked days mark the candidates.
import { blockedRangesOfMembersOn } from '../availability/blockoutQueries.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { badRequest, notFound } from '../http/httpError.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireAdmin, requireLeader, requireUser } from '../http/requireUser.ts';
import {
  allocatedMembers,
  deleteAllocation,
  isAllocated,
  listAllocationsBetween,
  listEventAllocations,
  listEventTeam,
  scheduleConflictsOfMembers,
} from './allocationQueries.ts';
import { allocateMember } from './allocations.ts';
import { DEPARTMENT_KEY_MAX, departmentKey } from './departmentKey.ts';
import { insertDepartment, listDepartments } from './departmentQueries.ts';
import { DepartmentExists, NotOnTheTeam } from './errors.ts';
import { findEventStart } from './eventRows.ts';
import { searchMembers } from './memberQueries.ts';
import { listMyEvents } from './myEventQueries.ts';

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
    // A name of accents alone would leave nothing to compare; a few scripts grow when their accents are removed.
    if (nameKey === '') throw badRequest('Requisição inválida (name): o nome precisa ter ao menos uma letra.', { fields: { name: 'Informe o nome do departamento.' } });
    if (nameKey.length > DEPARTMENT_KEY_MAX) throw badRequest('Requisição inválida (name): o nome é longo demais.', { fields: { name: 'O nome é longo demais.' } });
    const department = await insertDepartment(db, name, nameKey);
    if (!department) throw new DepartmentExists();
    res.status(201).json(department);
  });

  router.get('/api/members', async (req, res) => {
    requireLeader(req);
    const { q } = parseInput(memberSearchQuerySchema, req.query);
    res.json(await searchMembers(db, q));
  });

  router.get('/api/allocations', async (req, res) => {
    requireLeader(req);
    const { from, to } = parseInput(dayRangeQuerySchema, req.query);
    res.json(await listAllocationsBetween(db, startOfDayUtc(from, tz), endOfDayUtc(to, tz)));
  });

  router.get('/api/events/:id/allocations', async (req, res) => {
    requireLeader(req);
    const eventId = parseInput(idParamSchema, req.params.id);
    if (!(await findEventStart(db, eventId))) throw notFound('Evento não encontrado.');
    res.json(await listEventAllocations(db, eventId));
  });

  // The member picker: who is already there, blocked that day, or serving close by — before the leader submits.
  router.get('/api/events/:id/candidates', async (req, res) => {
    requireLeader(req);
    const eventId = parseInput(idParamSchema, req.params.id);
    const { q } = parseInput(memberSearchQuerySchema, req.query);
    const event = await findEventStart(db, eventId);
    if (!event) throw notFound('Evento não encontrado.');
    const members = await searchMembers(db, q);
    const ids = members.map((member) => member.id);
    const [allocated, blockouts, conflicts] = await Promise.all([
      allocatedMembers(db, eventId, ids),
      blockedRangesOfMembersOn(db, ids, dayKeyOf(event.datetime, tz)),
      scheduleConflictsOfMembers(db, ids, eventId, event.datetime, config.allocationConflictHours),
    ]);
    res.json(
      members.map((member) => ({
        ...member,
        allocated: allocated.has(member.id),
        blockouts: blockouts.get(member.id) ?? [],
        conflicts: conflicts.get(member.id) ?? [],
      })),
    );
  });

  // Who serves with me: the people allocated at an event (not those who declined), names and departments only,
  // for anyone allocated there and for leaders.
  router.get('/api/events/:id/team', async (req, res) => {
    const user = requireUser(req);
    const eventId = parseInput(idParamSchema, req.params.id);
    if (!(await findEventStart(db, eventId))) throw notFound('Evento não encontrado.');
    const organises = user.role === 'leader' || user.role === 'admin';
    if (!organises && !(await isAllocated(db, eventId, user.id))) throw new NotOnTheTeam();
    res.json(await listEventTeam(db, eventId));
  });

  router.post('/api/events/:id/allocations', async (req, res) => {
    const leader = requireLeader(req);
    const eventId = parseInput(idParamSchema, req.params.id);
    const input = parseInput(createAllocationRequestSchema, req.body);
    const context = { db, leaderId: leader.id, conflictHours: config.allocationConflictHours, timeZone: tz, now: now() };
    res.status(201).json(await allocateMember(context, eventId, input));
  });

  router.delete('/api/allocations/:id', async (req, res) => {
    requireLeader(req);
    const id = parseInput(idParamSchema, req.params.id);
    if (!(await deleteAllocation(db, id))) throw notFound('Escala não encontrada.');
    res.status(204).end();
  });

  router.get('/api/me/events', async (req, res) => {
    const user = requireUser(req);
    res.json(await listMyEvents(db, user.id, now()));
  });

  return router;
}
