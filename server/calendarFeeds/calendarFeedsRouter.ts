import { Router } from 'express';
import { publicCalendarFeed } from './publicCalendarFeed.ts';
import type { ApiContext } from '../http/apiContext.ts';

/** The network's calendar for anyone to subscribe to (Google, Apple, Outlook): RFC 5545. */
export function publicCalendarRouter({ database, config, now }: ApiContext): Router {
  const router = Router();

  router.get('/api/calendar.ics', async (_req, res) => {
    const body = await publicCalendarFeed(database.db, { portalName: config.portalName, timeZone: config.timeZone, now: now() });
    res
      .type('text/calendar; charset=utf-8')
      .set({ 'Cache-Control': 'no-cache', 'Content-Disposition': 'inline; filename="calendario.ics"' })
      .send(body);
  });

  return router;
}
