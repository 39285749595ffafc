import { Router } from 'express';
import { passwordResetRequestSchema, passwordResetSchema } from '../../shared/schemas/notifications.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { parseInput } from '../http/parseInput.ts';
import { requestPasswordReset, resetPassword } from './passwordReset.ts';

/** `/api/auth/password-reset`: the e-mailed way back into an account (docs/product.md §1 departure 4). */
export function passwordResetRouter({ database, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;

  router.post('/api/auth/password-reset', async (req, res) => {
    const { email } = parseInput(passwordResetRequestSchema, req.body);
    await requestPasswordReset(db, { email, address: req.ip ?? 'unknown', now: now() });
    // Always the same answer: whether an account has the email is not told.
    res.status(202).json({ message: 'Se houver uma conta com este email, enviamos um link para redefinir a senha.' });
  });

  router.post('/api/auth/password-reset/:token', async (req, res) => {
    const { password } = parseInput(passwordResetSchema, req.body);
    await resetPassword(db, String(req.params.token), password, now());
    res.status(204).end();
  });

  return router;
}
