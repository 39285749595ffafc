import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** `<user id>.<32 characters of base64url HMAC>`: 192 bits nobody can guess, and nothing to store per person. */
const TOKEN = /^(\d{1,10})\.([\w-]{32})$/;

const keys = new WeakMap<Kysely<DB>, Promise<Buffer>>();

/** The installation's unsubscribe key (migration 015), read once per database handle. */
export function unsubscribeKey(db: Kysely<DB>): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = db
      .selectFrom('installation')
      .select('unsubscribe_key')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
      .then((row) => Buffer.from(row.unsubscribe_key ?? '', 'hex'));
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const signatureOf = (key: Buffer, userId: number) => createHmac('sha256', key).update(`unsubscribe:${userId}`).digest('base64url').slice(0, 32);

/** The token of a person's one-click unsubscribe link (docs/product.md §7). */
export function unsubscribeToken(key: Buffer, userId: number): string {
  return `${userId}.${signatureOf(key, userId)}`;
}

/** The person a token was made for, or null for anything else. */
export function userOfUnsubscribeToken(key: Buffer, token: string): number | null {
  const match = TOKEN.exec(token);
  if (!match || key.length === 0) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(signatureOf(key, userId));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}
