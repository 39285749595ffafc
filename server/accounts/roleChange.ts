import { sql, type Kysely } from 'kysely';
import type { User } from '../../shared/schemas/auth.ts';
import { recordAudit } from '../audit/public.ts';
import { dialectOf } from '../db/dialect.ts';
import type { DB, Role } from '../db/schema.ts';
import { LastAdmin } from './errors.ts';

const USER_SEARCH_LIMIT = 20;

/**
 * Accounts whose name or email contains `q`, at most 20, by name, with their role (the admin's role screen); removed
 * accounts (docs/product.md §11) are left out. As the member search: the database narrows with an ASCII pattern (a
 * non-ASCII letter matches any one character) and JavaScript's toLowerCase decides.
 */
export async function searchUsers(db: Kysely<DB>, q: string | undefined): Promise<User[]> {
  const select = () => db.selectFrom('users').select(['id', 'name', 'email', 'role']).where('deleted_at', 'is', null).orderBy('name').orderBy('id');
  const term = q?.trim().toLowerCase();
  if (!term) return select().limit(USER_SEARCH_LIMIT).execute();
  const pattern = `%${Array.from(term, (c) => (/[\\%_]/.test(c) ? `\\${c}` : c.charCodeAt(0) < 0x80 ? c : '_')).join('')}%`;
  const rows = await select()
    .where(sql<boolean>`(lower(${sql.ref('users.name')}) like ${pattern} escape '\\' or lower(${sql.ref('users.email')}) like ${pattern} escape '\\')`)
    .limit(1000)
    .execute();
  return rows.filter((row) => row.name.toLowerCase().includes(term) || row.email.toLowerCase().includes(term)).slice(0, USER_SEARCH_LIMIT);
}

/**
 * Gives an account another role; undefined when there is no such account. The network never loses its last
 * admin (409 `last_admin`): admins are counted in the same transaction, under a lock on PostgreSQL. A change is
 * written to the audit log in that transaction (docs/product.md §11); setting the role it has changes nothing.
 */
export async function changeRole(db: Kysely<DB>, userId: number, role: Role, by: { actorId: number; now: Date }): Promise<User | undefined> {
  return db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${sql.lit(6_000_015)})`.execute(trx);
    const user = await trx.selectFrom('users').select(['id', 'name', 'email', 'role']).where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!user) return undefined;
    if (user.role === 'admin' && role !== 'admin') {
      const { count } = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('role', '=', 'admin')
        .executeTakeFirstOrThrow();
      if (Number(count) <= 1) throw new LastAdmin();
    }
    if (user.role !== role) {
      await recordAudit(trx, { actorId: by.actorId, action: 'role_changed', subjectId: userId, details: { from: user.role, to: role }, at: by.now.toISOString() });
      await trx.updateTable('users').set({ role }).where('id', '=', userId).execute();
    }
    return { ...user, role };
  });
}
