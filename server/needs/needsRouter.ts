import { Router } from 'express';
import { addDays, dayKeyOf } from '../../shared/dayKey.ts';
import { idParamSchema } from '../../shared/schemas/common.ts';
import { needsScopeQuerySchema, OVERVIEW_DEFAULT_WEEKS, overviewQuerySchema, putNeedsRequestSchema } from '../../shared/schemas/needs.ts';
import { zonedDayWindow } from '../churches/public.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireLeadership, requireScope } from '../http/requireLeadership.ts';
import { scopeTouchesChurch, type LeaderScope } from '../policy/leaderScope.ts';
import { HttpError } from '../http/httpError.ts';
import { EventNotFound } from './errors.ts';
import { findNeedsEvent, listEventNeeds } from './needsQueries.ts';
import { setNeeds } from './setNeeds.ts';
import { overview } from './overviewQueries.ts';

/**
 * Needs per event (how many people of each department and position) and the leader's gap matrix, for leaders
 * within their teams (docs/product.md §8).
 */
export function needsRouter({ database, config, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;
  const tz = config.timeZone;

  // The needs of one event: a team leader sees those of the departments they lead at the event's church.
  router.get('/api/events/:id/needs', async (req, res) => {
    const { scope } = await requireLeadership(db, req);
    const eventId = parseInput(idParamSchema, req.params.id);
    const event = await findNeedsEvent(db, eventId);
    if (!event) throw new EventNotFound();
    if (!scopeTouchesChurch(scope, event.church_id)) throw notOurEvent();
    res.json(await listEventNeeds(db, eventId, departmentsLedAt(scope, event.church_id)));
  });

  router.put('/api/events/:id/needs', async (req, res) => {
    const { scope } = await requireLeadership(db, req);
    const eventId = parseInput(idParamSchema, req.params.id);
    const query = parseInput(needsScopeQuerySchema, req.query);
    const needs = parseInput(putNeedsRequestSchema, req.body);
    const event = await setNeeds(db, eventId, query.scope, needs, (churchId, departmentIds) => {
      if (!scopeTouchesChurch(scope, churchId)) throw notOurEvent();
      for (const departmentId of departmentIds) requireScope(scope, churchId, departmentId);
    });
    res.json(await listEventNeeds(db, event.id, departmentsLedAt(scope, event.church_id)));
  });

  router.get('/api/escalas/overview', async (req, res) => {
    const { scope } = await requireLeadership(db, req);
    const query = parseInput(overviewQuerySchema, req.query);
    const today = dayKeyOf(now(), tz);
    const from = query.from ?? today;
    const to = query.to ?? addDays(today, OVERVIEW_DEFAULT_WEEKS * 7 - 1);
    res.json(
      await overview(db, {
        ...(await zonedDayWindow(db, from, to, tz)),
        from,
        to,
        networkZone: tz,
        churchId: query.church_id,
        departmentId: query.department_id,
        teams: scope.network ? undefined : scope.teams,
      }),
    );
  });

  return router;
}

/** The departments a team leader leads at a church (none at a whole-network event); undefined: every one. */
function departmentsLedAt(scope: LeaderScope, churchId: number | null): number[] | undefined {
  if (scope.network) return undefined;
  return scope.teams.filter((team) => team.churchId === churchId).map((team) => team.departmentId);
}

const notOurEvent = () => new HttpError(403, 'forbidden', 'Você não lidera nenhuma equipe deste evento.');
