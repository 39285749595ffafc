import { Router } from 'express';
import { dayKeyOf } from '../../shared/dayKey.ts';
import { idParamSchema } from '../../shared/schemas/common.ts';
import { changeRoleRequestSchema, userSearchQuerySchema } from '../../shared/schemas/network.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { notFound } from '../http/httpError.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireAdmin } from '../http/requireUser.ts';
import { deleteAccount } from './deleteAccount.ts';
import { exportAccount } from './exportAccount.ts';
import { changeRole, searchUsers } from './roleChange.ts';
import { sendAccountExport } from './sendAccountExport.ts';

/** The admin's role screen (docs/product.md §8): find an account, give it the role member, leader or admin. */
export function usersRouter({ database, config, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;

  router.get('/api/users', async (req, res) => {
    requireAdmin(req);
    const { q } = parseInput(userSearchQuerySchema, req.query);
    res.json(await searchUsers(db, q));
  });

  // Takes effect on the account's next request: sessions read the role from the account each time.
  router.patch('/api/users/:id', async (req, res) => {
    const admin = requireAdmin(req);
    const id = parseInput(idParamSchema, req.params.id);
    const { role } = parseInput(changeRoleRequestSchema, req.body);
    const user = await changeRole(db, id, role, { actorId: admin.id, now: now() });
    if (!user) throw notFound('Usuário não encontrado.');
    res.json(user);
  });

  // docs/product.md §11: an admin answers a request received another way (by letter, in person).
  router.get('/api/users/:id/export', async (req, res) => {
    const admin = requireAdmin(req);
    const id = parseInput(idParamSchema, req.params.id);
    const data = await exportAccount(db, id, admin.id, now());
    if (!data) throw notFound('Usuário não encontrado.');
    sendAccountExport(res, data, `koinonia-dados-conta-${id}-${dayKeyOf(now(), config.timeZone)}.json`);
  });

  // No password: the admin acts on the person's request. An account removed already is 409 `already_deleted`.
  router.delete('/api/users/:id', async (req, res) => {
    const admin = requireAdmin(req);
    const id = parseInput(idParamSchema, req.params.id);
    if (!(await deleteAccount(db, { userId: id, actorId: admin.id }, now()))) throw notFound('Usuário não encontrado.');
    res.status(204).end();
  });

  return router;
}
