/**
 * A `Database` shaped like node-sqlite3's (all/run/serialize/close with callbacks) over one sql.js
 * database, for ORMs whose SQLite dialect drives the native sqlite3 addon (not installed here): knex's
 * Client_SQLite3 and Sequelize's sqlite dialect (its `dialectModule`). Every connection opened is the
 * same in-memory database, so a test can dump the catalog the ORM changed.
 */
import type { Database } from 'sql.js';

type Callback = (this: { lastID?: number; changes?: number }, error: Error | null, rows?: unknown) => void;

/** As node-sqlite3 binds them: dates as milliseconds, booleans as 1/0; named parameters keep their keys. */
function params(bindings: unknown): unknown {
  const one = (v: unknown): unknown => (v instanceof Date ? v.getTime() : typeof v === 'boolean' ? Number(v) : v);
  if (Array.isArray(bindings)) return bindings.map(one);
  if (bindings && typeof bindings === 'object') return Object.fromEntries(Object.entries(bindings).map(([k, v]) => [k, one(v)]));
  return [];
}

/** (sql, [bindings], [callback]) as node-sqlite3 accepts them. */
function split(bindings: unknown, done: unknown): { bindings: unknown; done: Callback } {
  if (typeof bindings === 'function') return { bindings: [], done: bindings as Callback };
  return { bindings, done: typeof done === 'function' ? (done as Callback) : () => undefined };
}

/** sql.js's error as node-sqlite3 reports it ("SQLITE_CONSTRAINT: UNIQUE constraint failed: …", with its code), which the ORMs map. */
function sqliteError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const code = /constraint failed/i.test(message) ? 'SQLITE_CONSTRAINT' : 'SQLITE_ERROR';
  return Object.assign(new Error(`${code}: ${message}`), { code, errno: code === 'SQLITE_CONSTRAINT' ? 19 : 1 });
}

export function sqlite3Shaped(db: Database): { Database: unknown; OPEN_READWRITE: number; OPEN_CREATE: number } {
  class Connection {
    readonly filename: string;
    constructor(filename: string, _flags: number, opened: (error: Error | null) => void) {
      this.filename = filename;
      queueMicrotask(() => opened(null));
    }
    serialize(callback: () => void): void {
      callback();
    }
    all(sql: string, bindingsOrDone: unknown, maybeDone?: unknown): void {
      const { bindings, done } = split(bindingsOrDone, maybeDone);
      try {
        const statement = db.prepare(sql);
        statement.bind(params(bindings) as never);
        const rows: unknown[] = [];
        while (statement.step()) rows.push(statement.getAsObject());
        statement.free();
        done.call({}, null, rows);
      } catch (error) {
        done.call({}, sqliteError(error));
      }
    }
    run(sql: string, bindingsOrDone?: unknown, maybeDone?: unknown): void {
      const { bindings, done } = split(bindingsOrDone, maybeDone);
      try {
        db.run(sql, params(bindings) as never);
        const lastID = Number(db.exec('SELECT last_insert_rowid()')[0]?.values[0]?.[0] ?? 0);
        done.call({ lastID, changes: db.getRowsModified() }, null);
      } catch (error) {
        done.call({}, sqliteError(error));
      }
    }
    close(done?: (error: Error | null) => void): void {
      done?.(null);
    }
  }
  return { Database: Connection, OPEN_READWRITE: 2, OPEN_CREATE: 4 };
}
