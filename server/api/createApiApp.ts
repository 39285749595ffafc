import express from 'express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import type { Config } from '../platform/config.ts';
import type { Database } from '../db/openDatabase.ts';
import type { Logger } from '../platform/logger.ts';
import { requestLogger } from '../http/requestLogger.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { errorHandler, notFoundHandler } from './errorHandler.ts';
import { csrfGuard } from './csrfGuard.ts';
import { loadSession } from '../accounts/loadSession.ts';
import { authRouter } from '../accounts/accountsRouter.ts';
import { escalasRouter } from '../escalas/escalasRouter.ts';
import { eventManagementRouter } from '../events/eventsRouter.ts';
import { eventsRouter } from '../events/publicEventReads.ts';
import { eventTypesRouter } from '../eventTypes/eventTypesRouter.ts';
import { publicCalendarRouter } from '../calendarFeeds/calendarFeedsRouter.ts';

export interface ApiAppOptions {
  database: Database;
  config: Config;
  logger: Logger;
  now?: () => Date;
}

/** The events API: JSON over the database, one router per resource. */
export function createApiApp(options: ApiAppOptions): express.Express {
  const context: ApiContext = { now: () => new Date(), ...options };
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.config.trustProxy);
  app.set('query parser', 'simple');

  app.use(requestLogger(options.logger));
  app.use(helmet({ contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } }));
  // The public reads of the events page need no body, cookie or session: answered before that work (a
  // member's events page no longer costs a session lookup per call).
  app.use(eventsRouter(context));
  // CSRF before parsing or authentication: a cross-site request is refused before anything reads it.
  app.use(csrfGuard);
  app.use(express.json({ limit: '100kb' }));
  app.use(cookieParser());
  app.use(loadSession(context));

  app.use(authRouter(context));
  app.use(eventTypesRouter(context));
  app.use(eventManagementRouter(context));
  app.use(publicCalendarRouter(context));
  app.use(escalasRouter(context));

  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}
