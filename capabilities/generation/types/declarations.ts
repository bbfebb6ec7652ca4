/** generation.types' declarations from its input: samples, a JSON Schema or a field list. */
import { AgentdError } from '../../../core/index.js';
import { Hoister } from './hoist.js';
import { datesAsDate, inferSamples } from './infer-samples.js';
import { typesFromSchema } from './from-json-schema.js';
import type { Declaration, Prop, TypeNode } from './model.js';

export interface FieldInput {
  name: string;
  type: string;
  optional?: boolean;
}

const FIELD_TYPES: Record<string, TypeNode> = {
  string: { kind: 'string' },
  number: { kind: 'number' },
  boolean: { kind: 'boolean' },
  Date: { kind: 'date' },
  date: { kind: 'date' },
  unknown: { kind: 'unknown' },
  null: { kind: 'null' },
};

function fieldType(field: FieldInput, at: number): TypeNode {
  const array = field.type.endsWith('[]');
  const base = FIELD_TYPES[array ? field.type.slice(0, -2) : field.type];
  if (!base)
    throw new AgentdError(
      'invalid_input',
      `fields[${at}].type: "${field.type}" is not one of ${Object.keys(FIELD_TYPES).join(', ')} (optionally with [])`,
    );
  return array ? { kind: 'array', items: base } : base;
}

export interface DeclarationSet {
  declarations: Declaration[];
  source: 'samples' | 'schema' | 'fields';
  ignored: string[];
}

/** The root declaration first, then the others in the order they were met. */
function rootFirst(decls: Declaration[], root: string): Declaration[] {
  return [...decls.filter((d) => d.name === root), ...decls.filter((d) => d.name !== root)];
}

export function declarationsFrom(
  name: string,
  input: {
    samples: unknown[];
    schema: Record<string, unknown> | null;
    fields?: FieldInput[];
    dates: 'string' | 'Date';
    taken?: Set<string>;
  },
): DeclarationSet {
  const dates = (t: TypeNode): TypeNode => (input.dates === 'Date' ? datesAsDate(t) : t);
  const given = [input.samples.length > 0, input.schema !== null, (input.fields ?? []).length > 0].filter(Boolean).length;
  if (given === 0)
    throw new AgentdError(
      'invalid_input',
      'generation.types needs JSON samples (samples, sample or samplesFrom), a JSON Schema (schema or schemaFile) or fields',
    );
  if (given > 1) throw new AgentdError('invalid_input', 'give one source: JSON samples, a JSON Schema or fields, not several');
  if (input.schema) {
    const { declarations, ignored } = typesFromSchema(input.schema, name, input.taken);
    return {
      declarations: rootFirst(
        declarations.map((d) => ({ ...d, type: dates(d.type) })),
        name,
      ),
      source: 'schema',
      ignored,
    };
  }
  const hoister = new Hoister();
  hoister.reserved.add(name);
  for (const t of input.taken ?? []) hoister.reserved.add(t);
  if (input.samples.length > 0) {
    hoister.declare(name, dates(inferSamples(input.samples)));
    return { declarations: rootFirst(hoister.declarations, name), source: 'samples', ignored: [] };
  }
  const props: Prop[] = input.fields!.map((f, i) => ({ name: f.name, type: fieldType(f, i), optional: f.optional === true }));
  hoister.declare(name, { kind: 'object', props, index: null, closed: false });
  return { declarations: hoister.declarations, source: 'fields', ignored: [] };
}
