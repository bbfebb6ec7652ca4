/**
 * Knex's own SQLite dialect (its query and schema compilers, transactions and migrator) over sql.js:
 * a `Database` shaped like node-sqlite3's (all/run/close with callbacks), handed to knex's
 * Client_SQLite3 in place of the native sqlite3 addon, which is not installed here. Every
 * connection is the one in-memory database, so a test can dump the catalog knex changed.
 */
import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import type { Database } from 'sql.js';
import { openSqlite } from './sqlite-catalog.js';

type Callback = (this: { lastID?: number; changes?: number }, error: Error | null, rows?: unknown) => void;

function sqlite3Shaped(db: Database): object {
  // As node-sqlite3 binds them: dates as milliseconds, booleans as 1/0.
  const params = (bindings: unknown): unknown[] =>
    (Array.isArray(bindings) ? bindings : []).map((v: unknown) =>
      v instanceof Date ? v.getTime() : typeof v === 'boolean' ? Number(v) : v,
    );
  class Connection {
    constructor(_filename: string, _flags: number, opened: (error: Error | null) => void) {
      queueMicrotask(() => opened(null));
    }
    all(sql: string, bindings: unknown, done: Callback): void {
      try {
        const statement = db.prepare(sql);
        statement.bind(params(bindings) as never);
        const rows: unknown[] = [];
        while (statement.step()) rows.push(statement.getAsObject());
        statement.free();
        done.call({}, null, rows);
      } catch (error) {
        done.call({}, error as Error);
      }
    }
    run(sql: string, bindings: unknown, done: Callback): void {
      try {
        db.run(sql, params(bindings) as never);
        const lastID = Number(db.exec('SELECT last_insert_rowid()')[0]?.values[0]?.[0] ?? 0);
        done.call({ lastID, changes: db.getRowsModified() }, null);
      } catch (error) {
        done.call({}, error as Error);
      }
    }
    close(done: (error: Error | null) => void): void {
      done(null);
    }
  }
  return { Database: Connection, OPEN_READWRITE: 2, OPEN_CREATE: 4 };
}

/** A knex instance on knex's sqlite3 dialect over a fresh in-memory sql.js database, and that database. */
export async function knexOnSqlJs(config: Omit<Knex.Config, 'client' | 'connection'>): Promise<{ knex: Knex; db: Database }> {
  const db = await openSqlite();
  const require = createRequire(import.meta.url);
  const ClientSQLite3 = require('knex/lib/dialects/sqlite3/index.js') as new (config: Knex.Config) => object;
  const driver = sqlite3Shaped(db);
  class ClientSqlJs extends ClientSQLite3 {
    _driver(): object {
      return driver;
    }
  }
  const { default: knexFactory } = await import('knex');
  const knex = knexFactory({ ...config, client: ClientSqlJs as never, connection: { filename: ':memory:' }, useNullAsDefault: true });
  return { knex, db };
}
