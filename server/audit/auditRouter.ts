import { Router } from 'express';
import { endOfDayUtc, startOfDayUtc } from '../../shared/dayKey.ts';
import { AUDIT_PAGE_DEFAULT, auditDetailsSchema, auditQuerySchema, type AuditAction, type AuditEntryView } from '../../shared/schemas/audit.ts';
// The people's names: accounts owns the users.
import { namesOfUsers } from '../accounts/public.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireAdmin } from '../http/requireUser.ts';
import { listAuditEntries } from './auditQueries.ts';

/** The audit log (docs/product.md §11): admins read who did what to whom, newest first, a page at a time. */
export function auditRouter({ database, config }: ApiContext): Router {
  const router = Router();
  const { db } = database;

  router.get('/api/audit', async (req, res) => {
    requireAdmin(req);
    const query = parseInput(auditQuerySchema, req.query);
    const rows = await listAuditEntries(db, {
      since: query.from === undefined ? undefined : startOfDayUtc(query.from, config.timeZone),
      until: query.to === undefined ? undefined : endOfDayUtc(query.to, config.timeZone),
      actorId: query.actor_id,
      subjectId: query.subject_id,
      action: query.action,
      beforeId: query.before,
      limit: query.limit ?? AUDIT_PAGE_DEFAULT,
    });
    const names = await namesOfUsers(db, rows.flatMap((row) => [row.actor_id, row.subject_id]).filter((id): id is number => id !== null));
    const person = (id: number | null) => (id === null ? null : { id, name: names.get(id) ?? '' });
    res.json(
      rows.map(
        (row): AuditEntryView => ({
          id: row.id,
          at: row.at,
          actor: person(row.actor_id),
          action: row.action as AuditAction,
          subject: person(row.subject_id),
          details: auditDetailsSchema.parse(JSON.parse(row.details)),
        }),
      ),
    );
  });

  return router;
}
