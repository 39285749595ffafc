import { createHash } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { ApiContext } from '../http/apiContext.ts';
import { HttpError } from '../http/httpError.ts';
import {
  claimIdempotencyKey,
  deleteIdempotencyKeysBefore,
  findIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
  takeOverAbandonedKey,
} from './idempotencyQueries.ts';

/**
 * POSTs whose answer carries a secret that exists only in that answer (an invitation link's token, a personal feed's
 * address; docs/product.md §11, §13): never stored for a replay — the database keeps only tokens' hashes. A retry
 * makes another link or address, which the person can revoke.
 */
const SECRET_ANSWERS = [/^\/api\/teams\/\d+\/\d+\/invite-links\/?$/i, /^\/api\/me\/calendar-token\/?$/i];

/** Visible ASCII, as clients generate them (UUIDs, ULIDs…). */
const KEY = /^[\x21-\x7e]{8,200}$/;
/** How long a key is remembered: a retry comes within minutes; a day covers a phone that was offline. */
const KEEP_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * A signed-in user's POST that carries an `Idempotency-Key` header is answered once: a retry with the same key
 * and the same request gets the first answer back (`Idempotent-Replayed: true`) instead of writing again —
 * what a client needs when the web host gave up waiting (504) but the API went on and saved. Only a success is
 * kept: a refusal wrote nothing, and the same request sent again is asked anew (the member may have registered
 * since, the leader may have lost the role). The key is claimed before the handler runs, so two copies of
 * one request racing each other run it once (the second is told to wait: 409) — unless the claim is older than the
 * request time limit without an answer: its API died, and the retry runs the request again. Answers that carry a
 * secret are never kept (SECRET_ANSWERS).
 */
export function idempotencyKeys({ database, config, now, logger }: ApiContext): RequestHandler {
  const { db } = database;
  let lastPrune = 0;
  /**
   * A claim without an answer older than this was left by an API that died (or stopped) while running the
   * request: the web host gave up waiting for the answer after the same time (EVENTS_API_TIMEOUT_SECONDS, a 504),
   * so the client's retry runs it again instead of hearing "in progress" until the key is forgotten a day later.
   */
  const abandonedAfterMs = config.eventsApiTimeoutMs;
  return async (req, res, next) => {
    const key = req.get('idempotency-key');
    if (key === undefined || req.method !== 'POST' || !req.user || SECRET_ANSWERS.some((path) => path.test(req.path))) return next();
    if (!KEY.test(key)) {
      throw new HttpError(400, 'invalid_request', 'Idempotency-Key inválida: use de 8 a 200 caracteres visíveis (por exemplo um UUID).');
    }
    const userId = req.user.id;
    const requestHash = createHash('sha256').update(`${req.method} ${req.originalUrl}\n${JSON.stringify(req.body ?? null)}`).digest('hex');

    const at = now();
    if (!(await claimIdempotencyKey(db, userId, key, requestHash, at))) {
      const stored = await findIdempotencyKey(db, userId, key);
      if (stored && stored.requestHash !== requestHash) {
        throw new HttpError(422, 'idempotency_key_reused', 'Esta Idempotency-Key já foi usada com outra requisição.');
      }
      const abandoned =
        stored !== undefined &&
        stored.statusCode === null &&
        (await takeOverAbandonedKey(db, userId, key, requestHash, new Date(at.getTime() - abandonedAfterMs), at));
      if (!abandoned) {
        if (!stored || stored.statusCode === null || stored.responseBody === null) {
          throw new HttpError(409, 'idempotency_in_progress', 'A mesma ação ainda está sendo processada. Aguarde um instante e confira.');
        }
        res.status(stored.statusCode).set('Idempotent-Replayed', 'true');
        if (stored.responseBody === '') res.end();
        else res.type('application/json').send(stored.responseBody);
        return;
      }
      logger.warn({ reqId: req.id, claimedAt: stored.claimedAt }, 'idempotency key claimed by a request that never answered: running it again');
    }

    const time = now().getTime();
    if (time - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = time;
      deleteIdempotencyKeysBefore(db, new Date(time - KEEP_MS)).catch((error: unknown) => logger.warn({ err: error }, 'could not prune idempotency keys'));
    }
    rememberAnswer(res, async (statusCode, body) => {
      try {
        if (statusCode >= 200 && statusCode < 300) await storeIdempotentAnswer(db, userId, key, statusCode, body);
        else await releaseIdempotencyKey(db, userId, key);
      } catch (error) {
        logger.warn({ err: error, reqId: req.id }, 'could not store the answer of an idempotent request');
      }
    });
    next();
  };
}

/**
 * Runs `remember` with a JSON answer before it is sent, so a retry arriving right after finds it stored; an
 * answer without a body (204) is remembered as it finishes.
 */
function rememberAnswer(res: Response, remember: (statusCode: number, body: string) => Promise<void>): void {
  const send = res.json.bind(res);
  let remembered = false;
  res.json = (body: unknown) => {
    remembered = true;
    void remember(res.statusCode, JSON.stringify(body)).finally(() => send(body));
    return res;
  };
  res.on('finish', () => {
    if (!remembered) void remember(res.statusCode, '');
  });
}
