/** analysis.dependencies' input: scope, whether type-only imports form cycles, and rules. */
import type { JSONSchema } from '../../../core/index.js';
import { selectRules } from '../structure/options.js';
import { RULE_IDS, type DependencyRuleId } from './rules.js';

export interface DependenciesInput {
  include?: string[];
  exclude?: string[];
  includeTypeImports?: boolean;
  rules?: { enable?: string[]; disable?: string[] };
}

export interface DependenciesOptions {
  includeTypeImports: boolean;
  /** Unused packages can only be judged when every file was looked at. */
  wholeWorkspace: boolean;
  rules: Set<DependencyRuleId>;
}

const globs = (what: string): JSONSchema => ({ type: 'array', items: { type: 'string', minLength: 1 }, description: `Globs (gitignore syntax, relative to the workspace root) of files to ${what}.` });
const ruleList = (what: string): JSONSchema => ({ type: 'array', items: { type: 'string', enum: [...RULE_IDS] }, uniqueItems: true, description: `Rule ids to ${what}.` });

export const INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    include: globs('analyse (default: every TS/TSX/JS/JSX file; unused packages are then not judged)'),
    exclude: globs('skip, on top of .gitignore and node_modules'),
    includeTypeImports: { type: 'boolean', default: false, description: 'Count type-only imports as edges when looking for cycles.' },
    rules: { type: 'object', additionalProperties: false, properties: { enable: ruleList('report (default: all)'), disable: ruleList('leave out') } },
  },
};

export function resolveOptions(input: DependenciesInput): DependenciesOptions {
  return { includeTypeImports: input.includeTypeImports ?? false, wholeWorkspace: !input.include || input.include.length === 0, rules: selectRules(RULE_IDS, input.rules) };
}
