import { sql } from 'kysely';
import request from 'supertest';
import type { AuditEntryView } from '../../../shared/schemas/audit.ts';
import { dialectOf } from '../../../server/db/dialect.ts';
import type { Database } from '../../../server/db/openDatabase.ts';
import type { Agent } from '../../support/authAgent.ts';
import type { Express } from 'express';

/** `GET /api/audit` as `agent` (an admin), with the query given; the entries. */
export async function auditEntries(agent: Agent, query: Record<string, string | number> = {}): Promise<AuditEntryView[]> {
  const res = await agent.get('/api/audit').query(query);
  if (res.status !== 200) throw new Error(`GET /api/audit: ${res.status} ${res.text}`);
  return res.body as AuditEntryView[];
}

/** The raw token of the password-reset link queued for `userId` (the outbox keeps it until the message is sent). */
export async function resetTokenOf(app: Express, database: Database, email: string, userId: number): Promise<string> {
  await request(app).post('/api/auth/password-reset').send({ email }).expect(202);
  const rows = await database.db.selectFrom('outbox').select('payload').where('recipient_id', '=', userId).where('kind', '=', 'password_reset').orderBy('id', 'desc').execute();
  return (JSON.parse(rows[0]!.payload) as { secret: string }).secret;
}

/**
 * Makes every `event` (insert, update or delete) on `table` fail inside its transaction, as a constraint would; the
 * returned function lifts it. A change whose transaction writes `table` after its audit entry then fails whole.
 */
export async function refuseWrites(database: Database, table: string, event: 'insert' | 'update' | 'delete'): Promise<() => Promise<void>> {
  const { db } = database;
  const trigger = sql.raw(`refuse_${table}_${event}`);
  const target = sql.raw(table);
  if (dialectOf(db) === 'postgres') {
    await sql`create or replace function refuse_write() returns trigger language plpgsql as $$ begin raise exception 'recusado pelo teste'; end $$`.execute(db);
    await sql`create trigger ${trigger} before ${sql.raw(event)} on ${target} for each row execute function refuse_write()`.execute(db);
    return async () => void (await sql`drop trigger ${trigger} on ${target}`.execute(db));
  }
  await sql`create trigger ${trigger} before ${sql.raw(event)} on ${target} begin select raise(abort, 'recusado pelo teste'); end`.execute(db);
  return async () => void (await sql`drop trigger ${trigger}`.execute(db));
}
