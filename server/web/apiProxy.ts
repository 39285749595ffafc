import http from 'node:http';
import type { Socket } from 'node:net';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from '../logger.ts';

const UPSTREAM_UNAVAILABLE = JSON.stringify({
  error: { code: 'upstream_unavailable', message: 'O serviço de eventos está indisponível no momento. Tente novamente em instantes.' },
});

/** `/api` and everything under it — not `/apiary` or `/api-docs`, which are pages of the app. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

type TrustFn = (address: string, index: number) => boolean;

/**
 * Writes the X-Forwarded-* headers the API will read. What the client itself claims is kept only when it
 * reached us through a proxy we trust (TRUST_PROXY); otherwise a browser could make the API believe it came
 * over HTTPS or from another host.
 */
function setForwardedHeaders(req: Request): void {
  const peer = req.socket.remoteAddress ?? '';
  const trust = req.app.get('trust proxy fn') as TrustFn | undefined;
  const peerTrusted = trust ? trust(peer, 0) : false;
  const claimedFor = peerTrusted ? req.headers['x-forwarded-for'] : undefined;
  req.headers['x-forwarded-for'] = typeof claimedFor === 'string' && claimedFor ? `${claimedFor}, ${peer}` : peer;
  // Express already applies the trust setting here: the first claimed protocol only from a trusted peer.
  req.headers['x-forwarded-proto'] = req.protocol;
  if (!peerTrusted) delete req.headers['x-forwarded-host'];
  delete req.headers['x-forwarded-port'];
}

/**
 * Forwards `/api/*` unchanged (path and Host) to the events API over kept-alive connections.
 * Mounted at the root with a path filter: `app.use('/api', …)` would strip the prefix.
 */
export function apiProxy(target: string, logger: Logger): RequestHandler {
  // `timeout`: an idle kept-alive socket is closed by us after 60 s, before the API closes it (65 s, see
  // listen.ts). Without it Node keeps idle sockets forever (it ignores the API's `Keep-Alive: timeout` hint
  // when the agent has no timeout), and a busy host would reuse one the API had just closed: 502s after a
  // quiet minute (seen by `npm run bench`).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 60_000 });
  const proxy = createProxyMiddleware({
    target,
    pathFilter: (pathname) => isApiPath(pathname),
    agent,
    xfwd: false,
    changeOrigin: false,
    // Hop-by-hop: a client's `Connection: close` is about its own socket, not ours to the API.
    headers: { connection: 'keep-alive' },
    proxyTimeout: 30_000,
    on: {
      error(error, _req, res) {
        logger.warn({ err: error, target }, 'events API unreachable');
        if (!('writeHead' in res)) {
          (res as Socket).destroy();
          return;
        }
        const response = res as http.ServerResponse;
        if (response.headersSent) {
          response.destroy();
          return;
        }
        response.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        response.end(UPSTREAM_UNAVAILABLE);
      },
    },
  }) as RequestHandler;
  return (req, res, next) => {
    if (!isApiPath(req.path)) return next();
    setForwardedHeaders(req);
    return proxy(req, res, next);
  };
}
