/**
 * Knex's own SQLite dialect (its query and schema compilers, transactions and migrator) over sql.js:
 * the node-sqlite3-shaped `Database` of sqlite3-sqljs.ts handed to knex's Client_SQLite3 in place of
 * the native sqlite3 addon, which is not installed here.
 */
import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import type { Database } from 'sql.js';
import { openSqlite } from './sqlite-catalog.js';
import { sqlite3Shaped } from './sqlite3-sqljs.js';

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
