/** analysis.lint's tester suite: ESLint and built-in engine rule cases on CapabilityTester (core/tester). */
import { expect } from 'chai';
import { meta } from '../../../../capabilities/analysis/lint.js';
import type { LintInput } from '../../../../capabilities/analysis/lint/options.js';
import { BUILTIN_RULE_NAMES } from '../../../../capabilities/analysis/lint/builtin/run-builtin.js';
import { ruleTable, type RuleCase } from '../../support/rule-table.js';

// These cases are about ESLint itself (the recommended config, a project config): run the ESLint engine.
const ESLINT: LintInput = { engine: 'eslint' };

const valid: RuleCase[] = [
  {
    name: 'clean TypeScript',
    ruleId: 'eslint/@typescript-eslint/no-unused-vars',
    code: 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
    input: ESLINT,
  },
  {
    name: 'clean JavaScript',
    ruleId: 'eslint/no-unused-vars',
    file: 'src/add.js',
    code: 'export function add(a, b) {\n  return a + b;\n}\n',
    input: ESLINT,
  },
  {
    name: 'browser and node globals are not undefined variables',
    ruleId: 'eslint/no-undef',
    file: 'src/env.js',
    code: 'console.log(process.env.HOME, document.title);\n',
    input: ESLINT,
  },
  {
    name: 'a debugger statement is fine when the project config turns the rule off',
    ruleId: 'eslint/no-debugger',
    files: {
      'src/a.js': 'debugger;\n',
      'eslint.config.mjs': "export default [{ files: ['**/*.js'], rules: { 'no-debugger': 'off' } }];\n",
    },
    inFile: 'src/a.js',
    input: ESLINT,
    projectCode: true,
  },
  // tree-sitter's grammar cannot parse `import('m').T[]` (a recovered ERROR node); TypeScript can, so the built-in engine must not call it unparsable, nor report the recovery's empty array statement.
  {
    name: "built-in engine: an import('m').T[] type tree-sitter cannot parse",
    ruleId: 'eslint/parse-error',
    code: "export function entries(): import('node:fs').Dirent[] {\n  return [];\n}\nexport let kept: import('node:fs').Dirent[] = [];\n",
  },
  {
    name: "built-in engine: no rule fires on tree-sitter's recovery of import('m').T[]",
    ruleId: 'eslint/no-sparse-arrays',
    code: "export let kept: import('node:fs').Dirent[] = [];\n",
  },
  {
    name: 'TSX parses',
    ruleId: 'eslint/parse-error',
    file: 'src/App.tsx',
    code: 'export const App = () => <div className="x">{[1].map((n) => <b key={n}>{n}</b>)}</div>;\n',
    input: ESLINT,
  },
];

const invalid: RuleCase[] = [
  {
    ruleId: 'eslint/@typescript-eslint/no-unused-vars',
    line: 2,
    code: 'export function add(a: number, b: number): number {\n  const unused = 1;\n  return a + b;\n}\n',
    input: ESLINT,
  },
  { ruleId: 'eslint/no-unused-vars', line: 1, file: 'src/a.js', code: 'const unused = 1;\nexport const b = 2;\n', input: ESLINT },
  { ruleId: 'eslint/no-debugger', line: 2, file: 'src/a.js', code: 'export function f() {\n  debugger;\n}\n', input: ESLINT },
  { ruleId: 'eslint/parse-error', line: 1, file: 'src/broken.ts', code: 'const total = (a, b => a + b;\n', input: ESLINT },
  {
    ruleId: 'eslint/parse-error',
    line: 1,
    name: 'built-in engine: a real syntax error is still fatal',
    file: 'src/broken.ts',
    code: 'const total = (a, b => a + b;\n',
  },
  { ruleId: 'eslint/@typescript-eslint/no-explicit-any', line: 1, code: 'export const f = (x: any) => x;\n', input: ESLINT },
  {
    ruleId: 'eslint/no-console',
    line: 1,
    name: "the project's own config adds a rule",
    inFile: 'src/a.js',
    files: {
      'src/a.js': 'console.log(1);\n',
      'eslint.config.mjs': "export default [{ files: ['**/*.js'], rules: { 'no-console': 'warn' } }];\n",
    },
    input: ESLINT,
    projectCode: true,
  },
];

describe('capabilities/analysis/lint rules', function () {
  this.timeout(60_000);

  it('documents its own rule and every rule of the built-in engine', () => {
    expect(meta.rules!.map((r) => r.id).sort()).to.deep.equal(
      ['eslint/parse-error', ...BUILTIN_RULE_NAMES.map((n) => `eslint/${n}`)].sort(),
    );
    expect(invalid.some((c) => c.ruleId === 'eslint/parse-error') && valid.some((c) => c.ruleId === 'eslint/parse-error')).to.equal(true);
  });

  ruleTable('analysis.lint', { valid, invalid });
});
