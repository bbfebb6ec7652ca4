/**
 * analysis.duplication's input. Defaults are jscpd's: a clone needs at least 50 tokens and 5 lines.
 * `mediumLines` is where a clone's severity rises from low to medium (30 lines: a copy that long is a
 * whole routine, and every fix to it must now be made twice).
 */
import { fileSelectionSchema, ruleSelectionSchema, type JSONSchema } from '../../../core/index.js';
import type { CloneKind } from './clone-report.js';
import { DEFAULT_MIN_LINES, DEFAULT_MIN_TOKENS } from './analyze-duplication.js';

export interface DuplicationInput {
  include?: string[];
  exclude?: string[];
  minTokens?: number;
  minLines?: number;
  mediumLines?: number;
  kinds?: CloneKind[];
  rules?: { enable?: string[]; disable?: string[] };
}

export interface ResolvedDuplicationInput {
  minTokens: number;
  minLines: number;
  mediumLines: number;
  kinds: CloneKind[];
  reportFindings: boolean;
}

export const RULE_ID = 'duplication/clone';

export const INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...fileSelectionSchema(),
    minTokens: {
      type: 'integer',
      minimum: 10,
      maximum: 10000,
      default: DEFAULT_MIN_TOKENS,
      description: 'Smallest clone, in tokens (jscpd --min-tokens).',
    },
    minLines: {
      type: 'integer',
      minimum: 1,
      maximum: 10000,
      default: DEFAULT_MIN_LINES,
      description: 'Smallest clone, in lines (jscpd --min-lines).',
    },
    mediumLines: {
      type: 'integer',
      minimum: 1,
      default: 30,
      description: 'Clones of at least this many lines are medium severity; shorter ones low.',
    },
    kinds: {
      type: 'array',
      items: { type: 'string', enum: ['exact', 'renamed'] },
      uniqueItems: true,
      default: ['exact', 'renamed'],
      description: 'Clone kinds to report: exact copies, and copies with renamed identifiers or changed literals.',
    },
    rules: ruleSelectionSchema([RULE_ID]),
  },
};

export function resolveInput(input: DuplicationInput): ResolvedDuplicationInput {
  const enabled = input.rules?.enable ? input.rules.enable.includes(RULE_ID) : true;
  return {
    minTokens: input.minTokens ?? DEFAULT_MIN_TOKENS,
    minLines: input.minLines ?? DEFAULT_MIN_LINES,
    mediumLines: input.mediumLines ?? 30,
    kinds: input.kinds && input.kinds.length > 0 ? input.kinds : ['exact', 'renamed'],
    reportFindings: enabled && !(input.rules?.disable ?? []).includes(RULE_ID),
  };
}
