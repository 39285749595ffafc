import { Router } from 'express';
import { NAME_KEY_MAX, nameKey } from '../../shared/nameKey.ts';
import { idParamSchema } from '../../shared/schemas/common.ts';
import { createChurchRequestSchema, updateChurchRequestSchema } from '../../shared/schemas/network.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { notFound } from '../http/httpError.ts';
import { refuseWhileInUse } from '../http/inUse.ts';
import { requireUsableNameKey } from '../http/nameKeyRules.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireAdmin } from '../http/requireUser.ts';
import { churchUses, deleteChurch, updateChurch } from './churchEdits.ts';
import { insertChurch, listChurches } from './churchQueries.ts';
import { ChurchExists } from './errors.ts';

/**
 * The churches of the network (docs/product.md §8, §12): everyone reads them (the events page filters by church),
 * admins add, rename, give a time zone, an address and service times, and delete them — a church with events or team
 * members is not deleted (409 `in_use`, saying what).
 */
export function churchesRouter({ database, config, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;
  const zone = config.timeZone;

  router.get('/api/churches', async (_req, res) => {
    res.json(await listChurches(db, zone));
  });

  router.post('/api/churches', async (req, res) => {
    requireAdmin(req);
    const { name, city, timezone, address, service_times } = parseInput(createChurchRequestSchema, req.body);
    requireUsableNameKey(nameKey(name), NAME_KEY_MAX, 'Informe o nome da igreja.');
    const church = await insertChurch(
      db,
      { name, city: city ?? null, timezone: timezone ?? null, address: address ?? null, service_times: service_times ?? null },
      now(),
      zone,
    );
    if (!church) throw new ChurchExists();
    res.status(201).json(church);
  });

  router.patch('/api/churches/:id', async (req, res) => {
    requireAdmin(req);
    const id = parseInput(idParamSchema, req.params.id);
    const changes = parseInput(updateChurchRequestSchema, req.body);
    if (changes.name !== undefined) requireUsableNameKey(nameKey(changes.name), NAME_KEY_MAX, 'Informe o nome da igreja.');
    const church = await updateChurch(db, id, changes, zone);
    if (church === 'exists') throw new ChurchExists();
    if (!church) throw notFound('Igreja não encontrada.');
    res.json(church);
  });

  router.delete('/api/churches/:id', async (req, res) => {
    requireAdmin(req);
    const id = parseInput(idParamSchema, req.params.id);
    const church = (await listChurches(db, zone)).find((entry) => entry.id === id);
    if (!church) throw notFound('Igreja não encontrada.');
    refuseWhileInUse(`A igreja ${church.name}`, await churchUses(db, id));
    await deleteChurch(db, id);
    res.status(204).end();
  });

  return router;
}
