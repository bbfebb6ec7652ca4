/**
 * The JSON Schema of `agentd.config.json`, built from the analysis checks' metas: the thresholds are
 * the checks' own input schemas (one definition, so the file and a job's input cannot disagree), and
 * every documented rule id is listed so an editor completes it. scripts/write-config-schema.mjs writes
 * it to schema/agentd.config.schema.json (published with the package); a test keeps the two equal.
 */
import type { CapabilityMeta, JSONSchema } from '../contracts/index.js';
import { SEVERITIES } from '../report/severity.js';

/**
 * Where each check's thresholds live in its input: the whole `thresholds` object, or named top-level
 * properties (duplication's `minTokens`, ...). `thresholds.<check>` in the file maps onto them.
 */
export const THRESHOLD_FIELDS: Record<string, 'thresholds' | string[]> = {
  complexity: 'thresholds',
  smells: 'thresholds',
  duplication: ['minTokens', 'minLines', 'mediumLines'],
  structure: ['maxDepth'],
};

/** Rule ids are `<prefix>/<name>`; a prefix alone with `/*`, or `*`, names every rule it covers. */
export const RULE_PATTERN = '^(\\*|[a-z][a-z0-9-]*/(\\*|[A-Za-z0-9@._/-]+))$';

const LEVELS = ['off', ...SEVERITIES];
const globs = (what: string): JSONSchema => ({ type: 'array', items: { type: 'string', minLength: 1 }, description: what });
const level: JSONSchema = { $ref: '#/definitions/ruleLevel' };

function thresholdsSchema(metas: readonly CapabilityMeta[]): JSONSchema {
  const properties: Record<string, JSONSchema> = {};
  for (const [check, fields] of Object.entries(THRESHOLD_FIELDS)) {
    const input = metas.find((m) => m.id === `analysis.${check}`)?.inputSchema as { properties?: Record<string, JSONSchema> } | undefined;
    if (!input?.properties) continue;
    if (fields === 'thresholds') {
      if (input.properties.thresholds) properties[check] = input.properties.thresholds;
      continue;
    }
    const picked = Object.fromEntries(fields.filter((f) => input.properties![f]).map((f) => [f, input.properties![f]!]));
    properties[check] = { type: 'object', additionalProperties: false, properties: picked };
  }
  return {
    type: 'object',
    additionalProperties: false,
    description: "Thresholds per check, as that check's input names them.",
    properties,
  };
}

function rulesSchema(metas: readonly CapabilityMeta[]): JSONSchema {
  const ids = [...new Set(metas.flatMap((m) => (m.rules ?? []).map((r) => r.id)))].sort();
  return {
    type: 'object',
    description: 'Rule id (or "<check>/*", or "*") -> "off" or the severity its findings get.',
    propertyNames: { pattern: RULE_PATTERN },
    properties: Object.fromEntries(ids.map((id) => [id, level])),
    additionalProperties: level,
  };
}

export function buildConfigSchema(metas: readonly CapabilityMeta[]): JSONSchema {
  const checks = metas
    .filter((m) => m.group === 'analysis')
    .map((m) => m.id.slice('analysis.'.length))
    .sort();
  const rules = rulesSchema(metas);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'agentd project configuration (agentd.config.json)',
    type: 'object',
    additionalProperties: false,
    definitions: { ruleLevel: { enum: LEVELS, description: '"off" drops the rule\'s findings; a severity replaces theirs.' } },
    properties: {
      $schema: { type: 'string', description: 'This schema, for editors.' },
      checks: {
        type: 'array',
        minItems: 1,
        uniqueItems: true,
        items: { enum: ['all', ...checks] },
        description: 'Checks `agentd scan` runs when --checks is not given (["all"]: every check).',
      },
      include: globs("Files to scan (gitignore syntax, relative to this file's folder); default every TS/JS file."),
      exclude: globs("Files never scanned, on top of .gitignore and node_modules (gitignore syntax, relative to this file's folder)."),
      failOn: {
        enum: [...SEVERITIES, 'none'],
        description: '`agentd scan` exits 1 at or above this severity when --fail-on is not given.',
      },
      baseline: {
        type: 'string',
        minLength: 1,
        description: "An earlier JSON or SARIF report (relative to this file's folder): only findings not in it are reported.",
      },
      profile: {
        type: 'string',
        minLength: 1,
        description: 'The analysis.security profile (passed as its `profile` input when it takes one).',
      },
      rules,
      overrides: {
        type: 'array',
        description: 'Rule settings for some files; later entries win over earlier ones and over `rules`.',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['files', 'rules'],
          properties: {
            files: { ...globs('Files this entry applies to.'), minItems: 1 },
            excludedFiles: globs('Files left out of `files`.'),
            rules,
          },
        },
      },
      thresholds: thresholdsSchema(metas),
      options: {
        type: 'object',
        description: "Any other input of a check, by check name; validated against that check's input schema.",
        propertyNames: { enum: checks },
        additionalProperties: { type: 'object' },
      },
      defaults: {
        type: 'object',
        additionalProperties: false,
        description: 'The defaults agentd applies before this file (docs/scan.md, "Defaults").',
        properties: {
          testCode: {
            type: 'boolean',
            default: true,
            description:
              'Tests, fixtures, mocks and benchmarks: no complexity, duplication, smells, naming or performance findings; security and lint findings at most low.',
          },
          generatedCode: {
            type: 'boolean',
            default: true,
            description: 'Generated, vendored, minified and build-output files are not scanned.',
          },
          maintainabilityCap: {
            enum: [...SEVERITIES, 'none'],
            default: 'medium',
            description:
              'Maintainability findings (complexity, smells, duplication, naming, structure, dependencies) are at most this severity; "none" keeps theirs.',
          },
        },
      },
    },
  };
}
