/**
 * The API generators' resource specs, drawn from a fixed seed so every run and every bench that uses
 * them (generation-api.ts's matrix, generation-next-build.ts) generates the same resources: names,
 * 1-6 fields of every type with required/unique/defaults at random, and a subset of the HTTP methods.
 */
import type { FieldSpec } from '../capabilities/generation/service/resource-model.js';

const RESOURCES = [
  'invoice',
  'ticket',
  'customer',
  'shipment',
  'coupon',
  'review',
  'playlist',
  'song',
  'venue',
  'booking',
  'recipe',
  'ingredient',
  'lesson',
  'course',
  'badge',
  'device',
  'sensor reading',
  'wallet',
  'payment',
  'article',
  'city',
  'vehicle',
  'warehouse',
  'supplier',
];
const FIELD_NAMES = [
  'title',
  'label',
  'description',
  'amount',
  'quantity',
  'rating',
  'active',
  'archived',
  'startsAt',
  'endsAt',
  'externalId',
  'code',
  'email',
  'score',
  'weight',
  'notes',
  'visible',
  'position',
  'ownerId',
  'createdOn',
];
export const TYPES = ['string', 'text', 'int', 'number', 'boolean', 'date', 'uuid'] as const;
const METHOD_SETS = [
  ['list', 'get', 'create', 'update', 'delete'],
  ['list', 'get'],
  ['create', 'get'],
  ['list', 'create', 'delete'],
  ['get', 'update'],
] as const;

/** mulberry32: a small seeded PRNG, so the matrix is the same every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Spec {
  resource: string;
  fields: FieldSpec[];
  methods: string[];
}

export function specs(count: number, seed: number): Spec[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return RESOURCES.slice(0, count).map((resource) => {
    const names = [...FIELD_NAMES].sort(() => next() - 0.5).slice(0, 1 + Math.floor(next() * 6));
    const fields = names.map((name): FieldSpec => {
      const type = pick(TYPES);
      const field: FieldSpec = { name, type, required: next() < 0.5, unique: type !== 'boolean' && next() < 0.2 };
      if (next() < 0.25) {
        const defaults: Record<string, FieldSpec['default']> = {
          string: 'n/a',
          text: "it's new",
          int: 3,
          number: 1.5,
          boolean: true,
          date: 'now',
        };
        if (type in defaults) field.default = defaults[type];
      }
      return field;
    });
    return { resource, fields, methods: [...pick(METHOD_SETS)] };
  });
}
