/**
 * analysis.lint reports ESLint's own rules as `eslint/<rule>` (documented by ESLint and the plugins;
 * each finding links its rule's page in data.docs). The one rule of its own is the parse error.
 */
import type { RuleDoc } from '../../../core/index.js';

export const LINT_RULES: RuleDoc[] = [
  {
    id: 'eslint/parse-error', title: 'File cannot be parsed', defaultSeverity: 'high', category: 'correctness',
    description: 'ESLint could not parse the file with the configured parser (a fatal error): no other rule ran on it.',
    why: 'A file that does not parse does not run, and no lint or analysis result for it can be trusted.',
    example: { bad: 'const total = (a, b => a + b;', good: 'const total = (a, b) => a + b;' },
    fix: 'Fix the syntax error at the reported line, or configure the parser for the file\'s language (e.g. typescript-eslint for .ts).',
  },
];
