import type { Kysely, Transaction } from 'kysely';
import type { TeamSettings } from '../../shared/schemas/openPlaces.ts';
import type { DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** A team's settings (docs/product.md §10); a team without a row has the defaults: no self sign-up. */
export async function findTeamSettings(db: Db, churchId: number, departmentId: number): Promise<TeamSettings> {
  const row = await db.selectFrom('team_settings').select('self_signup').where('church_id', '=', churchId).where('department_id', '=', departmentId).executeTakeFirst();
  return { church_id: churchId, department_id: departmentId, self_signup: row?.self_signup === 1 };
}

export async function saveTeamSettings(db: Db, churchId: number, departmentId: number, settings: { self_signup: boolean }, now: Date): Promise<TeamSettings> {
  const values = { self_signup: settings.self_signup ? 1 : 0, updated_at: now.toISOString() };
  await db
    .insertInto('team_settings')
    .values({ church_id: churchId, department_id: departmentId, ...values })
    .onConflict((oc) => oc.columns(['church_id', 'department_id']).doUpdateSet(values))
    .execute();
  return findTeamSettings(db, churchId, departmentId);
}

/** The teams that let their members sign themselves up, as `church:department` keys. */
export async function selfSignupTeams(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('team_settings').select(['church_id', 'department_id']).where('self_signup', '=', 1).execute();
  return new Set(rows.map((row) => `${row.church_id}:${row.department_id}`));
}
