import { Router } from 'express';
import type { ApiContext } from '../apiContext.ts';

export function eventTypesRouter(_context: ApiContext): Router {
  return Router();
}
