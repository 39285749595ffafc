import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ScheduleConflict } from '../../../shared/schemas/escalas.ts';
import { httpStatusOf } from '../../app/api.ts';

/** An API error as a screen shows it: the code, the server's pt-BR message, and the conflicts when it has them. */
export interface PortalError {
  status: number | undefined;
  code: string;
  message: string;
  conflicts?: ScheduleConflict[];
}

export const NETWORK_ERROR_MESSAGE = 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isFetchError(error: unknown): error is FetchBaseQueryError {
  return isRecord(error) && 'status' in error;
}

/**
 * Reads `{ error: { code, message, conflicts? } }` from a failed call; `fallback` when the body has no such
 * shape (a proxy's HTML page, a crash), and a connection message when nothing came back at all.
 */
export function portalErrorOf(error: FetchBaseQueryError | SerializedError | undefined, fallback: string): PortalError {
  if (!isFetchError(error)) return { status: undefined, code: 'unknown', message: fallback };
  const status = httpStatusOf(error);
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
    return { status, code: 'network', message: NETWORK_ERROR_MESSAGE };
  }
  const body = isRecord(error.data) && isRecord(error.data.error) ? error.data.error : undefined;
  if (!body || typeof body.code !== 'string' || typeof body.message !== 'string') {
    return { status, code: 'unknown', message: fallback };
  }
  const conflicts = Array.isArray(body.conflicts) ? (body.conflicts as ScheduleConflict[]) : undefined;
  return { status, code: body.code, message: body.message, ...(conflicts ? { conflicts } : {}) };
}
