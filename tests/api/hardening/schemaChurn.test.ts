import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDatabase, type SharedDatabase } from '../../support/sharedDatabase.ts';
import { hasPostgres, TEST_DATABASE_URL } from '../../support/testDatabases.ts';

/**
 * Another session creating and dropping schemas in the same PostgreSQL database — another application's, or
 * another test run's — while the API starts: Kysely's migrator scans every schema's tables at each start, and a
 * schema dropped during that scan used to fail the start ("schema … does not exist"); now it looks at its own
 * schema only (server/db/ownSchemaDialect.ts). With Kysely's own introspector, about half of these starts failed.
 */
describe.runIf(hasPostgres)('PostgreSQL: the API starts while another session creates and drops schemas', () => {
  let shared: SharedDatabase;
  beforeAll(async () => {
    shared = await sharedDatabase('postgres');
  });
  afterAll(async () => {
    await shared.dispose();
  });

  it('opens (and checks its migrations) 40 times in a row, and at least as often as the schemas changed, without one failure', { timeout: 120_000 }, async () => {
    const churn = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await churn.connect();
    const prefix = `churn_${randomBytes(4).toString('hex')}`;
    let stop = false;
    let cycles = 0;
    let churnError: unknown;
    const churning = (async () => {
      while (!stop) {
        const schema = `${prefix}_${cycles % 4}`;
        await churn.query(`create schema if not exists ${schema}; create table if not exists ${schema}.t (a int)`);
        await churn.query(`drop schema ${schema} cascade`);
        cycles++;
      }
    })().catch((error: unknown) => {
      churnError = error;
    });
    const failures: string[] = [];
    let opens = 0;
    try {
      // Until both counts reach 40: the opens overlap the churn however fast either side runs on this machine.
      while ((opens < 40 || cycles < 40) && churnError === undefined) {
        try {
          const database = await shared.connect();
          await database.close();
        } catch (error) {
          failures.push(String(error));
        }
        opens++;
      }
    } finally {
      stop = true;
      await churning;
      for (let index = 0; index < 4; index++) await churn.query(`drop schema if exists ${prefix}_${index} cascade`);
      await churn.end();
    }
    expect(churnError).toBeUndefined();
    expect(failures).toEqual([]);
  });
});
