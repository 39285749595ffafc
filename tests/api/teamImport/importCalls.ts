import { sql } from 'kysely';
import type request from 'supertest';
import type { Agent } from '../../support/authAgent.ts';
import type { TestDatabase } from '../../support/testDatabases.ts';

/** `POST /api/teams/import` with the file as text/csv (a string is sent as UTF-8, a Buffer as its bytes). */
export function postImport(agent: Agent, body: string | Buffer, options: { dryRun?: boolean } = {}): request.Test {
  return agent
    .post(`/api/teams/import${options.dryRun ? '?dry_run=true' : ''}`)
    .set('Content-Type', 'text/csv')
    .send(typeof body === 'string' ? Buffer.from(body, 'utf8') : body);
}

/** What the import writes, counted: memberships, their positions, invitations, queued e-mails, audit entries. */
export async function writtenCounts(database: TestDatabase) {
  const count = async (table: 'team_members' | 'team_member_positions' | 'invitations' | 'outbox' | 'audit_log') =>
    Number((await database.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  return {
    members: await count('team_members'),
    positions: await count('team_member_positions'),
    invitations: await count('invitations'),
    outbox: await count('outbox'),
    audit: await count('audit_log'),
  };
}
