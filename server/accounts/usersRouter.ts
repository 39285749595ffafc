import { Router } from 'express';
import { idParamSchema } from '../../shared/schemas/common.ts';
import { changeRoleRequestSchema, userSearchQuerySchema } from '../../shared/schemas/network.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { notFound } from '../http/httpError.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireAdmin } from '../http/requireUser.ts';
import { changeRole, searchUsers } from './roleChange.ts';

/** The admin's role screen (docs/product.md §8): find an account, give it the role member, leader or admin. */
export function usersRouter({ database, now }: ApiContext): Router {
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

  return router;
}
