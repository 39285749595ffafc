import { Router } from 'express';
import type { ApiContext } from '../apiContext.ts';

export function publicCalendarRouter(_context: ApiContext): Router {
  return Router();
}
