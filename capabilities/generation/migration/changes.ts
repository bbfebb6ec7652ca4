/**
 * A model change as up/down SQL statements for one dialect: create or drop a table, add or drop
 * columns, add an index or unique index, add a foreign key (a many-to-one relation's column, or a
 * many-to-many join table). Every up has the down that restores the catalog it found.
 */
import { AgentdError } from '../../../core/index.js';
import { snakeCase } from '../kit/index.js';
import { normaliseField, normaliseModel, type Dialect, type FieldSpec, type Model, type RelationSpec } from '../db-schema/model-spec.js';
import { addColumnStatements, combine, createTableStatements, indexStatements, invert, type Statements } from '../db-schema/sql-ddl.js';

export const CHANGES = ['create-table', 'drop-table', 'add-column', 'drop-column', 'add-index', 'add-foreign-key'] as const;
export type ChangeKind = (typeof CHANGES)[number];

export interface ChangeInput {
  name: string;
  table?: string;
  change?: ChangeKind;
  fields?: FieldSpec[];
  relations?: RelationSpec[];
  index?: { columns: string[]; unique?: boolean; name?: string };
}

export interface PlannedChange {
  kind: ChangeKind;
  model: Model;
  statements: Statements;
  /** snake_case name of the migration derived from the change ("add_age_to_users"). */
  defaultName: string;
  notes: string[];
}

function need<T>(value: T[] | undefined, field: string, change: ChangeKind): T[] {
  if (!value || value.length === 0)
    throw new AgentdError('invalid_input', `${field}: the ${change} change needs ${field}`, {
      details: [{ path: `/${field}`, message: 'required for this change' }],
    });
  return value;
}

/** The statements of `input`'s change for `dialect`. */
export function planChange(input: ChangeInput, dialect: Dialect): PlannedChange {
  const kind = input.change ?? 'create-table';
  const notes: string[] = [];
  if (kind === 'create-table' || kind === 'drop-table') {
    const model = normaliseModel(input);
    const create = createTableStatements(model, dialect);
    for (const r of model.relations)
      if (r.kind === 'one-to-many')
        notes.push(`${r.field}: a one-to-many relation adds no column to ${model.table} (the key is on ${r.table})`);
    if (kind === 'drop-table') notes.push(`down re-creates ${model.table} empty: the rows a drop deletes are not restored`);
    return {
      kind,
      model,
      statements: kind === 'create-table' ? create : invert(create),
      defaultName: `${kind === 'create-table' ? 'create' : 'drop'}_${model.table}_table`,
      notes,
    };
  }
  const model = normaliseModel({ name: input.name, ...(input.table ? { table: input.table } : {}) });
  const table = model.table;
  if (kind === 'add-column' || kind === 'drop-column') {
    const columns = need(input.fields, 'fields', kind).map((f, i) => normaliseField(f, `fields[${i}]`));
    const add = combine(columns.map((c) => addColumnStatements(table, c, dialect)));
    const list = columns.map((c) => c.column).join('_and_');
    if (kind === 'drop-column')
      notes.push(`down re-adds ${columns.map((c) => c.column).join(', ')} at the end of ${table}, without the dropped values`);
    else if (dialect === 'postgresql' && columns.some((c) => !c.nullable && !c.default))
      notes.push('a NOT NULL column without a default can only be added while the table is empty');
    return {
      kind,
      model,
      statements: kind === 'add-column' ? add : invert(add),
      defaultName: kind === 'add-column' ? `add_${list}_to_${table}` : `drop_${list}_from_${table}`,
      notes,
    };
  }
  if (kind === 'add-index') {
    if (!input.index || input.index.columns.length === 0)
      throw new AgentdError('invalid_input', 'index: the add-index change needs index.columns', {
        details: [{ path: '/index', message: 'required for this change' }],
      });
    const columns = input.index.columns.map((c) => snakeCase(c));
    const unique = input.index.unique === true;
    return {
      kind,
      model,
      statements: indexStatements(table, columns, unique, input.index.name),
      defaultName: `add_${unique ? 'unique' : 'index'}_${columns.join('_')}_to_${table}`,
      notes,
    };
  }
  const relations = need(input.relations, 'relations', kind);
  const full = normaliseModel({ name: input.name, ...(input.table ? { table: input.table } : {}), relations });
  const parts: Statements[] = [];
  for (const relation of full.relations) {
    if (relation.kind === 'many-to-one') parts.push(addColumnStatements(table, relation.column!, dialect));
    else if (relation.kind === 'many-to-many') {
      const join = createTableStatements({ ...full, columns: [full.primary], relations: [relation] }, dialect);
      // Only the join table: its CREATE and DROP, not the model's own table.
      parts.push({
        up: join.up.filter((s) => !s.startsWith(`CREATE TABLE "${table}"`)),
        down: join.down.filter((s) => s !== `DROP TABLE "${table}"`),
      });
    } else
      notes.push(`${relation.field}: a one-to-many relation's foreign key is on ${relation.table}; add it there as a many-to-one relation`);
  }
  if (parts.length === 0)
    throw new AgentdError(
      'invalid_input',
      'relations: a one-to-many relation adds no foreign key to this table; add a many-to-one relation to the other model instead',
    );
  const names = full.relations
    .filter((r) => r.kind !== 'one-to-many')
    .map((r) => snakeCase(r.field))
    .join('_and_');
  return { kind, model: full, statements: combine(parts), defaultName: `add_${names}_to_${table}`, notes };
}
