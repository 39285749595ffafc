import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ApiError } from '../../shared/schemas/common.ts';
import { httpStatusOf } from '../app/api.ts';

/** The `error` object of an API error: `{ code, message }` plus what that error carries (`conflicts`, `fields`, …). */
export type ApiErrorBody = ApiError['error'];

/** A failed call as a screen shows it. */
export interface PortalError {
  status: number | undefined;
  /** The API's code; `network` when nothing came back, `unknown` when the answer was no API error. */
  code: string;
  /** The API's pt-BR message, or the screen's own. */
  message: string;
  /** The API's error object, with that error's extras; absent when the answer was no API error. */
  body?: ApiErrorBody;
}

export const NETWORK_ERROR_MESSAGE = 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isFetchError(error: unknown): error is FetchBaseQueryError {
  return isRecord(error) && 'status' in error;
}

/** The contract's `apiErrorSchema`, checked by hand: zod would weigh on the first download. */
function isApiError(data: unknown): data is ApiError {
  return isRecord(data) && isRecord(data.error) && typeof data.error.code === 'string' && typeof data.error.message === 'string';
}

/**
 * The one reader of failed calls (a hook's `error`, or what `unwrap()` threw): `{ error: { code, message, … } }`
 * from the API; `fallback` when the answer has no such shape (a proxy's HTML page, a crash), and a connection
 * message when nothing came back at all.
 */
export function portalErrorOf(error: unknown, fallback: string): PortalError {
  if (!isFetchError(error)) return { status: undefined, code: 'unknown', message: fallback };
  const status = httpStatusOf(error);
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
    return { status, code: 'network', message: NETWORK_ERROR_MESSAGE };
  }
  if (!isApiError(error.data)) return { status, code: 'unknown', message: fallback };
  const body = error.data.error;
  return { status, code: body.code, message: body.message, body };
}

/**
 * What a form shows of a failed call: for a request the API found malformed in one of its fields (400
 * `invalid_request` with `fields`), that field's own sentence (`Informe um e-mail válido.`) rather than the
 * technical whole (`Requisição inválida (email): …`); otherwise the message.
 */
export function plainMessageOf(error: PortalError): string {
  const fields = error.code === 'invalid_request' ? error.body?.fields : undefined;
  if (isRecord(fields)) {
    const first = Object.values(fields).find((message): message is string => typeof message === 'string' && message !== '');
    if (first) return first;
  }
  return error.message;
}
