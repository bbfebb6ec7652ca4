/**
 * SQL DDL of a normalised model for PostgreSQL and SQLite: the statements of CREATE TABLE (with its
 * indexes and many-to-many join tables) and of the column/index changes migrations make, each with
 * its inverse. Names follow PostgreSQL's (and Prisma's) defaults: <table>_<column>_key for unique
 * indexes, <table>_<column>_idx for indexes, <table>_<column>_fkey for foreign keys; every name is
 * quoted. Unique constraints are unique indexes in both dialects, so SQLite can drop them (it cannot
 * drop a column with an inline UNIQUE) and a migration's down can remove them by name.
 */
import { AgentdError } from '../../../core/index.js';
import { spellingOf, type Column, type Dialect, type JoinTable, type Model } from './model-spec.js';

export const q = (name: string): string => `"${name}"`;

export interface Statements {
  up: string[];
  down: string[];
}

function literal(value: string | number | boolean, dialect: Dialect): string {
  if (typeof value === 'boolean') return dialect === 'postgresql' ? String(value) : value ? '1' : '0';
  if (typeof value === 'number') return String(value);
  return `'${value.replace(/'/g, "''")}'`;
}

function columnType(column: Column, dialect: Dialect): string {
  if (column.autoIncrement) return dialect === 'postgresql' ? (column.type === 'bigint' ? 'bigserial' : 'serial') : 'integer';
  return dialect === 'postgresql' ? spellingOf(column.type).pg : spellingOf(column.type).sqlite;
}

const ON_DELETE = { cascade: 'CASCADE', 'set-null': 'SET NULL', restrict: 'RESTRICT' } as const;

/** `"email" text NOT NULL DEFAULT 'x'` (+ PRIMARY KEY, + REFERENCES when `inlineReference`). */
export function columnDefinition(column: Column, dialect: Dialect, inlineReference = false): string {
  const parts = [q(column.column), columnType(column, dialect)];
  if (column.primary) parts.push('PRIMARY KEY');
  else if (!column.nullable) parts.push('NOT NULL');
  if (column.default) parts.push('DEFAULT', column.default.kind === 'now' ? 'CURRENT_TIMESTAMP' : literal(column.default.value, dialect));
  if (inlineReference && column.references) parts.push(referenceClause(column));
  return parts.join(' ');
}

function referenceClause(column: Column): string {
  const ref = column.references!;
  return `REFERENCES ${q(ref.table)} (${q(ref.column)}) ON DELETE ${ON_DELETE[ref.onDelete]}`;
}

export const uniqueIndexName = (table: string, columns: string[]): string => `${table}_${columns.join('_')}_key`;
export const indexName = (table: string, columns: string[]): string => `${table}_${columns.join('_')}_idx`;
export const foreignKeyName = (table: string, column: string): string => `${table}_${column}_fkey`;

/** CREATE [UNIQUE] INDEX and its DROP. */
export function indexStatements(table: string, columns: string[], unique: boolean, name?: string): Statements {
  const index = name ?? (unique ? uniqueIndexName(table, columns) : indexName(table, columns));
  return {
    up: [`CREATE ${unique ? 'UNIQUE ' : ''}INDEX ${q(index)} ON ${q(table)} (${columns.map(q).join(', ')})`],
    down: [`DROP INDEX ${q(index)}`],
  };
}

/** The indexes a column brings: unique, or a plain index on a foreign key. */
function columnIndexes(table: string, column: Column): Statements[] {
  if (column.unique) return [indexStatements(table, [column.column], true)];
  if (column.references) return [indexStatements(table, [column.column], false)];
  return [];
}

function joinTableStatements(join: JoinTable): Statements {
  const lines = [
    `  ${q(join.left.column)} integer NOT NULL`,
    `  ${q(join.right.column)} integer NOT NULL`,
    `  CONSTRAINT ${q(`${join.table}_pkey`)} PRIMARY KEY (${q(join.left.column)}, ${q(join.right.column)})`,
    `  CONSTRAINT ${q(foreignKeyName(join.table, join.left.column))} FOREIGN KEY (${q(join.left.column)}) REFERENCES ${q(join.left.table)} ("id") ON DELETE CASCADE`,
    `  CONSTRAINT ${q(foreignKeyName(join.table, join.right.column))} FOREIGN KEY (${q(join.right.column)}) REFERENCES ${q(join.right.table)} ("id") ON DELETE CASCADE`,
  ];
  const index = indexStatements(join.table, [join.right.column], false);
  return { up: [`CREATE TABLE ${q(join.table)} (\n${lines.join(',\n')}\n)`, ...index.up], down: [`DROP TABLE ${q(join.table)}`] };
}

/** CREATE TABLE with its indexes and join tables; down drops them (join tables first). */
export function createTableStatements(model: Model, dialect: Dialect): Statements {
  const lines = model.columns.map((c) => `  ${columnDefinition(c, dialect)}`);
  for (const column of model.columns) {
    if (column.references)
      lines.push(
        `  CONSTRAINT ${q(foreignKeyName(model.table, column.column))} FOREIGN KEY (${q(column.column)}) ${referenceClause(column)}`,
      );
  }
  const up = [`CREATE TABLE ${q(model.table)} (\n${lines.join(',\n')}\n)`];
  for (const column of model.columns) for (const index of columnIndexes(model.table, column)) up.push(...index.up);
  const joins = model.relations.filter((r) => r.joinTable).map((r) => joinTableStatements(r.joinTable!));
  for (const join of joins) up.push(...join.up);
  return { up, down: [...joins.reverse().flatMap((j) => j.down), `DROP TABLE ${q(model.table)}`] };
}

/** ALTER TABLE ADD COLUMN (+ its index); down drops the index, then the column. */
export function addColumnStatements(table: string, column: Column, dialect: Dialect): Statements {
  if (column.primary)
    throw new AgentdError('invalid_input', `fields: ${column.field} is a primary key; a primary key is set when the table is created`);
  if (dialect === 'sqlite' && !column.nullable && !column.default) {
    throw new AgentdError(
      'invalid_input',
      `fields: SQLite cannot add the NOT NULL column ${column.column} without a default (ALTER TABLE ADD COLUMN); give it a default or make it optional`,
    );
  }
  if (dialect === 'sqlite' && column.references && !column.nullable) {
    throw new AgentdError(
      'invalid_input',
      `relations: SQLite adds a foreign-key column only as nullable (ALTER TABLE ADD COLUMN with REFERENCES needs a NULL default); make the relation optional`,
    );
  }
  if (dialect === 'sqlite' && column.default?.kind === 'now') {
    throw new AgentdError(
      'invalid_input',
      `fields: SQLite cannot add a column with a CURRENT_TIMESTAMP default to an existing table; leave the default out`,
    );
  }
  const indexes = columnIndexes(table, column);
  return {
    up: [`ALTER TABLE ${q(table)} ADD COLUMN ${columnDefinition(column, dialect, true)}`, ...indexes.flatMap((i) => i.up)],
    down: [...indexes.flatMap((i) => i.down), `ALTER TABLE ${q(table)} DROP COLUMN ${q(column.column)}`],
  };
}

/** Several statement pairs as one: ups in order, downs in reverse order. */
export function combine(parts: Statements[]): Statements {
  return { up: parts.flatMap((p) => p.up), down: [...parts].reverse().flatMap((p) => p.down) };
}

/** The inverse change: what was up becomes down. */
export const invert = (s: Statements): Statements => ({ up: s.down, down: s.up });

/** A statement list as a SQL script, one statement per paragraph, each ending with a semicolon. */
export function sqlScript(statements: string[]): string {
  return statements.map((s) => `${s};`).join('\n\n');
}
