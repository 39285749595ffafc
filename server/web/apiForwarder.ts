import http from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Logger } from '../logger.ts';

const UPSTREAM_UNAVAILABLE = JSON.stringify({
  error: { code: 'upstream_unavailable', message: 'O serviço de eventos está indisponível no momento. Tente novamente em instantes.' },
});

/** Headers about one connection, not the message: never passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/** Express's compiled `trust proxy` setting: is the peer at this address a proxy we believe? */
export type TrustFn = (address: string, hop: number) => boolean;

/** `/api` and everything under it — not `/apiary` or `/api-docs`, which are pages of the app. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * The X-Forwarded-* headers the API will read. What the client itself claims is kept only when it reached us
 * through a proxy we trust (TRUST_PROXY); otherwise a browser could make the API believe it came over HTTPS or
 * from another host. The same rules as Express's `req.protocol`.
 */
function forwardedHeaders(req: http.IncomingMessage, trusted: (peer: string) => boolean, headers: http.OutgoingHttpHeaders): void {
  const peer = req.socket.remoteAddress ?? '';
  const peerTrusted = trusted(peer);
  const own = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  const claimedFor = peerTrusted ? req.headers['x-forwarded-for'] : undefined;
  headers['x-forwarded-for'] = typeof claimedFor === 'string' && claimedFor ? `${claimedFor}, ${peer}` : peer;
  const claimedProto = peerTrusted ? req.headers['x-forwarded-proto'] : undefined;
  headers['x-forwarded-proto'] = typeof claimedProto === 'string' && claimedProto ? claimedProto.split(',')[0]!.trim() : own;
  if (!peerTrusted) delete headers['x-forwarded-host'];
  delete headers['x-forwarded-port'];
}

export interface ApiForwarderOptions {
  target: string;
  logger: Logger;
  trust: TrustFn;
  /** How long the API may take to start answering (ms). */
  timeoutMs?: number;
}

/**
 * Forwards a request for `/api/*` unchanged (method, path, query, Host, body as a stream) to the events API over
 * kept-alive connections, and streams the answer back. Written on node:http rather than through
 * http-proxy-middleware: measured under load, that stack cost the web host 0.8 ms of CPU per request against
 * 0.23 ms here, and the two-process portal answered half as many requests as the API alone.
 */
export function apiForwarder({ target, logger, trust, timeoutMs = 30_000 }: ApiForwarderOptions) {
  const upstream = new URL(target);
  // `timeout`: an idle kept-alive socket is closed by us after 60 s, before the API closes it (65 s, see
  // listen.ts). Without it Node keeps idle sockets forever and a busy host would reuse one the API had just
  // closed: 502s after a quiet minute (seen by `npm run bench`).
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

  const unavailable = (res: http.ServerResponse, error: Error) => {
    logger.warn({ err: error, target }, 'events API unreachable');
    if (res.headersSent) {
      // Part of an answer is already out: cut the connection so the client cannot take it for a whole one.
      res.destroy();
      return;
    }
    res.writeHead(502, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      // What the API itself sends with JSON: nothing in it may load or frame anything.
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
    res.end(UPSTREAM_UNAVAILABLE);
  };

  return (req: http.IncomingMessage, res: http.ServerResponse): void => {
    // Headers the client named in its Connection header are about its own connection too.
    const connection = req.headers.connection;
    const named = connection ? new Set(connection.toLowerCase().split(',').map((name) => name.trim())) : undefined;
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && !named?.has(name)) headers[name] = value;
    }
    forwardedHeaders(req, trusted, headers);
    const chunked = req.headers['transfer-encoding'] !== undefined;
    // A body of unknown length goes on chunked. Without the header, Node sends the body of a GET or DELETE
    // unframed, and the API would read it as a request of its own (smuggled past the trust rules above).
    if (chunked) headers['transfer-encoding'] = 'chunked';

    const forwarded = http.request({
      protocol: upstream.protocol,
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers,
      agent,
      timeout: timeoutMs,
    });
    forwarded.on('timeout', () => forwarded.destroy(new Error(`the events API did not answer in ${timeoutMs} ms`)));
    let clientGone = false;
    forwarded.on('error', (error) => {
      if (!clientGone) unavailable(res, error);
    });
    forwarded.on('response', (answer) => {
      const raw: string[] = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        if (!HOP_BY_HOP.has(answer.rawHeaders[i]!.toLowerCase())) raw.push(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!);
      }
      res.writeHead(answer.statusCode ?? 502, raw);
      answer.pipe(res);
      // The API died in the middle of its answer.
      answer.on('aborted', () => res.destroy());
      answer.on('error', () => res.destroy());
    });
    // The client went away: stop the API's work on its behalf.
    res.on('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      forwarded.destroy();
    });
    if (chunked || (req.headers['content-length'] ?? '0') !== '0') req.pipe(forwarded);
    else forwarded.end();
  };
}
