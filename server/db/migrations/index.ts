import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_events.ts';
import * as m002 from './002_accounts.ts';

/** Every migration, in order. Kept in code so the bundle-free server needs no folder scanning. */
const migrations: Record<string, Migration> = {
  '001_events': m001,
  '002_accounts': m002,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
