import { Router, type Request } from 'express';
import { z } from 'zod';
// The one edge between resources (eslint/serverBoundaries.js): a member's feed lists the events of their escala.
import { listMyEvents } from '../escalas/public.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { notFound } from '../http/httpError.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireUser } from '../http/requireUser.ts';
import { findCalendarOwner, findCalendarToken, newCalendarToken, replaceCalendarToken } from './calendarTokenQueries.ts';
import { eventSequences } from './eventSequences.ts';
import { memberCalendar } from './memberCalendar.ts';
import { publicCalendarFeed } from './publicCalendarFeed.ts';

const calendarTokenQuerySchema = z.strictObject({ token: z.string().max(100) });
/** The shape of every token we hand out (base64url); anything else cannot be one, so it is not looked up. */
const CALENDAR_TOKEN = /^[\w-]{1,64}$/;

/**
 * The personal feed's address, to paste into a calendar app: under PUBLIC_URL when it is set; otherwise the
 * address this request came to (scheme per a trusted X-Forwarded-Proto), which a forged Host would bend.
 */
function feedUrl(req: Request, publicUrl: string | undefined, token: string): string {
  return `${publicUrl ?? `${req.protocol}://${req.get('host')}`}/api/me/calendar.ics?token=${token}`;
}

/**
 * RFC 5545 calendars for Google, Apple or Outlook to subscribe to: the network's public calendar, and each
 * member's escala behind a secret token (which the member creates and replaces from the account hub).
 */
export function calendarFeedsRouter({ database, config, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;

  router.get('/api/calendar.ics', async (_req, res) => {
    const body = await publicCalendarFeed(db, { portalName: config.portalName, timeZone: config.timeZone, now: now() });
    res
      .type('text/calendar; charset=utf-8')
      .set({ 'Cache-Control': 'no-cache', 'Content-Disposition': 'inline; filename="calendario.ics"' })
      .send(body);
  });

  router.get('/api/me/calendar-token', async (req, res) => {
    const user = requireUser(req);
    const token = await findCalendarToken(db, user.id);
    // GET never changes state: without a token yet, the account hub offers to create one (POST).
    res.json({ url: token ? feedUrl(req, config.publicUrl, token) : null });
  });

  router.post('/api/me/calendar-token', async (req, res) => {
    const user = requireUser(req);
    const token = newCalendarToken();
    await replaceCalendarToken(db, user.id, token, now());
    res.status(201).json({ url: feedUrl(req, config.publicUrl, token) });
  });

  router.get('/api/me/calendar.ics', async (req, res) => {
    const { token } = parseInput(calendarTokenQuerySchema, req.query);
    if (!CALENDAR_TOKEN.test(token)) throw notFound('Calendário não encontrado.');
    const owner = await findCalendarOwner(db, token);
    if (!owner) throw notFound('Calendário não encontrado.');
    const events = await listMyEvents(db, owner.id, now(), config.timeZone);
    const sequences = await eventSequences(db, events.map((event) => event.id));
    res
      .type('text/calendar; charset=utf-8')
      .set('Cache-Control', 'private, max-age=300')
      .send(memberCalendar(config.portalName, owner.name, events, sequences));
  });

  return router;
}
