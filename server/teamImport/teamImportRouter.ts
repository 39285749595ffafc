import { Router } from 'express';
import { teamImportQuerySchema } from '../../shared/schemas/teamImport.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { badRequest } from '../http/httpError.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireLeadership } from '../http/requireLeadership.ts';
import { runTeamImport } from './runTeamImport.ts';

/**
 * The spreadsheet import (docs/product.md §13): `POST /api/teams/import[?dry_run=true]` with the file as `text/csv`
 * (read by teamImportBody.ts); team leaders into their teams, admins and network leaders anywhere.
 */
export function teamImportRouter({ database, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;

  router.post('/api/teams/import', async (req, res) => {
    const { user, scope } = await requireLeadership(db, req);
    const query = parseInput(teamImportQuerySchema, req.query);
    if (!Buffer.isBuffer(req.body)) {
      throw badRequest('Envie a planilha como text/csv (Content-Type: text/csv).');
    }
    res.json(await runTeamImport(db, { bytes: req.body, dryRun: query.dry_run === 'true', importer: user, scope, now: now() }));
  });

  return router;
}
