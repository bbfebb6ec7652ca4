/** The JSON Schema of `meta.planning` (core/contracts/planning.ts), part of the meta schema. */
import { DEBUG_STAGES, INTENT_FAMILIES, PLANNING_ROLES, PLANNING_STRATEGIES } from '../contracts/index.js';

const text = { type: 'string', minLength: 1 } as const;
const phrases = { type: 'array', items: text } as const;
const condition = { type: 'object', additionalProperties: false, properties: { any: phrases, none: phrases } } as const;
const role = { enum: [...PLANNING_ROLES] } as const;
const scalar = { type: ['string', 'number', 'boolean'] } as const;
const vocabulary = {
  type: 'array',
  items: {
    type: 'object',
    required: ['value', 'phrases'],
    additionalProperties: false,
    properties: { value: text, phrases, patterns: phrases, unlessIntent: text },
  },
} as const;

const intent = {
  type: 'object',
  required: ['id', 'label', 'keywords'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
    label: text,
    // "phrase=weight,word!": comma-separated phrases, each optionally "=<number>".
    keywords: { type: 'string', pattern: '^[^,=]+(=\\d+(\\.\\d+)?)?(,[^,=]+(=\\d+(\\.\\d+)?)?)*$' },
    family: { enum: [...INTENT_FAMILIES] },
    rank: { type: 'number' },
    when: condition,
    exclusive: { type: 'boolean' },
    needsSubject: phrases,
    yieldsTo: {
      type: 'array',
      items: { type: 'object', required: ['intent'], additionalProperties: false, properties: { intent: text, pattern: text } },
    },
    offered: {
      type: 'object',
      required: ['when', 'order'],
      additionalProperties: false,
      properties: { when: { enum: ['vague', 'build'] }, order: { type: 'number' } },
    },
  },
} as const;

/** One schema per field source kind, chosen by `from`. */
const field = (from: string, extra: Record<string, unknown> = {}, required: string[] = []): Record<string, unknown> => ({
  if: { properties: { from: { const: from } }, required: ['from'] },
  then: {
    required: ['field', 'from', ...required],
    additionalProperties: false,
    properties: { field: text, from: { const: from }, ...extra },
  },
});

const FIELD_SOURCES = [
  field('vocabulary', { vocabulary, shown: { type: 'boolean' } }, ['vocabulary']),
  field('runner', { vocabulary }, ['vocabulary']),
  field('threshold', { min: { type: 'number' } }),
  field('count', { min: { type: 'number' } }),
  field('tests-included', { value: scalar }, ['value']),
  field('phrase', { phrases, value: scalar, ifField: text, ifIncludes: text, placesToo: { type: 'boolean' } }, ['phrases', 'value']),
  field('pattern', { patterns: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } }, fallback: text }, ['patterns']),
  field('symbol'),
  field('part'),
  field('name'),
  field('task'),
  field('checks'),
  field('methods'),
  field('fields'),
  field('new-name', { kind: { enum: ['component', 'hook', 'other'] }, fallback: text }, ['kind', 'fallback']),
  field('resource', { fallback: text }, ['fallback']),
  field('framework', { vocabulary }, ['vocabulary']),
];

export const FIELD_SOURCE_KINDS = [
  'vocabulary',
  'runner',
  'threshold',
  'count',
  'tests-included',
  'phrase',
  'symbol',
  'part',
  'name',
  'task',
  'pattern',
  'checks',
  'methods',
  'fields',
  'new-name',
  'resource',
  'framework',
];

export const PLANNING_SCHEMA = {
  type: ['object', 'null'],
  required: ['intents', 'strategy'],
  additionalProperties: false,
  properties: {
    intents: { type: 'array', items: intent },
    strategy: { enum: [...PLANNING_STRATEGIES] },
    stepTitle: text,
    summary: text,
    valuesFallback: text,
    scope: { type: 'boolean' },
    fields: {
      type: 'array',
      items: { type: 'object', required: ['field', 'from'], properties: { from: { enum: FIELD_SOURCE_KINDS } }, allOf: FIELD_SOURCES },
    },
    notes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['text'],
        additionalProperties: false,
        properties: {
          text,
          ifField: text,
          ifIncludes: text,
          unlessField: text,
          ifProject: { type: 'object', required: ['key', 'equals'], additionalProperties: false, properties: { key: text, equals: text } },
        },
      },
    },
    roles: { type: 'array', items: role },
    precededBy: role,
    behaviourNeutral: { type: 'boolean' },
    supersedes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['intent', 'when', 'summary'],
        additionalProperties: false,
        properties: { intent: text, when: condition, summary: text },
      },
    },
    debug: {
      type: 'object',
      required: ['stage', 'verb'],
      additionalProperties: false,
      properties: {
        stage: { enum: [...DEBUG_STAGES] },
        verb: text,
        words: { type: 'array', items: text },
        pastedWords: { type: 'array', items: text },
      },
    },
    generates: {
      type: 'object',
      required: ['kind', 'api', 'workflow'],
      additionalProperties: false,
      properties: {
        kind: text,
        api: { type: 'boolean' },
        workflow: { type: 'boolean' },
        parts: { type: 'boolean' },
        tested: { type: 'boolean' },
      },
    },
    tests: phrases,
  },
} as const;
