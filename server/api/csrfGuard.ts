import type { Request, RequestHandler } from 'express';
import { HttpError } from '../http/httpError.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const refuse = (message: string) => new HttpError(403, 'csrf', message);

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');
}

/**
 * The one call whose body is a spreadsheet (docs/product.md §13, §4): `text/csv`, like JSON a type a cross-site form
 * cannot send without a preflight. Exactly this method and path: anywhere else text/csv is refused as before.
 */
const isTeamImport = (req: Request) => req.method === 'POST' && req.path === '/api/teams/import' && Boolean(req.is('text/csv'));

/**
 * Refuses cross-site state changes before anything else looks at the request: a body must be JSON (which a
 * plain HTML form cannot send; the import's CSV excepted), and a browser's Origin / Sec-Fetch-Site must say the
 * same site. The Host the browser used reaches us unchanged through the web host's proxy; the scheme is
 * `req.protocol`, which believes X-Forwarded-Proto only from TRUST_PROXY (an `http://` page of the same host is
 * another origin than the `https://` portal, and may be anyone's on the network path).
 */
export const csrfGuard: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  if (hasBody(req.headers) && !req.is('application/json') && !isTeamImport(req)) {
    throw refuse('Envie o corpo da requisição como application/json.');
  }
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') throw refuse('Requisição de outro site recusada.');
  const origin = req.headers.origin;
  if (origin !== undefined) {
    let originUrl: URL;
    try {
      originUrl = new URL(origin);
    } catch {
      throw refuse('Origem da requisição inválida.');
    }
    // Host names are case-insensitive: the URL parser lower-cases the Origin's, so compare like with like.
    if (originUrl.host !== req.headers.host?.toLowerCase()) throw refuse('Requisição de outra origem recusada.');
    if (originUrl.protocol !== `${req.protocol}:`) throw refuse('Requisição de outra origem (http/https) recusada.');
  }
  next();
};
