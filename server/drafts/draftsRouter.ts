import { Router } from 'express';
import { endOfDayUtc, startOfDayUtc } from '../../shared/dayKey.ts';
import { idParamSchema } from '../../shared/schemas/common.ts';
import { createDraftRequestSchema, putDraftPlaceRequestSchema, type DraftCandidate, type PublishDraftResponse } from '../../shared/schemas/drafts.ts';
import type { User } from '../../shared/schemas/auth.ts';
import { recordAudit } from '../audit/public.ts';
import { allocateMany, refusalCodeOf } from '../escalas/public.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { notFound } from '../http/httpError.ts';
import { parseInput } from '../http/parseInput.ts';
import { forbidUnless, requireLeadership } from '../http/requireLeadership.ts';
import { requireUser } from '../http/requireUser.ts';
import { allowed, refused } from '../policy/decision.ts';
import { leaderScopeOf, type LeaderScope } from '../policy/leaderScope.ts';
import { personalDataViewOf } from '../policy/personalDataView.ts';
import { loadDraftFacts, type DraftFacts } from './draftFacts.ts';
import { closeDraft, deleteDraft, findDraftRow, insertDraft, listPlaceRows, readDraft, reopenDraft, setPlaceUser, statusAt, type DraftRow } from './draftQueries.ts';
import { DraftClosed, PickRefused } from './errors.ts';
import { DraftRules, planDraft } from './planDraft.ts';

const DRAFT_LIFETIME_DAYS = 7;

/** May the leader draft for this church and department filter: only where they lead a team (docs/product.md §9). */
function mayDraft(scope: LeaderScope, churchId: number | null, departmentId: number | null) {
  if (scope.network) return allowed;
  const teams = scope.teams.filter((team) => (churchId === null || team.churchId === churchId) && (departmentId === null || team.departmentId === departmentId));
  return teams.length > 0 ? allowed : refused('Você só pode preparar escalas das equipes que lidera.');
}

/** Escala drafts (docs/product.md §9): proposed by the optimiser, reviewed by their author, then published. */
export function draftsRouter({ database, config, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;
  const tz = config.timeZone;
  const settings = { timeZone: tz, bufferMinutes: config.allocationBufferMinutes };
  const rangeOf = (row: Pick<DraftRow, 'from_day' | 'to_day'>) => ({ start: startOfDayUtc(row.from_day, tz), end: endOfDayUtc(row.to_day, tz) });

  const respond = async (row: DraftRow) => {
    const range = rangeOf(row);
    return readDraft(db, row, now(), range.start, range.end, tz);
  };

  /** The draft of the path for its author (admins read any): 404 for anyone else, as if there were none. */
  async function draftFor(user: User, idText: string | undefined, reading = false): Promise<DraftRow> {
    const row = await findDraftRow(db, parseInput(idParamSchema, idText));
    if (!row || (row.author_id !== user.id && !(reading && user.role === 'admin'))) throw notFound('Rascunho não encontrado.');
    return row;
  }

  async function factsOf(row: DraftRow, author: Pick<User, 'id' | 'role'>): Promise<DraftFacts> {
    return loadDraftFacts(db, {
      from: row.from_day,
      to: row.to_day,
      churchId: row.church_id,
      departmentId: row.department_id,
      scope: await leaderScopeOf(db, author),
      now: now(),
      timeZone: tz,
      bufferMinutes: config.allocationBufferMinutes,
    });
  }

  router.post('/api/escalas/drafts', async (req, res) => {
    const { user, scope } = await requireLeadership(db, req);
    const input = parseInput(createDraftRequestSchema, req.body);
    const churchId = input.church_id ?? null;
    const departmentId = input.department_id ?? null;
    if (churchId !== null && !(await db.selectFrom('churches').select('id').where('id', '=', churchId).executeTakeFirst())) throw notFound('Igreja não encontrada.');
    if (departmentId !== null && !(await db.selectFrom('departments').select('id').where('id', '=', departmentId).executeTakeFirst())) {
      throw notFound('Departamento não encontrado.');
    }
    forbidUnless(mayDraft(scope, churchId, departmentId));
    const at = now();
    const draft = { from: input.from, to: input.to, churchId, departmentId, scope, now: at, timeZone: tz, bufferMinutes: config.allocationBufferMinutes };
    const facts = await loadDraftFacts(db, draft);
    const range = rangeOf({ from_day: input.from, to_day: input.to });
    const places = await planDraft(facts, settings, { start: Date.parse(range.start), end: Date.parse(range.end) });
    const row = {
      author_id: user.id,
      from_day: input.from,
      to_day: input.to,
      church_id: churchId,
      department_id: departmentId,
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + DRAFT_LIFETIME_DAYS * 86_400_000).toISOString(),
    };
    const id = await db.transaction().execute((trx) =>
      insertDraft(
        trx,
        row,
        places.map((place) => ({
          event_id: place.slot.eventId,
          department_id: place.slot.departmentId,
          position_id: place.slot.positionId,
          user_id: place.userId,
          reasons: place.reasons,
        })),
      ),
    );
    res.status(201).json(await respond((await findDraftRow(db, id))!));
  });

  router.get('/api/escalas/drafts/:id', async (req, res) => {
    const user = requireUser(req);
    res.json(await respond(await draftFor(user, req.params.id, true)));
  });

  router.put('/api/escalas/drafts/:id/places/:placeId', async (req, res) => {
    const user = requireUser(req);
    const row = await draftFor(user, req.params.id);
    const placeId = parseInput(idParamSchema, req.params.placeId);
    const { user_id: userId } = parseInput(putDraftPlaceRequestSchema, req.body);
    if (statusAt(row, now()) !== 'open') throw new DraftClosed();
    const stored = await listPlaceRows(db, row.id);
    const place = stored.find((entry) => entry.id === placeId);
    if (!place) throw notFound('Lugar não encontrado neste rascunho.');
    const facts = await factsOf(row, user);
    const rules = new DraftRules(facts, settings);
    const slotOf = (entry: { eventId: number; departmentId: number; positionId: number | null }) => ({ ...entry, open: 1 });
    const slot = slotOf(place);
    if (!facts.events.has(slot.eventId)) throw new PickRefused('event_started', 'Este evento já começou ou não está mais no seu alcance.');
    const others = stored.filter((entry) => entry.id !== placeId && entry.userId !== null).map((entry) => ({ slot: slotOf(entry), userId: entry.userId! }));
    if (userId === null) {
      await setPlaceUser(db, row.id, placeId, null, rules.emptyReasons(slot, others));
    } else {
      if (!rules.isEligible(slot, userId)) {
        throw new PickRefused('not_eligible', `${rules.name(userId)} não está na equipe deste departamento nesta igreja, ou não exerce essa função.`);
      }
      const refusal = rules.refusalWithPicks(slot, userId, others);
      if (refusal) throw new PickRefused(refusal.code, refusal.message);
      const range = rangeOf(row);
      const load = rules.loadInRange(userId, Date.parse(range.start), Date.parse(range.end)) + others.filter((entry) => entry.userId === userId).length + 1;
      await setPlaceUser(db, row.id, placeId, userId, rules.pickReasons(slot, userId, load, true));
    }
    res.json(await respond((await findDraftRow(db, row.id))!));
  });

  // Who else may take the place, each with the load and last service the draft weighed, and what keeps them away.
  router.get('/api/escalas/drafts/:id/places/:placeId/candidates', async (req, res) => {
    const user = requireUser(req);
    const row = await draftFor(user, req.params.id);
    const placeId = parseInput(idParamSchema, req.params.placeId);
    const stored = await listPlaceRows(db, row.id);
    const place = stored.find((entry) => entry.id === placeId);
    if (!place) throw notFound('Lugar não encontrado neste rascunho.');
    const facts = await factsOf(row, user);
    const rules = new DraftRules(facts, settings);
    const slot = { eventId: place.eventId, departmentId: place.departmentId, positionId: place.positionId, open: 1 };
    const event = facts.events.get(place.eventId);
    if (!event) return void res.json([]);
    const others = stored.filter((entry) => entry.id !== placeId && entry.userId !== null).map((entry) => ({ slot: { ...entry, open: 1 }, userId: entry.userId! }));
    const range = rangeOf(row);
    const candidates: DraftCandidate[] = rules
      .eligible(slot)
      .filter((userId) => userId !== place.userId)
      .map((userId) => ({
        id: userId,
        name: rules.name(userId),
        load: rules.loadInRange(userId, Date.parse(range.start), Date.parse(range.end)) + others.filter((other) => other.userId === userId).length,
        last_served_days: rules.daysSinceServed(userId, event) ?? null,
        refusal: rules.refusalWithPicks(slot, userId, others) ?? null,
      }))
      // Who may take it first, the least loaded, then who served longest ago (never first), then by name.
      .sort(
        (a, b) =>
          Number(a.refusal !== null) - Number(b.refusal !== null) ||
          a.load - b.load ||
          (b.last_served_days ?? Infinity) - (a.last_served_days ?? Infinity) ||
          a.name.localeCompare(b.name, 'pt-BR'),
      );
    res.json(candidates);
  });

  // Each pick is checked again now and one that breaks a rule is skipped, never forced (docs/product.md §9).
  router.post('/api/escalas/drafts/:id/publish', async (req, res) => {
    const user = requireUser(req);
    const row = await draftFor(user, req.params.id);
    if (statusAt(row, now()) !== 'open' || !(await closeDraft(db, row.id, 'published'))) throw new DraftClosed();
    try {
      const facts = await factsOf(row, user);
      const open = new Map(facts.slots.map((slot) => [`${slot.eventId}:${slot.departmentId}:${slot.positionId ?? ''}`, slot.open]));
      const picks = (await listPlaceRows(db, row.id)).filter((place) => place.userId !== null);
      const skipped: PublishDraftResponse['skipped'] = [];
      // The draft's own rules first, on today's facts (a monthly limit counts the other picks kept), then
      // allocateMany checks its rules again inside the transaction that writes.
      const rules = new DraftRules(facts, settings);
      const accepted: Array<{ slot: { eventId: number; departmentId: number; positionId: number | null; open: number }; userId: number }> = [];
      const kept = picks.filter((place) => {
        const key = `${place.eventId}:${place.departmentId}:${place.positionId ?? ''}`;
        const left = open.get(key) ?? 0;
        if (left === 0) {
          skipped.push({ place_id: place.id, code: 'place_taken', message: 'Este lugar já foi preenchido, ou o evento já começou.' });
          return false;
        }
        const slot = { eventId: place.eventId, departmentId: place.departmentId, positionId: place.positionId, open: 1 };
        const refusal = rules.isEligible(slot, place.userId!)
          ? rules.refusalWithPicks(slot, place.userId!, accepted)
          : { code: 'not_eligible', message: `${rules.name(place.userId!)} não está mais na equipe, ou não exerce mais essa função.` };
        if (refusal) {
          skipped.push({ place_id: place.id, ...refusal });
          return false;
        }
        open.set(key, left - 1);
        accepted.push({ slot, userId: place.userId! });
        return true;
      });
      const actor = { id: user.id, scope: await leaderScopeOf(db, user), view: await personalDataViewOf(db, user) };
      const outcomes = await allocateMany(
        { db, bufferMinutes: config.allocationBufferMinutes, timeZone: tz, now: now() },
        actor,
        kept.map((place) => ({ eventId: place.eventId, department: place.departmentId, position: place.positionId, member: place.userId! })),
        {
          source: 'draft',
          // The publish is written to the audit log with its allocations, or not at all (docs/product.md §11).
          alongside: (trx, allocationIds) =>
            recordAudit(trx, { actorId: user.id, action: 'draft_published', subjectId: null, details: { draft_id: row.id, created: allocationIds.length }, at: now().toISOString() }),
        },
      );
      const created: number[] = [];
      outcomes.forEach((outcome, index) => {
        if (outcome.ok) created.push(outcome.allocationId);
        else skipped.push({ place_id: kept[index]!.id, code: refusalCodeOf(outcome.refusal), message: outcome.refusal.message });
      });
      skipped.sort((a, b) => a.place_id - b.place_id);
      res.json({ created, skipped } satisfies PublishDraftResponse);
    } catch (error) {
      await reopenDraft(db, row.id);
      throw error;
    }
  });

  router.delete('/api/escalas/drafts/:id', async (req, res) => {
    const user = requireUser(req);
    const row = await draftFor(user, req.params.id);
    await deleteDraft(db, row.id);
    res.status(204).end();
  });

  return router;
}
