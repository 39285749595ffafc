import http from 'node:http';
import type { TLSSocket } from 'node:tls';
import { createProxyMiddleware, proxyEventsPlugin } from 'http-proxy-middleware';
import type { Logger } from '../platform/logger.ts';
import { apiTargets } from './apiTargets.ts';

/** Headers about one connection, not the message: never passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade'];

/** What the API itself sends with JSON: nothing in it may load or frame anything. */
const JSON_ERROR_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

const UPSTREAM_UNAVAILABLE = JSON.stringify({
  error: { code: 'upstream_unavailable', message: 'O serviço de eventos está indisponível no momento. Tente novamente em instantes.' },
});
const UPSTREAM_TIMEOUT = JSON.stringify({
  error: {
    code: 'upstream_timeout',
    message: 'O serviço de eventos demorou demais para responder. A ação pode ter sido salva: confira antes de tentar de novo.',
  },
});

/** Express's compiled `trust proxy` setting: is the peer at this address a proxy we believe? */
export type TrustFn = (address: string, hop: number) => boolean;

/** `/api` and everything under it — not `/apiary` or `/api-docs`, which are pages of the app. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

class UpstreamTimeout extends Error {}

export interface ApiProxyOptions {
  /** The events API, or several taken in turn (EVENTS_API_URL=a,b,c). */
  targets: readonly string[];
  logger: Logger;
  trust: TrustFn;
  /** How long the API may stay silent before the host gives up on it (ms). */
  timeoutMs?: number;
  /** The clock that times how long an API that refused a connection is passed over (apiTargets); tests set it. */
  now?: () => number;
}

/**
 * The design card's forwarding: http-proxy-middleware (on httpxy) sends `/api/*` unchanged — method, path, query,
 * Host and body as a stream — to the events API over kept-alive connections and streams the answer back. What
 * the library leaves to its user is done here: the hop-by-hop headers a client sent, X-Forwarded-* believed only
 * from trusted proxies (its own `xfwd` keeps whatever the client claimed), and JSON errors in the API's shape.
 */
export function apiProxy({ targets, logger, trust, timeoutMs = 30_000, now }: ApiProxyOptions): http.RequestListener {
  // `timeout`: an idle kept-alive socket is closed by us after 60 s, before the API closes it (65 s, see
  // listen.ts); otherwise a busy host would reuse a socket the API had just closed: 502s after a quiet minute.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 60_000 });

  // Parsing the peer's address against the trusted ranges on every request was a tenth of the host's CPU.
  const trustedPeers = new Map<string, boolean>();
  const trusted = (peer: string) => {
    let answer = trustedPeers.get(peer);
    if (answer === undefined) {
      answer = trust(peer, 0);
      if (trustedPeers.size >= 1024) trustedPeers.clear();
      trustedPeers.set(peer, answer);
    }
    return answer;
  };

  // Several APIs: http-proxy-middleware's router picks one per request (each keeps its own kept-alive sockets in
  // the agent's pool). The request remembers its API, for the error handler.
  const spread = targets.length > 1 ? apiTargets(targets, now) : undefined;
  const targetOf = new WeakMap<http.IncomingMessage, string>();
  const router = spread
    ? (req: http.IncomingMessage) => {
        const target = spread.pick();
        targetOf.set(req, target);
        return target;
      }
    : undefined;

  const proxy = createProxyMiddleware<http.IncomingMessage, http.ServerResponse>({
    target: targets[0],
    ...(router ? { router } : {}),
    agent,
    changeOrigin: false,
    xfwd: false,
    // No request logger (the API writes one line per request) and no plain-text error page (ours is JSON).
    ejectPlugins: true,
    plugins: [proxyEventsPlugin],
    on: {
      proxyReq: (proxyReq, req) => {
        // A request with a body of unknown length keeps httpxy's `Connection: close` (no reuse of a socket whose
        // framing a client chose); every other request keeps the upstream connection alive whatever the client said.
        const named = req.headers.connection?.toLowerCase().split(',').map((name) => name.trim()) ?? [];
        const keepConnectionHeader = req.headers['transfer-encoding'] !== undefined;
        for (const name of [...HOP_BY_HOP, ...named]) {
          if (name === 'connection' && keepConnectionHeader) continue;
          if (name !== 'transfer-encoding' && name !== '') proxyReq.removeHeader(name);
        }
        writeForwardedHeaders(req, proxyReq, trusted);
        proxyReq.setTimeout(timeoutMs, () => proxyReq.destroy(new UpstreamTimeout(`the events API did not answer in ${timeoutMs} ms`)));
      },
      proxyRes: (proxyRes) => {
        for (const name of HOP_BY_HOP) delete proxyRes.headers[name];
      },
      error: (error, req, res) => {
        const target = targetOf.get(req) ?? targets[0]!;
        spread?.failed(target, error);
        if (!(res instanceof http.ServerResponse)) return;
        const timedOut = error instanceof UpstreamTimeout;
        logger.warn({ err: error, target }, timedOut ? 'events API timed out' : 'events API unreachable');
        if (res.headersSent) {
          // Part of an answer is already out: cut the connection so the client cannot take it for a whole one.
          res.destroy();
          return;
        }
        if (res.destroyed) return;
        res.writeHead(timedOut ? 504 : 502, JSON_ERROR_HEADERS).end(timedOut ? UPSTREAM_TIMEOUT : UPSTREAM_UNAVAILABLE);
      },
    },
  });
  // Errors were answered by `on.error`; the library then calls `next(error)`, which has nothing left to do.
  const done = () => {};
  return (req, res) => void proxy(req, res, done);
}

/**
 * The X-Forwarded-* headers the API will read. What the client itself claims is kept only when it reached us
 * through a proxy we trust (TRUST_PROXY); otherwise a browser could make the API believe it came over HTTPS or
 * from another host. The same rules as Express's `req.protocol`.
 */
function writeForwardedHeaders(req: http.IncomingMessage, proxyReq: http.ClientRequest, trusted: (peer: string) => boolean): void {
  const peer = req.socket.remoteAddress ?? '';
  const peerTrusted = trusted(peer);
  const own = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  const claimedFor = peerTrusted ? req.headers['x-forwarded-for'] : undefined;
  proxyReq.setHeader('x-forwarded-for', typeof claimedFor === 'string' && claimedFor ? `${claimedFor}, ${peer}` : peer);
  const claimedProto = peerTrusted ? req.headers['x-forwarded-proto'] : undefined;
  proxyReq.setHeader('x-forwarded-proto', typeof claimedProto === 'string' && claimedProto ? claimedProto.split(',')[0]!.trim() : own);
  if (!peerTrusted) proxyReq.removeHeader('x-forwarded-host');
  proxyReq.removeHeader('x-forwarded-port');
}
