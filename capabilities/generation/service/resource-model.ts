/**
 * A resource spec (name + fields) checked and expanded into what every template of the API
 * generators needs: names in every casing, and per field its column, types, SQL and samples.
 * Problems are `invalid_input` naming the field.
 */
import { AgentdError } from '../../../core/index.js';
import { assertIdentifier, camelCase, kebabCase, pascalCase, plural, singular, snakeCase, wordsOf } from '../kit/index.js';
import { FIELD_TYPES, type Dialect, type FieldType } from './field-types.js';

export interface FieldSpec {
  name: string;
  type: FieldType;
  required?: boolean;
  unique?: boolean;
  default?: string | number | boolean;
  /** The inverse of required (the planner's field lists); required wins. */
  optional?: boolean;
}

export interface FieldModel {
  name: string;
  column: string;
  type: FieldType;
  ts: 'string' | 'number' | 'boolean';
  required: boolean;
  unique: boolean;
  /** NULL is allowed (not required). */
  nullable: boolean;
  /** May be left out when creating (not required, or has a default). */
  optionalOnCreate: boolean;
  default: string | number | boolean | undefined;
}

export interface ResourceModel {
  /** "todo item" -> Pascal "TodoItem", camel "todoItem", kebab "todo-item", plural forms. */
  pascal: string;
  camel: string;
  kebab: string;
  pluralPascal: string;
  pluralCamel: string;
  pluralKebab: string;
  /** Lower-case words for messages: "todo item". */
  label: string;
  table: string;
  fields: FieldModel[];
}

function invalid(field: string, message: string): AgentdError {
  return new AgentdError('invalid_input', `${field}: ${message}`, { details: [{ path: `/${field.replace(/\./g, '/')}`, message }] });
}

export function resourceModel(resource: string, specs: FieldSpec[], table?: string): ResourceModel {
  const words = wordsOf(resource);
  if (words.length === 0 || /^\d/.test(words[0]!))
    throw invalid('resource', `"${resource}" does not name a resource (letters first, e.g. "todo")`);
  const last = words[words.length - 1]!;
  const one = [...words.slice(0, -1), singular(last)].join(' ');
  const many = [...words.slice(0, -1), plural(singular(last))].join(' ');
  if (one === many)
    throw invalid('resource', `"${resource}" has the same singular and plural form; name it so both differ (e.g. "news item")`);
  const model: ResourceModel = {
    pascal: pascalCase(one),
    camel: camelCase(one),
    kebab: kebabCase(one),
    pluralPascal: pascalCase(many),
    pluralCamel: camelCase(many),
    pluralKebab: kebabCase(many),
    label: one,
    table: table ?? snakeCase(many),
    fields: [],
  };
  assertIdentifier(model.pascal, { field: 'resource', kind: 'resource type', casing: 'pascal', isType: true });
  assertIdentifier(model.camel, { field: 'resource', kind: 'resource', casing: 'camel' });
  const seen = new Set<string>();
  specs.forEach((spec, index) => {
    const where = `fields.${index}.name`;
    assertIdentifier(spec.name, { field: where, kind: 'field', casing: 'camel' });
    if (spec.name === 'id') throw invalid(where, '"id" is the generated primary key; leave it out of the fields');
    const column = snakeCase(spec.name);
    if (seen.has(column)) throw invalid(where, `"${spec.name}" is declared twice (column ${column})`);
    seen.add(column);
    if (!(spec.type in FIELD_TYPES))
      throw invalid(`fields.${index}.type`, `"${String(spec.type)}" is not one of ${Object.keys(FIELD_TYPES).join(', ')}`);
    checkDefault(spec, index);
    const required = spec.required ?? spec.optional === false;
    model.fields.push({
      name: spec.name,
      column,
      type: spec.type,
      ts: FIELD_TYPES[spec.type].ts,
      required,
      unique: spec.unique === true,
      nullable: !required,
      optionalOnCreate: !required || spec.default !== undefined,
      default: spec.default,
    });
  });
  return model;
}

function checkDefault(spec: FieldSpec, index: number): void {
  const value = spec.default;
  if (value === undefined) return;
  const where = `fields.${index}.default`;
  const ok = {
    string: typeof value === 'string' && value.length <= 255,
    text: typeof value === 'string',
    int: typeof value === 'number' && Number.isInteger(value),
    number: typeof value === 'number' && Number.isFinite(value),
    boolean: typeof value === 'boolean',
    date: value === 'now',
    uuid: false,
  }[spec.type];
  if (!ok)
    throw invalid(
      where,
      spec.type === 'uuid'
        ? 'a uuid column takes no default here; generate the value in the client'
        : spec.type === 'date'
          ? 'a date default can only be "now"'
          : `${JSON.stringify(value)} is not a ${spec.type}`,
    );
}

/** The SQL literal of a field's default in `dialect`. */
export function defaultSql(field: FieldModel, dialect: Dialect): string | null {
  const value = field.default;
  if (value === undefined) return null;
  if (field.type === 'date') return dialect === 'postgres' ? 'CURRENT_TIMESTAMP' : "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";
  if (typeof value === 'boolean') return dialect === 'postgres' ? String(value).toUpperCase() : value ? '1' : '0';
  if (typeof value === 'number') return String(value);
  return `'${value.replace(/'/g, "''")}'`;
}

/** A sample JSON value of the field, distinct per index for the generated tests. */
export function sampleValue(field: FieldModel, index: number): string | number | boolean {
  return FIELD_TYPES[field.type].sample(index, field.name);
}
