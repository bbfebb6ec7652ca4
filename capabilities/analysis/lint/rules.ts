/**
 * analysis.lint reports ESLint's own rules as `eslint/<rule>` (documented by ESLint and the plugins;
 * each finding links its rule's page in data.docs). Documented here: the parse error, its one rule of
 * its own, and the ESLint rules the built-in engine implements.
 */
import type { RuleDoc } from '../../../core/index.js';
import { BUILTIN_RULE_DOCS } from './builtin/rule-docs.js';

export const LINT_RULES: RuleDoc[] = [
  {
    id: 'eslint/parse-error',
    title: 'File cannot be parsed',
    defaultSeverity: 'high',
    category: 'correctness',
    description: 'ESLint could not parse the file with the configured parser (a fatal error): no other rule ran on it.',
    why: 'A file that does not parse does not run, and no lint or analysis result for it can be trusted.',
    example: { bad: 'const total = (a, b => a + b;', good: 'const total = (a, b) => a + b;' },
    fix: "Fix the syntax error at the reported line, or configure the parser for the file's language (e.g. typescript-eslint for .ts).",
  },
  ...BUILTIN_RULE_DOCS,
];
