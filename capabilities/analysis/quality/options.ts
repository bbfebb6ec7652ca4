/** analysis.quality's input: scope, how many top issues, component weights, and whether earlier steps' findings are reused. */
import type { JSONSchema } from '../../../core/index.js';
import { fileSelectionSchema } from '../../../core/index.js';
import { COMPONENTS, DEFAULT_WEIGHTS, type Component } from './score.js';

export interface QualityInput {
  include?: string[];
  exclude?: string[];
  top?: number;
  weights?: Partial<Record<Component, number>>;
  usePrevious?: boolean;
}

export const QUALITY_INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...fileSelectionSchema('score (default: every TS/TSX/JS/JSX file)', 'leave out, on top of .gitignore and node_modules'),
    top: { type: 'integer', minimum: 0, maximum: 1000, default: 10, description: 'How many top issues to list.' },
    weights: {
      type: 'object',
      additionalProperties: false,
      description: "Multiplier of each component's remediation minutes (docs/quality-score.md); 0 leaves a component out of the score.",
      properties: Object.fromEntries(COMPONENTS.map((c) => [c, { type: 'number', minimum: 0, maximum: 10, default: DEFAULT_WEIGHTS[c] }])),
    },
    usePrevious: {
      type: 'boolean',
      default: true,
      description: 'Use the findings of earlier steps of the job (e.g. an analysis.smells step) instead of running that component again.',
    },
  },
};
