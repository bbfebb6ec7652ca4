/** analysis.performance's input: which files and which rules; `browser` forces or disables the bundle-size check. */
import type { JSONSchema } from '../../../core/index.js';
import { fileSelectionSchema, ruleSelectionSchema, type RuleSelection } from '../../../core/index.js';
import { PERFORMANCE_RULE_IDS } from './rules.js';

export interface PerformanceInput {
  include?: string[];
  exclude?: string[];
  browser?: 'auto' | 'yes' | 'no';
  rules?: RuleSelection;
}

export const PERFORMANCE_INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...fileSelectionSchema(),
    browser: {
      type: 'string',
      enum: ['auto', 'yes', 'no'],
      default: 'auto',
      description: "Whether the code ships to browsers (bundle-size checks). 'auto': a React/Next/Vue/Svelte project, or .tsx/.jsx files.",
    },
    rules: ruleSelectionSchema(PERFORMANCE_RULE_IDS),
  },
};
