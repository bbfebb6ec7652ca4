/**
 * The field types a resource spec may use and what each becomes: the TypeScript type of the API, the
 * column type per SQL dialect, the check the generated validator makes, and sample values for the
 * generated tests. Data, so a new type is one entry here (and one case in request-checks.eta). The
 * checks match across libraries: the hand-written ones (request-checks.eta), zod's (by major: 3 and 4
 * name some checks differently) and the JSON Schema ajv compiles (draft-07, no formats plugin).
 */
export type FieldType = 'string' | 'text' | 'int' | 'number' | 'boolean' | 'date' | 'uuid';
export type Dialect = 'postgres' | 'sqlite';

export interface FieldTypeInfo {
  ts: 'string' | 'number' | 'boolean';
  sql: Record<Dialect, string>;
  /** A JSON value of the type, distinct per index (unique columns get distinct samples). */
  sample: (index: number, name: string) => string | number | boolean;
  /** A JSON value the validator must refuse for this type. */
  invalid: string | number | boolean;
  /** The zod schema of a value of the type, per zod major. */
  zod: Record<3 | 4, string>;
  /** The JSON Schema of a value of the type (ajv); `type` gains "null" for a nullable field. */
  jsonSchema: { type: string; [keyword: string]: unknown };
}

const INT32 = 2147483647;
const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const ISO_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}(?:[T ]\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?(?:Z|[+-]\\d{2}:?\\d{2})?)?$';

export const FIELD_TYPES: Record<FieldType, FieldTypeInfo> = {
  string: {
    ts: 'string',
    sql: { postgres: 'varchar(255)', sqlite: 'TEXT' },
    sample: (i, name) => `${name} ${i + 1}`,
    invalid: 42,
    zod: { 3: 'z.string().max(255)', 4: 'z.string().max(255)' },
    jsonSchema: { type: 'string', maxLength: 255 },
  },
  text: {
    ts: 'string',
    sql: { postgres: 'text', sqlite: 'TEXT' },
    sample: (i, name) => `A longer ${name}, number ${i + 1}.`,
    invalid: false,
    zod: { 3: 'z.string()', 4: 'z.string()' },
    jsonSchema: { type: 'string' },
  },
  int: {
    ts: 'number',
    sql: { postgres: 'integer', sqlite: 'INTEGER' },
    sample: (i) => 10 + i,
    invalid: 1.5,
    zod: { 3: `z.number().int().min(-${INT32}).max(${INT32})`, 4: `z.int().min(-${INT32}).max(${INT32})` },
    jsonSchema: { type: 'integer', minimum: -INT32, maximum: INT32 },
  },
  number: {
    ts: 'number',
    sql: { postgres: 'double precision', sqlite: 'REAL' },
    sample: (i) => 2.5 + i,
    invalid: 'many',
    // zod 4's number() refuses Infinity itself; 3 needs finite().
    zod: { 3: 'z.number().finite()', 4: 'z.number()' },
    jsonSchema: { type: 'number' },
  },
  boolean: {
    ts: 'boolean',
    sql: { postgres: 'boolean', sqlite: 'INTEGER' },
    sample: (i) => i % 2 === 0,
    invalid: 'yes',
    zod: { 3: 'z.boolean()', 4: 'z.boolean()' },
    jsonSchema: { type: 'boolean' },
  },
  date: {
    ts: 'string',
    sql: { postgres: 'timestamptz', sqlite: 'TEXT' },
    sample: (i) => `2024-0${(i % 9) + 1}-15T10:30:00.000Z`,
    invalid: 'not a date',
    // A date or a date-time, with or without an offset, as the hand-written check and PostgreSQL take it.
    zod: {
      3: 'z.union([z.string().date(), z.string().datetime({ offset: true, local: true })])',
      4: 'z.union([z.iso.date(), z.iso.datetime({ offset: true, local: true })])',
    },
    jsonSchema: { type: 'string', pattern: ISO_DATE_PATTERN },
  },
  uuid: {
    ts: 'string',
    sql: { postgres: 'uuid', sqlite: 'TEXT' },
    sample: (i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    invalid: 'not-a-uuid',
    zod: { 3: 'z.string().uuid()', 4: 'z.uuid()' },
    jsonSchema: { type: 'string', pattern: UUID_PATTERN },
  },
};

export const FIELD_TYPE_NAMES = Object.keys(FIELD_TYPES) as FieldType[];
