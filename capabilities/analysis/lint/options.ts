/** analysis.lint's input. */
import type { JSONSchema } from '../../../core/index.js';
import { globsSchema } from '../smells/rule-selection.js';

export interface LintInput {
  include?: string[];
  exclude?: string[];
  useProjectConfig?: boolean;
  rules?: { enable?: string[]; disable?: string[] };
}

const ids = (what: string): JSONSchema => ({ type: 'array', uniqueItems: true, items: { type: 'string', pattern: '^eslint/.+' }, description: what });

export const LINT_INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    include: globsSchema('lint (default: every TS/TSX/JS/JSX file)'),
    exclude: globsSchema('skip, on top of .gitignore, node_modules and the config\'s own ignores'),
    useProjectConfig: {
      type: 'boolean', default: true,
      description: "Use the workspace's eslint.config.* when there is one. Loading it executes the config file and the plugins it imports; set false for untrusted workspaces (agentd's recommended config is used instead).",
    },
    rules: {
      type: 'object', additionalProperties: false, description: 'Which findings to keep, by id (eslint/<rule>).',
      properties: { enable: ids('Keep only these (default: all).'), disable: ids('Drop these.') },
    },
  },
};
