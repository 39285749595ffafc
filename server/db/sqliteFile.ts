import path from 'node:path';

/** The SQLite database file in a data folder. */
export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'koinonia.db');
}
