import express from 'express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import { accountsRouter } from '../accounts/accountsRouter.ts';
import { auditRouter } from '../audit/auditRouter.ts';
import { usersRouter } from '../accounts/usersRouter.ts';
import { loadSession } from '../accounts/loadSession.ts';
import { availabilityRouter } from '../availability/availabilityRouter.ts';
import { calendarFeedsRouter } from '../calendarFeeds/calendarFeedsRouter.ts';
import { catalogRouter } from '../escalas/catalogRouter.ts';
import { churchesRouter } from '../churches/churchesRouter.ts';
import { coverRequestsRouter } from '../coverRequests/coverRequestsRouter.ts';
import type { Database } from '../db/openDatabase.ts';
import { escalasRouter } from '../escalas/escalasRouter.ts';
import { eventsRouter } from '../events/eventsRouter.ts';
import { publicEventReads } from '../events/publicEventReads.ts';
import { eventTypesRouter } from '../eventTypes/eventTypesRouter.ts';
import { notificationsRouter } from '../notifications/notificationsRouter.ts';
import { unsubscribeRouter } from '../notifications/unsubscribeRouter.ts';
import { passwordResetRouter } from '../passwordReset/passwordResetRouter.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { requestLogger } from '../http/requestLogger.ts';
import type { Config } from '../platform/config.ts';
import type { Logger } from '../platform/logger.ts';
import { needsRouter } from '../needs/needsRouter.ts';
import { responsesRouter } from '../responses/responsesRouter.ts';
import { teamsRouter } from '../teams/teamsRouter.ts';
import { teamImportBody } from '../teamImport/teamImportBody.ts';
import { teamImportRouter } from '../teamImport/teamImportRouter.ts';
import { joinRequestsRouter } from '../joinRequests/joinRequestsRouter.ts';
import { invitationsRouter } from '../invitations/invitationsRouter.ts';
import { openPlacesRouter } from '../openPlaces/openPlacesRouter.ts';
import { apiSecurityHeaders, noStore } from './apiHeaders.ts';
import { csrfGuard } from './csrfGuard.ts';
import { errorHandler, notFoundHandler } from './errorHandler.ts';
import { idempotencyKeys } from './idempotencyKeys.ts';
import { optionsAnswer } from './optionsAnswer.ts';
import { sessionlessPublicReads } from './sessionlessPublicReads.ts';
import { draftsRouter } from '../drafts/draftsRouter.ts';

export interface ApiAppOptions {
  database: Database;
  config: Config;
  logger: Logger;
  now?: () => Date;
}

/**
 * Answers of 1 KB or more go out brotli- or gzip-compressed to clients that accept it (the event lists, a
 * leader's allocations, the iCalendar feeds — calendar clients ask for gzip and read it); smaller ones as they
 * are. Only answers whose length is known: the streamed full list (sendJsonArray) waits for its client on
 * `drain`, which the compression stream does not pass on cleanly. A request that accepts no encoding skips the
 * middleware altogether: its per-request wrapping alone cost a fifth of the throughput in a load test.
 */
const compressWhenWorthIt = compression({
  threshold: 1024,
  filter: (req, res) => res.getHeader('Content-Length') !== undefined && compression.filter(req, res),
});
const compressAnswers: express.RequestHandler = (req, res, next) => {
  if (req.headers['accept-encoding']) compressWhenWorthIt(req, res, next);
  else next();
};

/** The events API: JSON over the database, one router per resource. */
export function createApiApp(options: ApiAppOptions): express.Express {
  const context: ApiContext = { now: () => new Date(), ...options };
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.config.trustProxy);
  app.set('query parser', 'simple');

  app.use(requestLogger(options.logger));
  app.use(apiSecurityHeaders);
  app.use(compressAnswers);
  app.use(optionsAnswer(app));
  // Before the chain below, and only the GETs sessionlessPublicReads lists (a member's events page costs no
  // session lookup per call). Every resource router goes after the chain.
  app.use(sessionlessPublicReads(publicEventReads(context)));
  // The public reads above keep their ETag revalidation; nothing after them may be stored.
  app.use(noStore);
  // CSRF before parsing or authentication: a cross-site request is refused before anything reads it.
  // Before the CSRF guard: a mail provider's one-click POST comes from another site (RFC 8058).
  app.use(unsubscribeRouter(context));
  app.use(csrfGuard);
  app.use(express.json({ limit: '100kb' }));
  app.use(cookieParser());
  app.use(loadSession(context));
  // The one body that is not JSON (a spreadsheet of up to 2 MB, docs/product.md §13), read before the Idempotency-Key check.
  app.post('/api/teams/import', teamImportBody);
  app.use(idempotencyKeys(context));

  app.use(accountsRouter(context));
  app.use(eventTypesRouter(context));
  app.use(eventsRouter(context));
  app.use(calendarFeedsRouter(context));
  app.use(escalasRouter(context));
  app.use(needsRouter(context));
  app.use(draftsRouter(context));
  app.use(responsesRouter(context));
  app.use(coverRequestsRouter(context));
  app.use(availabilityRouter(context));
  app.use(notificationsRouter(context));
  app.use(passwordResetRouter(context));
  app.use(usersRouter(context));
  app.use(churchesRouter(context));
  app.use(catalogRouter(context));
  app.use(teamsRouter(context));
  app.use(teamImportRouter(context));
  app.use(joinRequestsRouter(context));
  app.use(invitationsRouter(context));
  app.use(openPlacesRouter(context));
  app.use(auditRouter(context));

  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}
