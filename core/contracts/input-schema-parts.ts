/**
 * Input-schema fragments every analysis capability shares, and what they mean: the files to look at
 * (`include`/`exclude`, gitignore globs) and the rules to report (`rules: { enable?, disable? }`).
 * One definition, so ten inputSchemas say the same thing the same way.
 */
import type { JSONSchema } from './capability.js';
import type { Finding } from './findings.js';

/** Gitignore-style globs relative to the workspace root, e.g. globsSchema('analyse'). */
export function globsSchema(what: string): JSONSchema {
  return { type: 'array', items: { type: 'string', minLength: 1 }, description: `Globs (gitignore syntax, relative to the workspace root) of files to ${what}.` };
}

/** The `include` and `exclude` properties; spread into an inputSchema's `properties`. */
export function fileSelectionSchema(included = 'analyse (default: every TS/TSX/JS/JSX file)', excluded = 'skip, on top of .gitignore and node_modules'): { include: JSONSchema; exclude: JSONSchema } {
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
