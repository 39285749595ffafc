import type { Express, RequestHandler } from 'express';
import { HttpError, notFound } from '../http/httpError.ts';

/** The part of Express's router layers read here (router 2.x): a route's methods, a mounted router's stack. */
interface RouterLayer {
  match?: (path: string) => unknown;
  route?: { methods?: Record<string, boolean> };
  handle?: { stack?: unknown };
}

/** Every method some route of `stack` answers at `path`, mounted routers included (GET brings HEAD). */
function routeMethods(stack: RouterLayer[], path: string, found: Set<string>): Set<string> {
  for (const layer of stack) {
    if (typeof layer.match !== 'function' || !layer.match(path)) continue;
    if (layer.route) {
      for (const [method, answered] of Object.entries(layer.route.methods ?? {})) {
        if (answered && method !== '_all') found.add(method.toUpperCase());
      }
    } else if (Array.isArray(layer.handle?.stack)) {
      routeMethods(layer.handle.stack as RouterLayer[], path, found);
    }
  }
  if (found.has('GET')) found.add('HEAD');
  return found;
}

/**
 * OPTIONS in the API's own error shape. The API serves only its portal's origin (no CORS), so a preflight must
 * fail — and it does, with no Access-Control-* header — and no route answers OPTIONS: 405 with the path's
 * methods in `Allow`, or 404 for a path the API does not have. Express would otherwise answer its own text/plain.
 */
export function optionsAnswer(app: Express): RequestHandler {
  return (req, _res, next) => {
    if (req.method !== 'OPTIONS') return next();
    const stack = (app as unknown as { router?: { stack?: RouterLayer[] } }).router?.stack ?? [];
    const methods = [...routeMethods(stack, req.path, new Set())].sort();
    if (methods.length === 0) throw notFound('Caminho da API não encontrado.');
    throw new HttpError(405, 'method_not_allowed', 'A API não atende OPTIONS: use os métodos listados em Allow, a partir do próprio portal.', {}, { Allow: methods.join(', ') });
  };
}
