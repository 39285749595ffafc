import type { Kysely, Transaction } from 'kysely';
import { emailSchema } from '../../shared/schemas/auth.ts';
import type { DB } from '../db/schema.ts';
import type { CsvRow } from './parseTeamCsv.ts';
import { invitationKey, membershipKey, type ImportFacts } from './planTeamImport.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Values per `in (…)`: far below SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += CHUNK) out.push(items.slice(index, index + CHUNK));
  return out;
}

/**
 * What the plan checks the rows against, in a few queries whatever the file's size: the network's churches,
 * departments and positions (a catalogue of dozens), the accounts of the file's e-mails with their memberships, and
 * the pending invitations to those e-mails (docs/product.md §13). Read in the import's transaction when it writes.
 */
export async function teamImportFacts(db: Db, rows: readonly CsvRow[]): Promise<ImportFacts> {
  const emails = [...new Set(rows.flatMap((row) => {
    const email = emailSchema.safeParse(row.email);
    return email.success ? [email.data] : [];
  }))];
  const [churchRows, departmentRows, positionRows] = await Promise.all([
    db.selectFrom('churches').select(['id', 'name', 'name_key']).execute(),
    db.selectFrom('departments').select(['id', 'name', 'name_key']).execute(),
    db.selectFrom('positions').select(['id', 'name', 'name_key', 'department_id']).execute(),
  ]);
  const positions = new Map<number, Map<string, { id: number; name: string }>>();
  for (const row of positionRows) {
    const ofDepartment = positions.get(row.department_id) ?? new Map<string, { id: number; name: string }>();
    ofDepartment.set(row.name_key, { id: row.id, name: row.name });
    positions.set(row.department_id, ofDepartment);
  }

  const users = new Map<string, { id: number }>();
  const memberships = new Map<string, Set<number>>();
  const pendingInvitations = new Set<string>();
  for (const part of chunks(emails)) {
    const [accounts, invitations] = await Promise.all([
      db.selectFrom('users').select(['id', 'email']).where('email', 'in', part).where('deleted_at', 'is', null).execute(),
      // A read of invitations' table (server/invitations writes it): which of these addresses a team already waits for.
      db.selectFrom('invitations').select(['church_id', 'department_id', 'email']).where('email', 'in', part).where('status', '=', 'pending').execute(),
    ]);
    for (const account of accounts) users.set(account.email, { id: account.id });
    for (const invitation of invitations) pendingInvitations.add(invitationKey(invitation.church_id, invitation.department_id, invitation.email));
    const ids = accounts.map((account) => account.id);
    if (ids.length === 0) continue;
    const [members, memberPositions] = await Promise.all([
      db.selectFrom('team_members').select(['church_id', 'department_id', 'user_id']).where('user_id', 'in', ids).execute(),
      db.selectFrom('team_member_positions').select(['church_id', 'department_id', 'user_id', 'position_id']).where('user_id', 'in', ids).execute(),
    ]);
    for (const member of members) memberships.set(membershipKey(member.church_id, member.department_id, member.user_id), new Set());
    for (const row of memberPositions) memberships.get(membershipKey(row.church_id, row.department_id, row.user_id))?.add(row.position_id);
  }

  return {
    churches: new Map(churchRows.map((row) => [row.name_key, { id: row.id, name: row.name }])),
    departments: new Map(departmentRows.map((row) => [row.name_key, { id: row.id, name: row.name }])),
    positions,
    users,
    memberships,
    pendingInvitations,
  };
}

/** Of the invitations `ids`, those this import made: invited by `importer` at `now` (not another import's, meanwhile). */
export async function invitationsMadeBy(db: Db, ids: readonly number[], importer: number, now: Date): Promise<Set<number>> {
  const mine = new Set<number>();
  for (const part of chunks(ids)) {
    const rows = await db.selectFrom('invitations').select(['id', 'created_at']).where('id', 'in', part).where('invited_by', '=', importer).execute();
    for (const row of rows) if (new Date(row.created_at).getTime() === now.getTime()) mine.add(row.id);
  }
  return mine;
}
