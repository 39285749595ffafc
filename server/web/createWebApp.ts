import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import { PASSWORD_RESET_PARAM } from '../../shared/passwordResetLink.ts';
import { portalRouteOf, SPEC_ROUTES } from '../../shared/portalRoutes.ts';
import { RESPONSE_LINK_PARAM } from '../../shared/responseLink.ts';
import { EMAIL_INVITATION_PARAM, INVITE_LINK_PARAM } from '../../shared/inviteLink.ts';
import type { Config } from '../platform/config.ts';
import type { Logger } from '../platform/logger.ts';
import { requestLogger } from '../http/requestLogger.ts';
import { apiProxy, isApiPath, type TrustFn } from './apiProxy.ts';
import { loadPortalPages, sendPrepared } from './pages.ts';
import { webSecurityHeaders } from './webSecurityHeaders.ts';

/** The query parameters that carry an e-mailed link's token: `/events?resposta=`, `/login?redefinir=`. */
const TOKEN_PARAMS = [RESPONSE_LINK_PARAM, PASSWORD_RESET_PARAM, INVITE_LINK_PARAM, EMAIL_INVITATION_PARAM];

// server/web/ in the sources and dist/server/ in the bundle `npm start` runs: both two levels below the root.
export const DEFAULT_CLIENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');

export interface WebAppOptions {
  config: Config;
  logger: Logger;
  clientDir?: string;
  /**
   * The events API's own request handler, when it runs in this process (`npm start`): `/api` requests go
   * straight to it instead of over a loopback connection to its port — half the CPU of a forwarded request.
   * The API then sees the client's own connection, and applies the same TRUST_PROXY rules to it.
   */
  localApi?: http.RequestListener;
  /** The clock of the forwarding to several APIs (apiProxy's `now`); Date.now unless a test sets it. */
  now?: () => number;
}

/**
 * The web host: the built SPA, its public config, and `/api` forwarded to the events API. The pages the build
 * pre-rendered are sent with the configuration written in (pages.ts), the other routes of ours
 * (shared/portalRoutes.ts) get the empty shell, and any other path that is no file of the build the same shell
 * with 404 (the client renders nothing there; docs/product.md §1, departure 5);
 * assets go out in the brotli or gzip copy the build wrote beside them when the browser accepts one.
 * `/api` requests are handed to the proxy (http-proxy-middleware) before Express sees them: no body parser
 * touches their streams and no header of the host's own is mixed into the API's answers.
 * The API writes the log line of every `/api` request.
 */
export function createWebApp({ config, logger, clientDir = DEFAULT_CLIENT_DIR, localApi, now }: WebAppOptions): http.RequestListener {
  const pages = loadPortalPages(clientDir, config);
  const app = express();
  app.disable('x-powered-by');
  // Whose X-Forwarded-* the host believes before it writes its own for the API (see apiProxy).
  app.set('trust proxy', config.trustProxy);

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          // Served over plain HTTP on a church's LAN too; forcing https there would break every asset.
          upgradeInsecureRequests: null,
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false,
    }),
  );
  app.use(webSecurityHeaders);
  // A page opened from an e-mailed link carries its token in the address: nothing it loads may send that address
  // on as `Referer` (docs/product.md §11). The page also takes the token out of the address once read.
  app.use((req, res, next) => {
    if (TOKEN_PARAMS.some((param) => Object.hasOwn(req.query, param))) res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  });
  app.use(requestLogger(logger));

  app.use(
    '/assets',
    expressStaticGzip(path.join(clientDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { fallthrough: false, immutable: true, maxAge: '365d' },
    }),
  );
  const sendShell: express.RequestHandler = (req, res) => sendPrepared(req, res, pages.shell);
  const sendMissing: express.RequestHandler = (req, res) => sendPrepared(req, res.status(404), pages.shell);
  const sendPage: express.RequestHandler = (req, res, next) => {
    const page = pages.byPath.get(req.path);
    if (page) sendPrepared(req, res, page);
    else next();
  };
  app.get([...SPEC_ROUTES], sendPage);
  app.get('/index.html', sendShell);
  const { manifest } = pages;
  if (manifest) app.get('/manifest.webmanifest', (req, res) => sendPrepared(req, res, manifest));
  // The build's page templates carry placeholders: never sent as they are.
  app.use('/prerendered', (req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? sendMissing(req, res, next) : next()));
  app.use(
    expressStaticGzip(clientDir, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { index: false, setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache') },
    }),
  );
  app.get('/{*splat}', (req, res, next) => (portalRouteOf(req.path) ? sendShell(req, res, next) : sendMissing(req, res, next)));
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Não encontrado.');
  });

  app.use(((error, _req, res, _next) => {
    const status = typeof error?.status === 'number' && error.status >= 400 && error.status <= 599 ? error.status : 500;
    if (status >= 500) logger.error({ err: error }, 'web host error');
    const message = status === 404 ? 'Arquivo não encontrado.' : status < 500 ? 'Requisição inválida.' : 'Erro interno.';
    res.status(status).type('text/plain').send(message);
  }) as express.ErrorRequestHandler);

  const forward = localApi ?? apiProxy({ targets: config.eventsApiUrls, timeoutMs: config.eventsApiTimeoutMs, logger, trust: app.get('trust proxy fn') as TrustFn, now });
  return (req, res) => {
    if (isApiPath(req.url ?? '')) forward(req, res);
    else app(req, res);
  };
}
