/** Checks an Expectation against the real catalog of PostgreSQL or SQLite. */
import { expect } from 'chai';
import type { Database } from 'sql.js';
import type pg from 'pg';
import type { Expectation } from './change-cases.js';
import { pgColumns, pgForeignKeys, pgIndexes } from './pg-catalog.js';
import { query, sqliteColumns, sqliteForeignKeys, sqliteIndexes } from './sqlite-catalog.js';

export async function expectPg(client: pg.Client, want: Expectation): Promise<void> {
  const tables = (
    await client.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`)
  ).rows.map((r) => r.table_name);
  for (const table of want.tables ?? []) expect(tables, 'tables').to.include(table);
  for (const [table, columns] of Object.entries(want.columns ?? {})) {
    const actual = await pgColumns(client, table);
    for (const [column, nullable] of Object.entries(columns)) {
      expect(actual.has(column), `${table}.${column} exists`).to.equal(true);
      expect(actual.get(column)!.is_nullable, `${table}.${column} nullable`).to.equal(nullable ? 'YES' : 'NO');
    }
  }
  for (const [table, columns] of Object.entries(want.absent ?? {})) {
    const actual = await pgColumns(client, table);
    for (const column of columns) expect(actual.has(column), `${table}.${column} absent`).to.equal(false);
  }
  for (const [table, indexes] of Object.entries(want.indexes ?? {})) {
    const actual = await pgIndexes(client, table);
    for (const [name, unique] of Object.entries(indexes)) {
      expect(actual.has(name), `index ${name}`).to.equal(true);
      expect(actual.get(name)!.startsWith('CREATE UNIQUE INDEX'), `${name} unique`).to.equal(unique);
    }
  }
  for (const [table, keys] of Object.entries(want.foreignKeys ?? {})) {
    const definitions = [...(await pgForeignKeys(client, table)).values()];
    for (const [column, target] of Object.entries(keys))
      expect(
        definitions.some((d) => d.startsWith(`FOREIGN KEY (${column}) REFERENCES ${target}(id)`)),
        `${table}.${column} -> ${target}: ${definitions.join('; ')}`,
      ).to.equal(true);
  }
}

export function expectSqlite(db: Database, want: Expectation): void {
  const tables = query(db, `SELECT name FROM sqlite_master WHERE type = 'table'`).map((r) => r.name);
  for (const table of want.tables ?? []) expect(tables, 'tables').to.include(table);
  for (const [table, columns] of Object.entries(want.columns ?? {})) {
    const actual = sqliteColumns(db, table);
    for (const [column, nullable] of Object.entries(columns)) {
      expect(actual.has(column), `${table}.${column} exists`).to.equal(true);
      const info = actual.get(column)!;
      // An INTEGER PRIMARY KEY is the rowid: never NULL though not declared NOT NULL.
      expect(info.notnull === 0 && info.pk === 0, `${table}.${column} nullable`).to.equal(nullable);
    }
  }
  for (const [table, columns] of Object.entries(want.absent ?? {})) {
    const actual = sqliteColumns(db, table);
    for (const column of columns) expect(actual.has(column), `${table}.${column} absent`).to.equal(false);
  }
  for (const [table, indexes] of Object.entries(want.indexes ?? {})) {
    const actual = sqliteIndexes(db, table);
    for (const [name, unique] of Object.entries(indexes)) {
      expect(actual.has(name), `index ${name}`).to.equal(true);
      expect(actual.get(name)!.unique, `${name} unique`).to.equal(unique);
    }
  }
  for (const [table, keys] of Object.entries(want.foreignKeys ?? {})) {
    const actual = sqliteForeignKeys(db, table);
    for (const [column, target] of Object.entries(keys))
      expect(
        actual.some((f) => f.from === column && f.table === target && f.to === 'id'),
        `${table}.${column} -> ${target}`,
      ).to.equal(true);
  }
}
