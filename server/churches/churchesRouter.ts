import { Router } from 'express';
import { NAME_KEY_MAX, nameKey } from '../../shared/nameKey.ts';
import { createChurchRequestSchema } from '../../shared/schemas/network.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { badRequest } from '../http/httpError.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireAdmin } from '../http/requireUser.ts';
import { insertChurch, listChurches } from './churchQueries.ts';
import { ChurchExists } from './errors.ts';

/** The churches of the network (docs/product.md §8): everyone reads them (the events page filters by church), admins add. */
export function churchesRouter({ database, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;

  router.get('/api/churches', async (_req, res) => {
    res.json(await listChurches(db));
  });

  router.post('/api/churches', async (req, res) => {
    requireAdmin(req);
    const { name, city } = parseInput(createChurchRequestSchema, req.body);
    const key = nameKey(name);
    // A name of accents alone would leave nothing to compare; a few scripts grow when their accents are removed.
    if (key === '') throw badRequest('Requisição inválida (name): o nome precisa ter ao menos uma letra.', { fields: { name: 'Informe o nome da igreja.' } });
    if (key.length > NAME_KEY_MAX) throw badRequest('Requisição inválida (name): o nome é longo demais.', { fields: { name: 'O nome é longo demais.' } });
    const church = await insertChurch(db, name, city ?? null, now());
    if (!church) throw new ChurchExists();
    res.status(201).json(church);
  });

  return router;
}
