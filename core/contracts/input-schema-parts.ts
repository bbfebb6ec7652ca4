/**
 * Input-schema fragments every analysis capability shares, and what they mean: the files to look at
 * (`include`/`exclude`, gitignore globs) and the rules to report (`rules: { enable?, disable? }`).
 * One definition, so ten inputSchemas say the same thing the same way.
 */
import type { JSONSchema } from './capability.js';
import type { Finding } from './findings.js';

/**
 * Length limits of client-sent paths and names, checked by the input schema before any work: a path
 * longer than Linux's PATH_MAX names no file, and an identifier is a few dozen characters (a 900,000-
 * character name once cost seconds of CPU in a "did you mean" search).
 */
export const MAX_PATH_LENGTH = 1024;
export const MAX_NAME_LENGTH = 256;

/** A workspace-relative path (or glob) given by the client. */
export function pathSchema(description?: string): JSONSchema {
  return { type: 'string', minLength: 1, maxLength: MAX_PATH_LENGTH, ...(description ? { description } : {}) };
}

/** A name (identifier, symbol) given by the client. */
export function nameSchema(description?: string): JSONSchema {
  return { type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH, ...(description ? { description } : {}) };
}

/** Gitignore-style globs relative to the workspace root, e.g. globsSchema('analyse'). */
export function globsSchema(what: string): JSONSchema {
  return {
    type: 'array',
    maxItems: 1000,
    items: pathSchema(),
    description: `Globs (gitignore syntax, relative to the workspace root) of files to ${what}.`,
  };
}

/** The `include` and `exclude` properties; spread into an inputSchema's `properties`. */
export function fileSelectionSchema(
  included = 'analyse (default: every TS/TSX/JS/JSX file)',
  excluded = 'skip, on top of .gitignore and node_modules',
): { include: JSONSchema; exclude: JSONSchema } {
  return { include: globsSchema(included), exclude: globsSchema(excluded) };
}

export interface FileSelection {
  include?: string[];
  exclude?: string[];
}

export interface RuleSelection {
  enable?: string[];
  disable?: string[];
}

/** The `rules` property: ids from a fixed list, or (for open-ended ids such as ESLint's) matching a pattern. */
export function ruleSelectionSchema(ids: readonly string[] | { pattern: string }, description = 'Which rules report.'): JSONSchema {
  const item: JSONSchema = 'pattern' in ids ? { type: 'string', pattern: ids.pattern } : { type: 'string', enum: [...ids] };
  const list = (what: string): JSONSchema => ({ type: 'array', items: item, uniqueItems: true, description: what });
  return {
    type: 'object',
    additionalProperties: false,
    description,
    properties: { enable: list('Report only these rules (default: all).'), disable: list('Never report these rules.') },
  };
}

/** enable keeps only the listed ids (when given); disable drops ids. */
export function isRuleOn(ruleId: string, selection: RuleSelection | undefined): boolean {
  if (selection?.enable && !selection.enable.includes(ruleId)) return false;
  return !(selection?.disable ?? []).includes(ruleId);
}

export function selectFindings(findings: Finding[], selection: RuleSelection | undefined): Finding[] {
  return findings.filter((f) => isRuleOn(f.ruleId, selection));
}
