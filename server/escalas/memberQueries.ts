import { sql, type Kysely, type Transaction } from 'kysely';
import type { Member } from '../../shared/schemas/escalas.ts';
import { dialectOf } from '../db/dialect.ts';
import type { DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

export async function findMember(db: Db, ref: number | string): Promise<Member | undefined> {
  // A removed account (docs/product.md §11) is nobody: it cannot be found, allocated or searched.
  const query = db.selectFrom('users').select(['id', 'name', 'email']).where('deleted_at', 'is', null);
  return (typeof ref === 'number' ? query.where('id', '=', ref) : query.where('email', '=', ref)).executeTakeFirst();
}

/** The members with these ids (those that exist), by id: a batch of allocations looks them up at once. */
export async function findMembersByIds(db: Db, ids: readonly number[]): Promise<Map<number, Member>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).where('deleted_at', 'is', null).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** How many members a search answers with. */
export const MEMBER_SEARCH_LIMIT = 20;
const MEMBER_SEARCH_PAGE = 200;

/**
 * Members whose name or email contains `q` (case-insensitive, `%`, `_` and `\` taken literally), at most `limit`
 * (20), by name.
 *
 * SQLite's lower() and LIKE fold only ASCII letters (so does PostgreSQL under a C locale), which would miss
 * "Érica" for "érica". The database therefore narrows the list with a pattern in which every non-ASCII
 * character of the term is a one-character wildcard, and JavaScript's toLowerCase decides, a page at a time.
 */
export async function searchMembers(db: Db, q: string | undefined, limit = MEMBER_SEARCH_LIMIT): Promise<Member[]> {
  const select = () => db.selectFrom('users').select(['id', 'name', 'email']).where('deleted_at', 'is', null).orderBy('name').orderBy('id');
  const term = q?.trim().toLowerCase();
  if (!term) return select().limit(limit).execute();

  const pattern = `%${Array.from(term, (c) => (/[\\%_]/.test(c) ? `\\${c}` : c.charCodeAt(0) < 0x80 ? c : '_')).join('')}%`;
  const matches: Member[] = [];
  let after: Member | undefined;
  for (;;) {
    let query = select().where(
      sql<boolean>`(lower(${sql.ref('users.name')}) like ${pattern} escape '\\' or lower(${sql.ref('users.email')}) like ${pattern} escape '\\')`,
    );
    if (after) {
      const { name, id } = after;
      query = query.where((eb) => eb.or([eb('users.name', '>', name), eb.and([eb('users.name', '=', name), eb('users.id', '>', id)])]));
    }
    const rows = await query.limit(MEMBER_SEARCH_PAGE).execute();
    for (const row of rows) {
      if (row.name.toLowerCase().includes(term) || row.email.toLowerCase().includes(term)) {
        matches.push(row);
        if (matches.length === limit) return matches;
      }
    }
    if (rows.length < MEMBER_SEARCH_PAGE) return matches;
    after = rows[rows.length - 1];
  }
}

/**
 * `lockMember` for several members, in id order (two batches that share people take them in the same order, so
 * they wait for each other instead of deadlocking).
 */
export async function lockMembers(trx: Transaction<DB>, memberIds: readonly number[]): Promise<void> {
  if (memberIds.length === 0 || dialectOf(trx) !== 'postgres') return;
  await trx.selectFrom('users').select('id').where('id', 'in', [...memberIds].sort((a, b) => a - b)).orderBy('id').forNoKeyUpdate().execute();
}

/** Serialises allocations of one member: concurrent requests for the same person wait here, in turn. */
export async function lockMember(trx: Transaction<DB>, memberId: number): Promise<void> {
  // SQLite runs one write transaction at a time already; PostgreSQL needs the row lock.
  // FOR NO KEY UPDATE, not FOR UPDATE: it still queues allocations of this member, but does not block the
  // foreign-key checks (FOR KEY SHARE) of other inserts that name this user as `allocated_by`. With FOR UPDATE,
  // leader A allocating B while B allocates A deadlocked: each held the other's row against its own check.
  if (dialectOf(trx) === 'postgres') {
    await trx.selectFrom('users').select('id').where('id', '=', memberId).forNoKeyUpdate().execute();
  }
}
