/**
 * analysis.complexity's input: which files, and the thresholds above which a function is reported.
 * Defaults: cyclomatic 10 — McCabe's own recommendation and what many teams report at; ESLint's
 * `complexity` rule defaults to 20, so pass 20 to report exactly what ESLint would. cognitive 15 —
 * SonarSource's default (rule S3776). nesting 4 — ESLint `max-depth`'s default. params 4 — one more
 * than ESLint `max-params`' strict 3. lines 50 — ESLint `max-lines-per-function`'s default.
 * maintainability 20 — files below it are in Visual Studio's "moderate"/"poor" bands.
 */
import { fileSelectionSchema, ruleSelectionSchema, type JSONSchema, type RuleSelection } from '../../../core/index.js';
import { RULE_IDS } from './rules.js';

export interface Thresholds {
  cyclomatic: number;
  cognitive: number;
  nesting: number;
  params: number;
  lines: number;
  maintainability: number;
}

export interface ComplexityInput {
  include?: string[];
  exclude?: string[];
  thresholds?: Partial<Thresholds>;
  rules?: RuleSelection;
}

export const DEFAULT_THRESHOLDS: Thresholds = { cyclomatic: 10, cognitive: 15, nesting: 4, params: 4, lines: 50, maintainability: 20 };

const limit = (description: string, minimum: number, fallback: number): JSONSchema => ({
  type: 'integer',
  minimum,
  default: fallback,
  description,
});

export const INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...fileSelectionSchema(),
    thresholds: {
      type: 'object',
      additionalProperties: false,
      description: 'A function is reported when a metric is above its threshold.',
      properties: {
        cyclomatic: limit('Cyclomatic complexity (ESLint `complexity` counting).', 1, DEFAULT_THRESHOLDS.cyclomatic),
        cognitive: limit('Cognitive complexity (SonarSource).', 1, DEFAULT_THRESHOLDS.cognitive),
        nesting: limit('Nesting depth (ESLint `max-depth` counting).', 1, DEFAULT_THRESHOLDS.nesting),
        params: limit('Number of parameters.', 0, DEFAULT_THRESHOLDS.params),
        lines: limit('Lines of the function, first to last.', 1, DEFAULT_THRESHOLDS.lines),
        maintainability: {
          type: 'number',
          minimum: 0,
          maximum: 100,
          default: DEFAULT_THRESHOLDS.maintainability,
          description: 'A file is reported when its maintainability index (0-100) is below this.',
        },
      },
    },
    rules: ruleSelectionSchema(RULE_IDS),
  },
};

export function resolveThresholds(input: ComplexityInput): Thresholds {
  return { ...DEFAULT_THRESHOLDS, ...(input.thresholds ?? {}) };
}
