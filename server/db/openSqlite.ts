import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import type { DB } from './schema.ts';
import type { Database } from './openDatabase.ts';
import { sqliteFile } from './sqliteFile.ts';

/**
 * Kysely prepares every query anew; the same few SQL texts recur on every request, so their prepared
 * statements are kept (a statement still being iterated by a stream is never handed out twice).
 *
 * Kysely opens transactions with a plain `begin`. Ours read, then write; when another process on the same file
 * commits in between, SQLite cannot upgrade the stale read snapshot and fails at once with SQLITE_BUSY — the busy
 * timeout never applies to that case (two API processes lost a third of 390 concurrent writes). `begin immediate`
 * takes the write lock up front, where the busy timeout does wait.
 */
function withStatementCache(sqlite: SQLite.Database, max = 256): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      // A full disk or an I/O error makes SQLite end the transaction itself; Kysely's rollback then failed with
      // "cannot rollback - no transaction is active", and that, not the cause, reached the log.
      if (sqlText === 'rollback' && !sqlite.inTransaction) return ALREADY_ROLLED_BACK;
      const text = sqlText === 'begin' ? 'begin immediate' : sqlText;
      const cached = statements.get(text);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(text);
      if (statements.size >= max) statements.delete(statements.keys().next().value!);
      statements.set(text, statement);
      return statement;
    },
  };
}

/** The rollback of a transaction SQLite has already rolled back: nothing to do, so the original error is what is thrown. */
const ALREADY_ROLLED_BACK: SqliteStatement = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

export function openSqlite(dataDir: string): Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(sqliteFile(dataDir));
  sqlite.pragma('journal_mode = WAL');
  // FULL: a write acknowledged to a leader survives even a power cut, not only a crash of the process.
  // Writes here are a few per minute, so the extra fsync costs nothing anyone notices.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // How long a write waits for another process's transaction to finish before giving up.
  sqlite.pragma('busy_timeout = 15000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  // data_version moves when another connection (another process on this file) commits; total_changes()
  // when this one writes. Together they tell, in a few microseconds, whether anything changed. Inside a
  // transaction of this connection the answer would come from its snapshot, blind to other processes'
  // commits: then every call answers a new value, so nothing is served from memory or remembered.
  const otherCommits = sqlite.prepare('pragma data_version').pluck();
  const ownChanges = sqlite.prepare('select total_changes()').pluck();
  let inTransaction = 0;
  const dataVersion = () =>
    sqlite.inTransaction ? `transaction:${++inTransaction}` : `${otherCommits.get() as number}:${ownChanges.get() as number}`;
  return { db, dialect: 'sqlite', close: () => db.destroy(), dataVersion };
}
