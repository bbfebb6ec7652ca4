/** analysis.dependencies' input: scope, whether type-only imports form cycles, and rules. */
import { fileSelectionSchema, ruleSelectionSchema, type JSONSchema } from '../../../core/index.js';
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

export const INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...fileSelectionSchema('analyse (default: every TS/TSX/JS/JSX file; unused packages are then not judged)'),
    includeTypeImports: { type: 'boolean', default: false, description: 'Count type-only imports as edges when looking for cycles.' },
    rules: ruleSelectionSchema([...RULE_IDS]),
  },
};

export function resolveOptions(input: DependenciesInput): DependenciesOptions {
  return {
    includeTypeImports: input.includeTypeImports ?? false,
    wholeWorkspace: !input.include || input.include.length === 0,
    rules: selectRules(RULE_IDS, input.rules),
  };
}
