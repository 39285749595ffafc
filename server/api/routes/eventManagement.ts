import { Router } from 'express';
import type { ApiContext } from '../apiContext.ts';

export function eventManagementRouter(_context: ApiContext): Router {
  return Router();
}
