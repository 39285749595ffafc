import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../../server/db/isUniqueViolation.ts';
import { createTestUser } from '../../support/authAgent.ts';
import { departmentId } from '../../support/escalasFixtures.ts';
import { testDatabases, type TestDatabase } from '../../support/testDatabases.ts';

const AT = '2030-01-01T12:00:00.000Z';

/** Migration 019 (docs/data-model.md): at most one pending join request per member and team, kept by the database itself. */
describe.each(testDatabases)('join_requests on $name', ({ open }) => {
  let database: TestDatabase;
  let ids: { user_id: number; church_id: number; department_id: number };

  beforeAll(async () => {
    database = await open();
    const user = await createTestUser(database, { name: 'Ana Pede' });
    const church = await database.db.insertInto('churches').values({ name: 'Sede', name_key: 'sede', city: null, created_at: AT }).returning('id').executeTakeFirstOrThrow();
    ids = { user_id: user.id, church_id: church.id, department_id: await departmentId(database, 'Louvor') };
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('refuses a second pending request of the same member for the same team, and allows one once the first is decided', async () => {
    const first = await database.db.insertInto('join_requests').values({ ...ids, note: null, created_at: AT }).returning(['id', 'status']).executeTakeFirstOrThrow();
    expect(first.status).toBe('pending');
    const second = await database.db.insertInto('join_requests').values({ ...ids, note: null, created_at: AT }).execute().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(second)).toBe(true);
    await database.db.updateTable('join_requests').set({ status: 'declined', decided_at: AT }).where('id', '=', first.id).execute();
    await database.db.insertInto('join_requests').values({ ...ids, note: null, created_at: AT }).execute();
    expect(await database.db.selectFrom('join_requests').select('status').where('user_id', '=', ids.user_id).orderBy('id').execute()).toEqual([{ status: 'declined' }, { status: 'pending' }]);
  });

  it('keeps status to its three values', async () => {
    const bad = await database.db
      .insertInto('join_requests')
      .values({ ...ids, note: null, created_at: AT, status: 'maybe' as 'pending' })
      .execute()
      .then(
        () => 'inserted',
        () => 'refused',
      );
    expect(bad).toBe('refused');
  });
});
