import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The secret of an e-mailed answer link (`/events?resposta=<token>` → `/api/responses/{token}`): 32 random
 * bytes, base64url (43 characters). One per allocation; only its SHA-256 is stored, so the raw value exists
 * only in the message that carries it, and the API never shows it to anyone.
 */
export const RESPONSE_TOKEN = /^[\w-]{43}$/;

export function hashResponseToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh token and the hash to store. */
export function newResponseToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashResponseToken(token) };
}

/**
 * Gives the allocation a new answer token and returns it raw (server-side only: for the invitation e-mail of
 * docs/product.md §7, and for tests). Every earlier token of the allocation stops working. Undefined when there is no
 * such allocation. Call it inside the transaction that writes the message, so the stored hash and the sent
 * link never disagree.
 */
export async function issueResponseToken(db: Kysely<DB> | Transaction<DB>, allocationId: number): Promise<string | undefined> {
  const { token, hash } = newResponseToken();
  const result = await db.updateTable('allocations').set({ response_token_hash: hash }).where('id', '=', allocationId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? token : undefined;
}
