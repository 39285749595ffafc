import { randomBytes } from 'node:crypto';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { endOfDayUtc, startOfDayUtc } from '../../shared/dayKey.ts';
import { dayRangeQuerySchema, idParamSchema } from '../../shared/schemas/common.ts';
import {
  createAllocationRequestSchema,
  createDepartmentRequestSchema,
  memberSearchQuerySchema,
} from '../../shared/schemas/escalas.ts';
import { DEPARTMENT_KEY_MAX, departmentKey } from './departmentKey.ts';
import {
  findAllocation,
  findDepartment,
  findMember,
  findScheduleConflicts,
  listAllocationsBetween,
  listDepartments,
  listEventAllocations,
  listMyEvents,
  lockMember,
  searchMembers,
} from './allocationQueries.ts';
import { memberCalendar } from '../calendarFeeds/memberCalendar.ts';
import { isUniqueViolation } from '../accounts/userQueries.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { badRequest, HttpError, notFound } from '../http/httpError.ts';
import { requireAdmin, requireLeader, requireUser } from '../accounts/loadSession.ts';
import { parseInput } from '../http/parseInput.ts';

const alreadyAllocated = () => new HttpError(409, 'already_allocated', 'Este membro já está escalado neste evento.');
const calendarTokenQuerySchema = z.strictObject({ token: z.string().max(100) });
/** The shape of every token we hand out (base64url); anything else cannot be one, so it is not looked up. */
const CALENDAR_TOKEN = /^[\w-]{1,64}$/;

function feedUrl(req: Request, token: string): string {
  return `${req.protocol}://${req.get('host')}/api/me/calendar.ics?token=${token}`;
}

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
    try {
      const department = await db
        .insertInto('departments')
        .values({ name, name_key: nameKey })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
      res.status(201).json(department);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new HttpError(409, 'department_exists', 'Já existe um departamento com esse nome.');
    }
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
    const event = await db.selectFrom('events').select('id').where('id', '=', eventId).executeTakeFirst();
    if (!event) throw notFound('Evento não encontrado.');
    res.json(await listEventAllocations(db, eventId));
  });

  router.post('/api/events/:id/allocations', async (req, res) => {
    const leader = requireLeader(req);
    const eventId = parseInput(idParamSchema, req.params.id);
    const input = parseInput(createAllocationRequestSchema, req.body);
    const allocationId = await db.transaction().execute(async (trx) => {
      const event = await trx.selectFrom('events').select(['id', 'datetime']).where('id', '=', eventId).executeTakeFirst();
      if (!event) throw notFound('Evento não encontrado.');
      const department = await findDepartment(trx, input.department);
      if (!department) throw new HttpError(422, 'unknown_department', 'Departamento não encontrado.');
      const member = await findMember(trx, input.member);
      if (!member) throw new HttpError(422, 'unknown_member', 'Nenhum membro cadastrado com esse email.');

      // One member's allocations are decided one at a time, so two leaders cannot both place them at clashing events.
      await lockMember(trx, member.id);
      const existing = await trx
        .selectFrom('allocations')
        .select('id')
        .where('event_id', '=', eventId)
        .where('member_id', '=', member.id)
        .executeTakeFirst();
      if (existing) throw alreadyAllocated();
      if (!input.force) {
        const conflicts = await findScheduleConflicts(trx, member.id, eventId, event.datetime, config.allocationConflictHours);
        if (conflicts.length > 0) {
          throw new HttpError(
            409,
            'schedule_conflict',
            `${member.name} já serve em outro evento a menos de ${config.allocationConflictHours} horas deste.`,
            { conflicts },
          );
        }
      }
      try {
        const row = await trx
          .insertInto('allocations')
          .values({ event_id: eventId, department_id: department.id, member_id: member.id, allocated_by: leader.id, created_at: now().toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyAllocated();
        throw error;
      }
    });
    res.status(201).json(await findAllocation(db, allocationId));
  });

  router.delete('/api/allocations/:id', async (req, res) => {
    requireLeader(req);
    const id = parseInput(idParamSchema, req.params.id);
    const result = await db.deleteFrom('allocations').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('Escala não encontrada.');
    res.status(204).end();
  });

  router.get('/api/me/events', async (req, res) => {
    const user = requireUser(req);
    res.json(await listMyEvents(db, user.id, now()));
  });

  router.get('/api/me/calendar-token', async (req, res) => {
    const user = requireUser(req);
    const row = await db.selectFrom('calendar_tokens').select('token').where('user_id', '=', user.id).executeTakeFirst();
    // GET never changes state: without a token yet, the account hub offers to create one (POST).
    res.json({ url: row ? feedUrl(req, row.token) : null });
  });

  router.post('/api/me/calendar-token', async (req, res) => {
    const user = requireUser(req);
    const token = randomBytes(24).toString('base64url');
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('calendar_tokens').where('user_id', '=', user.id).execute();
      await trx.insertInto('calendar_tokens').values({ user_id: user.id, token, created_at: now().toISOString() }).execute();
    });
    res.status(201).json({ url: feedUrl(req, token) });
  });

  router.get('/api/me/calendar.ics', async (req, res) => {
    const { token } = parseInput(calendarTokenQuerySchema, req.query);
    if (!CALENDAR_TOKEN.test(token)) throw notFound('Calendário não encontrado.');
    const owner = await db
      .selectFrom('calendar_tokens')
      .innerJoin('users', 'users.id', 'calendar_tokens.user_id')
      .select(['users.id', 'users.name'])
      .where('calendar_tokens.token', '=', token)
      .executeTakeFirst();
    if (!owner) throw notFound('Calendário não encontrado.');
    const events = await listMyEvents(db, owner.id, now());
    res.type('text/calendar; charset=utf-8').set('Cache-Control', 'private, max-age=300').send(memberCalendar(config.portalName, owner.name, events));
  });

  return router;
}
