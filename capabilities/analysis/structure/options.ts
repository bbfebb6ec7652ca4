/** analysis.structure's input: scope, the folder-depth limit, how many largest files to list, and rules. */
import { fileSelectionSchema, ruleSelectionSchema, type JSONSchema } from '../../../core/index.js';
import { RULE_IDS, type StructureRuleId } from './rules.js';

export interface StructureInput {
  include?: string[];
  exclude?: string[];
  maxDepth?: number;
  largest?: number;
  includeTypeImports?: boolean;
  rules?: { enable?: string[]; disable?: string[] };
}

export interface StructureOptions {
  maxDepth: number;
  largest: number;
  includeTypeImports: boolean;
  /** Orphans can only be judged when every file's imports were read (no include globs). */
  wholeWorkspace: boolean;
  rules: Set<StructureRuleId>;
}

export const INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...fileSelectionSchema('analyse (default: every TS/TSX/JS/JSX file; orphan files are then not judged)'),
    maxDepth: {
      type: 'integer',
      minimum: 1,
      maximum: 50,
      default: 6,
      description: 'Folders deeper than this below the root are reported.',
    },
    largest: { type: 'integer', minimum: 0, maximum: 100, default: 10, description: 'How many of the largest files to list.' },
    includeTypeImports: { type: 'boolean', default: false, description: 'Count type-only imports as edges when looking for cycles.' },
    rules: ruleSelectionSchema([...RULE_IDS]),
  },
};

export function selectRules<T extends string>(all: readonly T[], rules: { enable?: string[]; disable?: string[] } | undefined): Set<T> {
  const enabled = rules?.enable ? all.filter((r) => rules.enable!.includes(r)) : [...all];
  return new Set(enabled.filter((r) => !(rules?.disable ?? []).includes(r)));
}

export function resolveOptions(input: StructureInput): StructureOptions {
  return {
    maxDepth: input.maxDepth ?? 6,
    largest: input.largest ?? 10,
    includeTypeImports: input.includeTypeImports ?? false,
    wholeWorkspace: !input.include || input.include.length === 0,
    rules: selectRules(RULE_IDS, input.rules),
  };
}
