import { Router } from 'express';
import type { ApiContext } from '../apiContext.ts';

export function escalasRouter(_context: ApiContext): Router {
  return Router();
}
