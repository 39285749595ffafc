import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { DB } from './schema.ts';
import { sqliteFile, type Database } from './openDatabase.ts';

/**
 * Kysely prepares every query anew; the same few SQL texts recur on every request, so their prepared
 * statements are kept (a statement still being iterated by a stream is never handed out twice).
 */
function withStatementCache(sqlite: SQLite.Database, max = 256): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const cached = statements.get(text);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(text);
      if (statements.size >= max) statements.delete(statements.keys().next().value!);
      statements.set(text, statement);
      return statement;
    },
  };
}

export function openSqlite(dataDir: string): Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(sqliteFile(dataDir));
  sqlite.pragma('journal_mode = WAL');
  // FULL: a write acknowledged to a leader survives even a power cut, not only a crash of the process.
  // Writes here are a few per minute, so the extra fsync costs nothing anyone notices.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  // data_version moves when another connection (another process on this file) commits; total_changes()
  // when this one writes. Together they tell, in a few microseconds, whether anything changed. Asked through
  // Kysely, so never from inside a transaction of this process (whose snapshot would hide other commits).
  const probe = CompiledQuery.raw('select data_version as other, total_changes() as own from pragma_data_version');
  const dataVersion = async () => {
    const { other, own } = (await db.executeQuery<{ other: number; own: number }>(probe)).rows[0]!;
    return `${other}:${own}`;
  };
  return { db, dialect: 'sqlite', close: () => db.destroy(), dataVersion };
}
