/**
 * The model spec shared by generation.db-schema and generation.migration: what a user (or the
 * planner, from "create a User model with name, email (unique), age int and a posts relation") gives,
 * and its normalised form with the names every target needs (model PascalCase, fields camelCase,
 * tables and columns snake_case, tables plural).
 */
import { AgentdError } from '../../../core/index.js';
import { assertIdentifier, camelCase, pascalCase, plural, singular, snakeCase, wordsOf } from '../kit/index.js';
import fieldTypes from './field-types.json' with { type: 'json' };

export type FieldType = keyof typeof fieldTypes.types;
export const FIELD_TYPES = Object.keys(fieldTypes.types) as FieldType[];
export type TypeSpelling = (typeof fieldTypes.types)[FieldType] & {
  drizzlePgOptions?: string;
  drizzleSqliteOptions?: string;
  prismaPg?: string;
};

export type DefaultValue = string | number | boolean | null;

export interface FieldSpec {
  name: string;
  type?: string;
  required?: boolean;
  optional?: boolean;
  unique?: boolean;
  default?: DefaultValue;
  primary?: boolean;
}

export type RelationKind = 'one-to-many' | 'many-to-one' | 'many-to-many';

export interface RelationSpec {
  kind: RelationKind;
  model: string;
  field?: string;
  optional?: boolean;
  onDelete?: 'cascade' | 'set-null' | 'restrict';
}

export interface ModelSpec {
  name: string;
  fields?: FieldSpec[];
  relations?: RelationSpec[];
  table?: string;
}

export type Dialect = 'postgresql' | 'sqlite';

/** A column of the model's table. */
export interface Column {
  /** The field name in code (camelCase). */
  field: string;
  /** The column name in SQL (snake_case). */
  column: string;
  type: FieldType;
  nullable: boolean;
  unique: boolean;
  primary: boolean;
  /** An integer primary key the database numbers (serial / INTEGER PRIMARY KEY). */
  autoIncrement: boolean;
  /** `now` (the current timestamp) or a literal. */
  default?: { kind: 'now' } | { kind: 'literal'; value: string | number | boolean };
  references?: { model: string; table: string; column: string; onDelete: 'cascade' | 'set-null' | 'restrict' };
}

export interface Relation {
  kind: RelationKind;
  /** The relation field in code (`author`, `posts`, `tags`). */
  field: string;
  model: string;
  table: string;
  optional: boolean;
  /** many-to-one: the foreign-key column it adds to this table. */
  column?: Column;
  /** many-to-many: the join table. */
  joinTable?: JoinTable;
}

export interface JoinTable {
  table: string;
  left: { column: string; table: string };
  right: { column: string; table: string };
}

export interface Model {
  name: string;
  table: string;
  columns: Column[];
  relations: Relation[];
  primary: Column;
}

/** JSON Schema of one field, with descriptions for the planner. */
export const fieldSchema = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      description: 'Field name (any casing: "createdAt", "created_at"); camelCase in code, snake_case in SQL.',
    },
    type: {
      type: 'string',
      description: `Field type: ${FIELD_TYPES.join(', ')} or an alias (${Object.keys(fieldTypes.aliases).join(', ')}). Default: string.`,
    },
    required: { type: 'boolean', description: 'NOT NULL (default true).' },
    optional: { type: 'boolean', description: 'Nullable; the opposite of required.' },
    unique: { type: 'boolean', description: 'A unique constraint on the column.' },
    default: { type: ['string', 'number', 'boolean', 'null'], description: 'Default value: a literal, or "now" for datetime/date fields.' },
    primary: { type: 'boolean', description: 'The primary key (default: an auto-numbered integer "id" is added).' },
  },
} as const;

export const relationSchema = {
  type: 'object',
  required: ['kind', 'model'],
  additionalProperties: false,
  properties: {
    kind: {
      type: 'string',
      enum: ['one-to-many', 'many-to-one', 'many-to-many'],
      description:
        'one-to-many: this model has many of `model` (the key lives on the other table); many-to-one: this model belongs to one `model` (adds <field>_id); many-to-many: a join table.',
    },
    model: { type: 'string', minLength: 1, description: 'The related model ("Post", "posts" and "post" all name Post).' },
    field: {
      type: 'string',
      description: 'Relation field name (default: the related model, plural for to-many: posts, author -> author_id).',
    },
    optional: { type: 'boolean', description: 'many-to-one: the foreign key may be NULL.' },
    onDelete: {
      type: 'string',
      enum: ['cascade', 'set-null', 'restrict'],
      description: 'many-to-one: what deleting the referenced row does (default restrict; set-null makes the key optional).',
    },
  },
} as const;

export const modelSchemaProperties = {
  name: {
    type: 'string',
    minLength: 1,
    description: 'Model name ("User", "blog post"); PascalCase in code, snake_case plural table ("users", "blog_posts").',
  },
  table: { type: 'string', description: 'Table name when it is not the snake_case plural of the model.' },
  fields: {
    type: 'array',
    items: fieldSchema,
    description: 'The model\'s fields; an integer primary key "id" is added unless one is primary.',
  },
  relations: { type: 'array', items: relationSchema, description: 'Relations to other models.' },
} as const;

export function tableNameOf(model: string): string {
  const words = wordsOf(model);
  if (words.length === 0) return model;
  words[words.length - 1] = plural(words[words.length - 1]!);
  return words.join('_');
}

export function resolveType(type: string | undefined, where: string): FieldType {
  const key = (type ?? 'string').trim().toLowerCase();
  const aliases = fieldTypes.aliases as Record<string, FieldType>;
  const resolved = (FIELD_TYPES as string[]).includes(key) ? (key as FieldType) : aliases[key];
  if (!resolved) throw invalid(`${where}.type`, `unknown field type "${type}"; use one of ${FIELD_TYPES.join(', ')}`);
  return resolved;
}

export function spellingOf(type: FieldType): TypeSpelling {
  return fieldTypes.types[type] as TypeSpelling;
}

function invalid(path: string, message: string): AgentdError {
  return new AgentdError('invalid_input', `${path}: ${message}`, {
    details: [{ path: `/${path.replace(/[.[\]]+/g, '/').replace(/\/$/, '')}`, message }],
  });
}

const SQL_NAME = /^[a-z_][a-z0-9_]*$/;

export function normaliseField(field: FieldSpec, where: string): Column {
  const name = camelCase(field.name);
  assertIdentifier(name, { field: `${where}.name`, kind: 'field', casing: 'camel' });
  const type = resolveType(field.type, where);
  const primary = field.primary === true;
  const nullable = !primary && (field.optional === true || field.required === false);
  if (field.optional === true && field.required === true) throw invalid(`${where}`, 'a field cannot be both required and optional');
  const column: Column = {
    field: name,
    column: snakeCase(field.name),
    type,
    nullable,
    unique: field.unique === true && !primary,
    primary,
    autoIncrement: false,
  };
  if (field.default !== undefined && field.default !== null) column.default = normaliseDefault(field.default, type, where);
  return column;
}

function normaliseDefault(value: string | number | boolean, type: FieldType, where: string): Column['default'] {
  if (typeof value === 'string' && /^(now|now\(\)|current_timestamp)$/i.test(value)) {
    if (type !== 'datetime' && type !== 'date')
      throw invalid(`${where}.default`, `"now" is a default of datetime or date fields, not ${type}`);
    return { kind: 'now' };
  }
  const numeric = type === 'int' || type === 'bigint' || type === 'float' || type === 'decimal';
  if (numeric && (typeof value !== 'number' || (type !== 'float' && type !== 'decimal' && !Number.isInteger(value)))) {
    if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return normaliseDefault(Number(value), type, where);
    throw invalid(`${where}.default`, `${JSON.stringify(value)} is not a valid ${type} value`);
  }
  if (type === 'boolean' && typeof value !== 'boolean') {
    if (value === 'true' || value === 'false') return { kind: 'literal', value: value === 'true' };
    throw invalid(`${where}.default`, `${JSON.stringify(value)} is not a boolean`);
  }
  if ((type === 'string' || type === 'text') && typeof value !== 'string') return { kind: 'literal', value: String(value) };
  if (type === 'json' || type === 'uuid' || type === 'datetime' || type === 'date')
    throw invalid(`${where}.default`, `a literal default of a ${type} field is not supported; leave it out or use "now" for dates`);
  return { kind: 'literal', value };
}

/** The key a related model's primary key is assumed to have: an integer "id" (what this generator writes). */
const TARGET_KEY = { column: 'id', type: 'int' as FieldType };

/** Validates and normalises a model spec (names, types, relations); problems are invalid_input naming the field. */
export function normaliseModel(spec: ModelSpec): Model {
  if (wordsOf(spec.name).length === 0) throw invalid('name', `"${spec.name}" has no letters to name a model`);
  // A lower-case plural ("users", "blog_posts") names the table; its model is the singular.
  const name = pascalCase(/^[a-z][a-z0-9_]*$/.test(spec.name) ? singularModel(spec.name) : spec.name);
  assertIdentifier(name, { field: 'name', kind: 'model', casing: 'pascal', isType: true });
  const table = spec.table ?? tableNameOf(name);
  if (!SQL_NAME.test(table)) throw invalid('table', `"${table}" is not a plain SQL name (lower-case letters, digits, _)`);
  const columns = (spec.fields ?? []).map((f, i) => normaliseField(f, `fields[${i}]`));
  const primaries = columns.filter((c) => c.primary);
  if (primaries.length > 1)
    throw invalid('fields', `${primaries.map((c) => c.field).join(' and ')} are both primary; composite keys are not supported`);
  let primary = primaries[0];
  if (!primary) {
    if (columns.some((c) => c.column === 'id'))
      throw invalid('fields', 'a field named "id" that is not primary; mark it primary: true or rename it');
    primary = { field: 'id', column: 'id', type: 'int', nullable: false, unique: false, primary: true, autoIncrement: true };
    columns.unshift(primary);
  } else if (primary.type === 'int' || primary.type === 'bigint') {
    primary.autoIncrement = primary.default === undefined;
  }
  const relations = (spec.relations ?? []).map((r, i) => normaliseRelation(r, name, table, `relations[${i}]`));
  for (const relation of relations) if (relation.column) columns.push(relation.column);
  for (const key of ['field', 'column'] as const) {
    const seen = new Set<string>();
    for (const column of columns) {
      if (seen.has(column[key])) throw invalid('fields', `two fields become the ${key === 'field' ? 'field' : 'column'} "${column[key]}"`);
      seen.add(column[key]);
    }
  }
  const seen = new Set(columns.map((c) => c.field));
  for (const relation of relations)
    if (seen.has(relation.field) && !relation.column) throw invalid('relations', `relation "${relation.field}" has the name of a field`);
  return { name, table, columns, relations, primary };
}

function normaliseRelation(spec: RelationSpec, ownModel: string, ownTable: string, where: string): Relation {
  const model = pascalCase(singularModel(spec.model));
  assertIdentifier(model, { field: `${where}.model`, kind: 'model', casing: 'pascal', isType: true });
  const table = tableNameOf(model);
  const toMany = spec.kind !== 'many-to-one';
  const field = camelCase(spec.field ?? (toMany ? plural(camelCase(model)) : camelCase(model)));
  assertIdentifier(field, { field: `${where}.field`, kind: 'relation field', casing: 'camel' });
  const onDelete = spec.onDelete ?? 'restrict';
  const optional = spec.optional === true || onDelete === 'set-null';
  if (spec.kind === 'many-to-one') {
    const column: Column = {
      field: `${field}Id`,
      column: `${snakeCase(field)}_id`,
      type: TARGET_KEY.type,
      nullable: optional,
      unique: false,
      primary: false,
      autoIncrement: false,
      references: { model, table, column: TARGET_KEY.column, onDelete },
    };
    return { kind: spec.kind, field, model, table, optional, column };
  }
  if (spec.kind === 'many-to-many') {
    const [first, second] = [ownTable, table].sort();
    const self = { column: `${snakeCase(singularModel(ownModel))}_id`, table: ownTable };
    const other = { column: `${snakeCase(model)}_id`, table };
    if (self.column === other.column) throw invalid(where, 'a many-to-many relation of a model with itself is not supported');
    const joinTable: JoinTable = {
      table: `${first}_${second}`,
      left: first === ownTable ? self : other,
      right: first === ownTable ? other : self,
    };
    return { kind: spec.kind, field, model, table, optional: true, joinTable };
  }
  return { kind: spec.kind, field, model, table, optional: true };
}

/** "posts" / "post" / "Posts" -> "Post": a relation names a model, often in the plural. */
function singularModel(name: string): string {
  const words = wordsOf(name);
  const last = words.pop() ?? '';
  return [...words, singular(last)].join(' ');
}
