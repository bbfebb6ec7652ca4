/** analysis.lint's input. */
import type { JSONSchema } from '../../../core/index.js';
import { fileSelectionSchema, ruleSelectionSchema } from '../../../core/index.js';

/** auto: the project's ESLint config when it has one (and useProjectConfig), else the built-in rules. */
export type LintEngine = 'auto' | 'eslint' | 'builtin';

export interface LintInput {
  include?: string[];
  exclude?: string[];
  useProjectConfig?: boolean;
  engine?: LintEngine;
  rules?: { enable?: string[]; disable?: string[] };
}

export const LINT_INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...fileSelectionSchema(
      'lint (default: every TS/TSX/JS/JSX file)',
      "skip, on top of .gitignore, node_modules and the config's own ignores",
    ),
    useProjectConfig: {
      type: 'boolean',
      default: true,
      description:
        "Use the workspace's eslint.config.* when there is one. Loading it executes the config file and the plugins it imports, so it runs in agentd's sandbox and only when the job has the project-code permission (allowProjectCode / security.trustedWorkspaces); without the permission, or with false, agentd's own rules run instead.",
    },
    engine: {
      type: 'string',
      enum: ['auto', 'eslint', 'builtin'],
      default: 'auto',
      description:
        "auto: ESLint with the workspace's own eslint.config.* when there is one (and useProjectConfig), otherwise agentd's built-in rules (a curated set of ESLint's recommended rules re-implemented on the shared syntax tree; see the README for which and why). eslint: always ESLint (the project config, or ESLint + typescript-eslint recommended). builtin: always the built-in rules.",
    },
    rules: ruleSelectionSchema({ pattern: '^eslint/.+' }, 'Which findings to keep, by id (eslint/<rule>).'),
  },
};
