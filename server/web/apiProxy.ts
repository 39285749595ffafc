import http from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from '../logger.ts';

const UPSTREAM_UNAVAILABLE = JSON.stringify({
  error: { code: 'upstream_unavailable', message: 'O serviço de eventos está indisponível no momento. Tente novamente em instantes.' },
});

/**
 * Forwards `/api/*` unchanged (path and Host) to the events API over kept-alive connections.
 * Mounted at the root with a path filter: `app.use('/api', …)` would strip the prefix.
 */
export function apiProxy(target: string, logger: Logger): RequestHandler {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });
  return createProxyMiddleware({
    target,
    pathFilter: '/api',
    agent,
    xfwd: true,
    changeOrigin: false,
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
}
