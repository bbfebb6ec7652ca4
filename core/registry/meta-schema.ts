/** The JSON Schema every capability's `meta` must satisfy (checked with ajv when the module is registered). */
import { CAPABILITY_GROUPS } from '../contracts/index.js';
import { PLANNING_SCHEMA } from './planning-schema.js';

/** semver 2.0.0, from semver.org (numbered groups dropped). */
export const SEMVER_PATTERN =
  '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)' +
  '(?:-(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*)?' +
  '(?:\\+[0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*)?$';

export const ID_PATTERN = `^(${CAPABILITY_GROUPS.join('|')})\\.[a-z][a-z0-9-]*$`;

/** A declared error code: snake_case with at least two words (the first is the namespace). */
export const ERROR_CODE_PATTERN = '^[a-z][a-z0-9]*(_[a-z0-9]+)+$';

/** What a meta field with a pattern must look like, in words (error messages show this, not the regex). */
export const META_PATTERN_HINTS: Readonly<Record<string, string>> = {
  '/id': `must be "<group>.<name>": a group (${CAPABILITY_GROUPS.join(', ')}), a dot, and a lower-case kebab-case name such as "analysis.security"`,
  '/version': 'must be a semver version such as "1.0.0"',
};

export const META_SCHEMA = {
  type: 'object',
  required: ['id', 'group', 'title', 'description', 'version', 'inputSchema', 'writes'],
  properties: {
    id: { type: 'string', pattern: ID_PATTERN },
    group: { enum: [...CAPABILITY_GROUPS] },
    title: { type: 'string', minLength: 1, pattern: '\\S' },
    description: { type: 'string', minLength: 1, pattern: '\\S' },
    version: { type: 'string', pattern: SEMVER_PATTERN },
    inputSchema: { type: 'object' },
    writes: { type: 'boolean' },
    projectCode: {
      type: 'object',
      required: ['runs', 'without'],
      additionalProperties: false,
      properties: { runs: { type: 'string', minLength: 1 }, without: { type: 'string', minLength: 1 } },
    },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'description'],
        additionalProperties: false,
        properties: {
          code: { type: 'string', pattern: ERROR_CODE_PATTERN },
          description: { type: 'string', minLength: 1, pattern: '\\S' },
        },
      },
    },
    // The planner's data (core/contracts/planning.ts); null or absent: runnable by id, not planned.
    planning: PLANNING_SCHEMA,
    // --- execution (core/contracts CapabilityExecution; capabilities/README.md) ---
    execution: {
      type: 'object',
      additionalProperties: false,
      properties: {
        parses: { enum: ['syntax-tree', 'ts-program', 'none'] },
        tokens: { type: 'boolean' },
        metrics: { type: 'boolean' },
        composes: { type: 'array', uniqueItems: true, items: { type: 'string', pattern: ID_PATTERN } },
        cost: { enum: ['light', 'heavy'] },
        thread: { enum: ['main', 'second'] },
        testCode: { enum: ['include', 'leave-out'] },
      },
    },
    // --- end execution ---
    report: {
      type: 'object',
      additionalProperties: false,
      properties: { findings: { enum: ['issues', 'vulnerabilities'] }, folderScores: { type: 'boolean' } },
    },
  },
} as const;
