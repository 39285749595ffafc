import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isDatabaseUnavailable } from '../db/databaseUnavailable.ts';
import type { Logger } from '../platform/logger.ts';
import { HttpError, notFound } from '../http/httpError.ts';

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
}

function fromBodyParser(error: BodyParserError): HttpError | undefined {
  switch (error.type) {
    case 'entity.parse.failed':
      return new HttpError(400, 'invalid_request', 'O corpo da requisição não é um JSON válido.');
    case 'entity.too.large':
      return new HttpError(413, 'payload_too_large', 'O corpo da requisição passa do limite de 100 kB.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(400, 'invalid_request', 'Codificação do corpo não suportada; use UTF-8.');
    case 'request.aborted':
      return new HttpError(400, 'invalid_request', 'A requisição foi interrompida.');
    default:
      return fromClientStatus(error);
  }
}

/**
 * Other client errors raised by Express itself or its parsers (a path with a malformed %-escape, a body whose
 * gzip is corrupt or whose length does not match Content-Length, ...): the client's fault, never a 500.
 */
function fromClientStatus(error: BodyParserError): HttpError | undefined {
  const status = error?.status ?? error?.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  if (status === 413) return new HttpError(413, 'payload_too_large', 'O corpo da requisição passa do limite de 100 kB.');
  return new HttpError(400, 'invalid_request', 'Requisição malformada.');
}

export const notFoundHandler: RequestHandler = () => {
  throw notFound('Caminho da API não encontrado.');
};

/** The one place errors become the `{ error: { code, message } }` shape. */
export const errorHandler = (logger: Logger): ErrorRequestHandler => (error: unknown, req, res, _next) => {
  const known = error instanceof HttpError ? error : fromBodyParser((error ?? {}) as BodyParserError);
  if (res.headersSent) {
    logger.error({ err: error, reqId: req.id }, 'error after the response started');
    res.destroy();
    return;
  }
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
