/**
 * Real PostgreSQL for the proofs: a database of its own per test run (created, dropped), scripts run
 * as they are, and a normalised dump of the public schema from information_schema and pg_catalog.
 * Columns are listed by name, not position (a dropped column comes back at the end of its table).
 */
import pg from 'pg';

const ADMIN = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' };

export interface TempDatabase {
  name: string;
  client: pg.Client;
  exec(sql: string): Promise<void>;
  dump(): Promise<string>;
  drop(): Promise<void>;
}

export async function createTempDatabase(label: string): Promise<TempDatabase> {
  const name = `agentd_gendb_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client(ADMIN);
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const client = new pg.Client({ ...ADMIN, database: name });
  await client.connect();
  return {
    name,
    client,
    exec: async (sql) => {
      await client.query(sql);
    },
    dump: () => pgDump(client),
    async drop() {
      await client.end();
      const again = new pg.Client(ADMIN);
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await again.end();
    },
  };
}

async function rows(client: pg.Client, sql: string): Promise<string[]> {
  return (await client.query(sql)).rows.map((r) => JSON.stringify(r));
}

/** The public schema: tables, columns, indexes, constraints, sequences — sorted, one JSON row per line. */
export async function pgDump(client: pg.Client): Promise<string> {
  const parts = [
    await rows(client, `SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`),
    await rows(
      client,
      `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, character_maximum_length, numeric_precision, numeric_scale, datetime_precision
                          FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`,
    ),
    await rows(client, `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY tablename, indexname`),
    await rows(
      client,
      `SELECT c.relname AS table_name, k.conname, k.contype, pg_get_constraintdef(k.oid) AS definition
                          FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
                          WHERE n.nspname = 'public' ORDER BY c.relname, k.conname`,
    ),
    await rows(
      client,
      `SELECT sequence_name, data_type FROM information_schema.sequences WHERE sequence_schema = 'public' ORDER BY sequence_name`,
    ),
  ];
  return parts.map((p) => p.join('\n')).join('\n--\n');
}

export interface PgColumn {
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
}

export async function pgColumns(client: pg.Client, table: string): Promise<Map<string, PgColumn>> {
  const result = await client.query<PgColumn>(
    `SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
    [table],
  );
  return new Map(result.rows.map((r) => [r.column_name, r]));
}

export async function pgIndexes(client: pg.Client, table: string): Promise<Map<string, string>> {
  const result = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = $1`,
    [table],
  );
  return new Map(result.rows.map((r) => [r.indexname, r.indexdef]));
}

export async function pgForeignKeys(client: pg.Client, table: string): Promise<Map<string, string>> {
  const result = await client.query<{ conname: string; definition: string }>(
    `SELECT k.conname, pg_get_constraintdef(k.oid) AS definition FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid WHERE c.relname = $1 AND k.contype = 'f'`,
    [table],
  );
  return new Map(result.rows.map((r) => [r.conname, r.definition]));
}
