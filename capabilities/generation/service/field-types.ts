/**
 * The field types a resource spec may use and what each becomes: the TypeScript type of the API, the
 * column type per SQL dialect, the check the generated validator makes, and sample values for the
 * generated tests. Data, so a new type is one entry here (and one case in request-checks.eta).
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
}

export const FIELD_TYPES: Record<FieldType, FieldTypeInfo> = {
  string: { ts: 'string', sql: { postgres: 'varchar(255)', sqlite: 'TEXT' }, sample: (i, name) => `${name} ${i + 1}`, invalid: 42 },
  text: {
    ts: 'string',
    sql: { postgres: 'text', sqlite: 'TEXT' },
    sample: (i, name) => `A longer ${name}, number ${i + 1}.`,
    invalid: false,
  },
  int: { ts: 'number', sql: { postgres: 'integer', sqlite: 'INTEGER' }, sample: (i) => 10 + i, invalid: 1.5 },
  number: { ts: 'number', sql: { postgres: 'double precision', sqlite: 'REAL' }, sample: (i) => 2.5 + i, invalid: 'many' },
  boolean: { ts: 'boolean', sql: { postgres: 'boolean', sqlite: 'INTEGER' }, sample: (i) => i % 2 === 0, invalid: 'yes' },
  date: {
    ts: 'string',
    sql: { postgres: 'timestamptz', sqlite: 'TEXT' },
    sample: (i) => `2024-0${(i % 9) + 1}-15T10:30:00.000Z`,
    invalid: 'not a date',
  },
  uuid: {
    ts: 'string',
    sql: { postgres: 'uuid', sqlite: 'TEXT' },
    sample: (i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    invalid: 'not-a-uuid',
  },
};

export const FIELD_TYPE_NAMES = Object.keys(FIELD_TYPES) as FieldType[];
