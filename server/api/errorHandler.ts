import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isDatabaseUnavailable } from '../db/databaseUnavailable.ts';
import type { Logger } from '../platform/logger.ts';
import { notFound } from '../http/httpError.ts';
import { httpErrorOf } from './errorMapping.ts';

export const notFoundHandler: RequestHandler = () => {
  throw notFound('Caminho da API não encontrado.');
};

/** The one place errors become the `{ error: { code, message } }` shape (their meaning: errorMapping.ts). */
export const errorHandler = (logger: Logger): ErrorRequestHandler => (error: unknown, req, res, _next) => {
  const known = httpErrorOf(error);
  if (res.headersSent) {
    logger.error({ err: error, reqId: req.id }, 'error after the response started');
    res.destroy();
    return;
  }
  // An error is about this one request: never kept by a browser or a proxy, whatever the route had said.
  res.set('Cache-Control', 'no-store');
  if (known) {
    res.set(known.headers).status(known.status).json({ error: { code: known.code, message: known.message, ...known.extra } });
    return;
  }
  if (isDatabaseUnavailable(error)) {
    logger.error({ err: error, reqId: req.id }, 'database unavailable');
    res.status(503).set('Retry-After', '5').json({ error: { code: 'database_unavailable', message: 'O banco de dados está indisponível no momento. Tente novamente em instantes.' } });
    return;
  }
  logger.error({ err: error, reqId: req.id }, 'unexpected error');
  res.status(500).json({ error: { code: 'internal_error', message: 'Erro interno. Tente novamente em instantes.' } });
};
