import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/** An integer primary key that both databases generate (ids stay JSON integers everywhere). */
export function withId<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** The column type of an instant: timestamptz on PostgreSQL, ISO 8601 UTC text on SQLite. */
export function instantType(db: Kysely<unknown>): 'timestamptz' | 'text' {
  return dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
}

export type ColumnBuilder = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
