import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_events.ts';

/** Every migration, in order. Kept in code so the bundle-free server needs no folder scanning. */
const migrations: Record<string, Migration> = {
  '001_events': m001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
