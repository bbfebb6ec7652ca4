/** analysis.security's input: files, categories, rules to enable/disable, severity overrides, test-file policy. */
import { fileSelectionSchema, type JSONSchema, type Severity } from '../../../core/index.js';
import { CATEGORIES, RULES, type Category } from './rules/index.js';
import { DEPENDENCY_RULES } from './dependencies.js';

export type TestFilePolicy = 'info' | 'skip' | 'report';

export interface SecurityInput {
  include?: string[];
  exclude?: string[];
  categories?: Category[];
  rules?: { enable?: string[]; disable?: string[] };
  severity?: Record<string, Severity>;
  testFiles?: TestFilePolicy;
  /** 'default': taint from request input; 'audit': also sinks reached by any non-constant value (library reviews). */
  profile?: 'default' | 'audit';
}

const ruleIds = [...RULES, ...DEPENDENCY_RULES].map((r) => r.id);
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'];

export const INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...fileSelectionSchema('scan (default: every TS/TSX/JS/JSX file)'),
    categories: {
      type: 'array',
      uniqueItems: true,
      items: { type: 'string', enum: [...CATEGORIES] },
      default: [...CATEGORIES],
      description:
        'Rule families to run: injection (SQL, NoSQL, command, code, template, path, redirect, SSRF, XXE, prototype pollution, mass assignment), xss, redos, secrets, crypto, csrf, transport (TLS, cookies, CORS), jwt, dependencies.',
    },
    rules: {
      type: 'object',
      additionalProperties: false,
      description: 'Rules to run only (enable) or to leave out (disable), by id.',
      properties: {
        enable: { type: 'array', uniqueItems: true, items: { type: 'string', enum: ruleIds } },
        disable: { type: 'array', uniqueItems: true, items: { type: 'string', enum: ruleIds } },
      },
    },
    severity: {
      type: 'object',
      description: 'Severity per rule id, replacing the computed one.',
      propertyNames: { enum: ruleIds },
      additionalProperties: { type: 'string', enum: SEVERITIES },
    },
    profile: {
      type: 'string',
      enum: ['default', 'audit'],
      default: 'default',
      description:
        "Taint profile. 'default' reports sinks reached by request or browser input (quiet, for CI). 'audit' also reports dangerous sinks reached by any non-constant value, function parameters included, at low severity: for reviewing libraries whose callers are not in the repository.",
    },
    testFiles: {
      type: 'string',
      enum: ['info', 'skip', 'report'],
      default: 'info',
      description:
        'Findings in test files and fixtures (test/, __tests__/, fixtures/, *.test.*, *.spec.*): reported as info (default), skipped, or reported as usual.',
    },
  },
};
