/**
 * Sequelize for the proofs: a real Sequelize 6 instance on PostgreSQL (a temp database) or on its
 * sqlite dialect over sql.js (the node-sqlite3-shaped Database as its `dialectModule`), and a
 * project's sequelize-cli migration module run as sequelize-cli runs one: `require()`d, its
 * `up(queryInterface, Sequelize)` / `down(...)` called with the instance's QueryInterface.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Sequelize } from 'sequelize';
import type { Database } from 'sql.js';
import { openSqlite } from './sqlite-catalog.js';
import { sqlite3Shaped } from './sqlite3-sqljs.js';

export interface SequelizeMigration {
  up(queryInterface: unknown, sequelize: typeof Sequelize): Promise<void>;
  down(queryInterface: unknown, sequelize: typeof Sequelize): Promise<void>;
}

export async function sequelizeOnSqlJs(): Promise<{ sequelize: Sequelize; db: Database }> {
  const db = await openSqlite();
  const sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', dialectModule: sqlite3Shaped(db), logging: false });
  return { sequelize, db };
}

export function sequelizeOnPg(database: string): Sequelize {
  return new Sequelize(database, 'postgres', '', { dialect: 'postgres', host: '127.0.0.1', port: 5432, logging: false });
}

/** The project's migration module, loaded fresh as sequelize-cli require()s it. */
export function loadMigration(root: string, file: string): SequelizeMigration {
  const require = createRequire(path.join(root, 'package.json'));
  const full = path.join(root, file);
  delete require.cache[full];
  const loaded = require(full) as SequelizeMigration & { default?: SequelizeMigration };
  return typeof loaded.up === 'function' ? loaded : loaded.default!;
}
