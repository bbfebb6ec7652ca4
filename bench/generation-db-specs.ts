/**
 * Model specs for the generation-db bench, drawn from a fixed seed: a model name, 2–6 fields of every
 * logical type with optional/unique/default chosen at random (defaults valid for the type), and
 * relations to User (many-to-one, many-to-many, one-to-many) — the shapes the planner produces from
 * "create a Product model with title, price decimal, … and an owner relation".
 */
import type { FieldSpec, RelationSpec } from '../capabilities/generation/db-schema/model-spec.js';

export interface BenchSpec {
  name: string;
  fields: FieldSpec[];
  relations: RelationSpec[];
}

/** mulberry32: a small deterministic PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MODELS = [
  'Product',
  'Order',
  'Invoice',
  'Article',
  'Comment',
  'Event',
  'Ticket',
  'Review',
  'Project',
  'Task',
  'Team',
  'Address',
  'Payment',
  'Category',
  'Photo',
  'Message',
  'Session',
  'Device',
  'Booking',
  'Shipment',
  'Coupon',
  'Playlist',
  'Recipe',
  'Course',
];
const FIELDS: Array<[string, string]> = [
  ['title', 'string'],
  ['description', 'text'],
  ['price', 'decimal'],
  ['quantity', 'int'],
  ['views', 'bigint'],
  ['ratio', 'float'],
  ['isActive', 'boolean'],
  ['publishedAt', 'datetime'],
  ['dueDate', 'date'],
  ['metadata', 'json'],
  ['externalId', 'uuid'],
  ['status', 'string'],
  ['sku', 'varchar'],
  ['weight', 'double'],
  ['archived', 'bool'],
  ['startsAt', 'timestamp'],
  ['position', 'integer'],
  ['notes', 'text'],
  ['slug', 'string'],
  ['score', 'real'],
];

function defaultFor(type: string, pick: () => number): FieldSpec['default'] | undefined {
  if (pick() < 0.5) return undefined;
  switch (type) {
    case 'string':
    case 'varchar':
    case 'text':
      return ['draft', 'n/a', "o'clock"][Math.floor(pick() * 3)];
    case 'int':
    case 'integer':
    case 'bigint':
      return Math.floor(pick() * 100);
    case 'float':
    case 'double':
    case 'real':
    case 'decimal':
      return 1.5;
    case 'boolean':
    case 'bool':
      return pick() < 0.5;
    case 'datetime':
    case 'timestamp':
    case 'date':
      return 'now';
    default:
      return undefined;
  }
}

export function benchSpecs(seed: number, count: number): BenchSpec[] {
  const pick = prng(seed);
  const specs: BenchSpec[] = [];
  for (let i = 0; i < count; i++) {
    const name = MODELS[i % MODELS.length]!;
    const pool = [...FIELDS];
    const fields: FieldSpec[] = [];
    const size = 2 + Math.floor(pick() * 5);
    for (let f = 0; f < size; f++) {
      const [fieldName, type] = pool.splice(Math.floor(pick() * pool.length), 1)[0]!;
      const field: FieldSpec = { name: fieldName, type };
      if (pick() < 0.3) field.optional = true;
      if (pick() < 0.2 && type !== 'json' && type !== 'text') field.unique = true;
      const def = field.unique ? undefined : defaultFor(type, pick);
      if (def !== undefined) field.default = def;
      fields.push(field);
    }
    const relations: RelationSpec[] = [];
    const r = pick();
    if (r < 0.45)
      relations.push({
        kind: 'many-to-one',
        model: 'User',
        field: pick() < 0.5 ? 'owner' : 'user',
        ...(pick() < 0.4 ? { optional: true } : {}),
        ...(pick() < 0.3 ? { onDelete: 'cascade' as const } : {}),
      });
    else if (r < 0.65) relations.push({ kind: 'many-to-many', model: 'users', field: 'members' });
    else if (r < 0.75) relations.push({ kind: 'one-to-many', model: 'User', field: 'users' });
    specs.push({ name, fields, relations });
  }
  return specs;
}
