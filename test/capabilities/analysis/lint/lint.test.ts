import { expect } from 'chai';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalContext } from '../../../../core/context/index.js';
import type { StepResult } from '../../../../core/index.js';
import { meta, run } from '../../../../capabilities/analysis/lint.js';
import type { LintInput } from '../../../../capabilities/analysis/lint/options.js';
import { BUILTIN_RULE_NAMES } from '../../../../capabilities/analysis/lint/builtin/run-builtin.js';
import { ruleTable, type RuleCase } from '../smells/rule-table.js';

// These cases are about ESLint itself (the recommended config, a project config): run the ESLint engine.
const ESLINT: LintInput = { engine: 'eslint' };

const valid: RuleCase[] = [
  { name: 'clean TypeScript', ruleId: 'eslint/@typescript-eslint/no-unused-vars', code: 'export function add(a: number, b: number): number {\n  return a + b;\n}\n', input: ESLINT },
  { name: 'clean JavaScript', ruleId: 'eslint/no-unused-vars', file: 'src/add.js', code: 'export function add(a, b) {\n  return a + b;\n}\n', input: ESLINT },
  { name: 'browser and node globals are not undefined variables', ruleId: 'eslint/no-undef', file: 'src/env.js', code: 'console.log(process.env.HOME, document.title);\n', input: ESLINT },
  { name: 'a debugger statement is fine when the project config turns the rule off', ruleId: 'eslint/no-debugger', files: { 'src/a.js': 'debugger;\n', 'eslint.config.mjs': "export default [{ files: ['**/*.js'], rules: { 'no-debugger': 'off' } }];\n" }, inFile: 'src/a.js', input: ESLINT, projectCode: true },
  // tree-sitter's grammar cannot parse `import('m').T[]` (a recovered ERROR node); TypeScript can, so the built-in engine must not call it unparsable, nor report the recovery's empty array statement.
  { name: "built-in engine: an import('m').T[] type tree-sitter cannot parse", ruleId: 'eslint/parse-error', code: "export function entries(): import('node:fs').Dirent[] {\n  return [];\n}\nexport let kept: import('node:fs').Dirent[] = [];\n" },
  { name: "built-in engine: no rule fires on tree-sitter's recovery of import('m').T[]", ruleId: 'eslint/no-sparse-arrays', code: "export let kept: import('node:fs').Dirent[] = [];\n" },
  { name: 'TSX parses', ruleId: 'eslint/parse-error', file: 'src/App.tsx', code: 'export const App = () => <div className="x">{[1].map((n) => <b key={n}>{n}</b>)}</div>;\n', input: ESLINT },
];

const invalid: RuleCase[] = [
  { ruleId: 'eslint/@typescript-eslint/no-unused-vars', line: 2, code: 'export function add(a: number, b: number): number {\n  const unused = 1;\n  return a + b;\n}\n', input: ESLINT },
  { ruleId: 'eslint/no-unused-vars', line: 1, file: 'src/a.js', code: 'const unused = 1;\nexport const b = 2;\n', input: ESLINT },
  { ruleId: 'eslint/no-debugger', line: 2, file: 'src/a.js', code: 'export function f() {\n  debugger;\n}\n', input: ESLINT },
  { ruleId: 'eslint/parse-error', line: 1, file: 'src/broken.ts', code: 'const total = (a, b => a + b;\n', input: ESLINT },
  { ruleId: 'eslint/parse-error', line: 1, name: 'built-in engine: a real syntax error is still fatal', file: 'src/broken.ts', code: 'const total = (a, b => a + b;\n' },
  { ruleId: 'eslint/@typescript-eslint/no-explicit-any', line: 1, code: 'export const f = (x: any) => x;\n', input: ESLINT },
  { ruleId: 'eslint/no-console', line: 1, name: "the project's own config adds a rule", inFile: 'src/a.js', files: { 'src/a.js': 'console.log(1);\n', 'eslint.config.mjs': "export default [{ files: ['**/*.js'], rules: { 'no-console': 'warn' } }];\n" }, input: ESLINT, projectCode: true },
];

/** Lints a temp project; with the project-code permission unless told otherwise (most cases are about the project's own config). */
async function lintProject(files: Record<string, string>, input: LintInput = {}, staged: { path: string; content: string | null }[] = [], projectCode = true): Promise<StepResult> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-lint-'));
  try {
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), content);
    }
    const { ctx } = await createLocalContext({ root, staged, limits: { maxToolCalls: 1000 }, permissions: { projectCode } });
    return await run(input, ctx);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

describe('capabilities/analysis/lint', function () {
  this.timeout(60_000);

  it('documents its own rule and every rule of the built-in engine', () => {
    expect(meta.rules!.map((r) => r.id).sort()).to.deep.equal(['eslint/parse-error', ...BUILTIN_RULE_NAMES.map((n) => `eslint/${n}`)].sort());
    expect(invalid.some((c) => c.ruleId === 'eslint/parse-error') && valid.some((c) => c.ruleId === 'eslint/parse-error')).to.equal(true);
  });

  ruleTable(run, { valid, invalid });

  it('built-in engine: findings in source order, as one walk of the tree reports them', async () => {
    // The rules visit their node types one type at a time; ties on a position keep the walk's order:
    // the outer node first, and on one node the rules in their order (no-empty before use-isnan).
    const result = await lintProject({ 'src/a.js': 'if (a = b) {}\n!x in y === NaN;\nswitch (NaN) {}\nfoo.hasOwnProperty("k");\ndebugger;\n' }, { engine: 'builtin' });
    expect(result.findings!.map((f) => `${f.range.startLine}:${f.range.startColumn} ${f.ruleId}`)).to.deep.equal([
      '1:5 eslint/no-cond-assign', '1:12 eslint/no-empty', '2:1 eslint/use-isnan', '2:1 eslint/no-unsafe-negation',
      '3:1 eslint/no-empty', '3:1 eslint/use-isnan', '4:5 eslint/no-prototype-builtins', '5:1 eslint/no-debugger',
    ]);
  });

  it('maps ESLint severities: error -> medium, warning -> low, fatal -> high', async () => {
    const result = await lintProject({
      'eslint.config.mjs': "export default [{ files: ['**/*.js'], rules: { 'no-console': 'warn', 'no-debugger': 'error' } }];\n",
      'src/a.js': 'console.log(1);\ndebugger;\n',
      'src/b.js': 'const = ;\n',
    });
    const bySeverity = Object.fromEntries(result.findings!.map((f) => [f.ruleId, f.severity]));
    expect(bySeverity).to.deep.equal({ 'eslint/no-console': 'low', 'eslint/no-debugger': 'medium', 'eslint/parse-error': 'high' });
    expect((result.data as { config: { source: string } }).config.source).to.equal('project');
  });

  it('ignores the project config when useProjectConfig is false', async () => {
    const files = { 'eslint.config.mjs': "export default [{ files: ['**/*.js'], rules: { 'no-console': 'error' } }];\n", 'src/a.js': 'console.log(1);\n' };
    const withConfig = await lintProject(files);
    const without = await lintProject(files, { useProjectConfig: false, engine: 'eslint' });
    expect(withConfig.findings!.map((f) => f.ruleId)).to.deep.equal(['eslint/no-console']);
    expect(without.findings).to.deep.equal([]);
    expect((without.data as { config: { source: string } }).config.source).to.equal('recommended');
  });

  it("without the project-code permission, a project config is not run: engine auto runs the built-in rules and says so", async () => {
    const files = { 'eslint.config.js': "export default [{ files: ['**/*.js'], rules: { 'no-console': 'error' } }];\n", 'src/a.js': 'console.log(1);\ndebugger;\n' };
    const result = await lintProject(files, {}, [], false);
    expect(result.findings!.map((f) => f.ruleId)).to.deep.equal(['eslint/no-debugger']);
    expect(result.summary).to.include("analysis.lint would run the project's eslint.config.js; allow project code for this workspace to use it; ran agentd's built-in rules instead");
    const data = result.data as { config: { source: string }; projectCode: { needed: boolean; allowed: boolean; notice: string } };
    expect(data.config.source).to.equal('builtin');
    expect(data.projectCode).to.deep.include({ needed: true, allowed: false });
  });

  it("without the permission, engine eslint runs agentd's recommended config instead and says so", async () => {
    const files = { 'eslint.config.mjs': "export default [{ files: ['**/*.js'], rules: { 'no-console': 'error' } }];\n", 'src/a.js': 'console.log(1);\n' };
    const result = await lintProject(files, ESLINT, [], false);
    expect(result.findings).to.deep.equal([]);
    expect((result.data as { config: { source: string } }).config.source).to.equal('recommended');
    expect(result.summary).to.include("ran agentd's recommended ESLint config instead");
  });

  it('runs the project config in a sandboxed child: another process, a scratch HOME, none of this process\'s environment', async () => {
    process.env.AGENTD_LINT_TEST_SECRET = 'lint-secret-0123456789';
    try {
      const config = 'throw new Error(`pid=${process.pid} home=${process.env.HOME} secret=${process.env.AGENTD_LINT_TEST_SECRET}`);\n';
      const result = await lintProject({ 'eslint.config.js': config, 'src/a.js': 'debugger;\n' });
      const reason = (result.data as { config: { fallbackReason: string } }).config.fallbackReason;
      const [, pid, home, secret] = /pid=(\d+) home=(\S+) secret=(\w+)/.exec(reason)!;
      expect(Number(pid)).not.to.equal(process.pid);
      expect(home).to.match(/agentd-sandbox-/);
      expect(secret).to.equal('undefined');
      expect(result.findings!.map((f) => f.ruleId)).to.deep.equal(['eslint/no-debugger']);
    } finally {
      delete process.env.AGENTD_LINT_TEST_SECRET;
    }
  });

  it('memoises project-config results per file: an unchanged re-run starts no child, a changed file is sent alone', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'agentd-lint-project-memo-'));
    const counter = path.join(await mkdtemp(path.join(tmpdir(), 'agentd-lint-counter-')), 'loads.txt');
    try {
      await writeFile(path.join(root, 'eslint.config.mjs'), `import fs from 'node:fs';\nfs.appendFileSync(${JSON.stringify(counter)}, '.');\nexport default [{ files: ['**/*.js'], rules: { 'no-debugger': 'error', 'no-console': 'warn' } }];\n`);
      await writeFile(path.join(root, 'a.js'), 'debugger;\n');
      await writeFile(path.join(root, 'b.js'), 'console.log(1);\n');
      const lint = async (): Promise<StepResult> => run({}, (await createLocalContext({ root, permissions: { projectCode: true } })).ctx);
      const loads = async (): Promise<number> => (await readFile(counter, 'utf8').catch(() => '')).length;
      const first = await lint();
      expect(first.findings!.map((f) => f.ruleId).sort()).to.deep.equal(['eslint/no-console', 'eslint/no-debugger']);
      expect(await loads()).to.equal(1);
      expect((await lint()).findings).to.deep.equal(first.findings);
      expect(await loads(), 'an unchanged re-run started the child again').to.equal(1);
      await writeFile(path.join(root, 'a.js'), 'export const a = 1;\n');
      expect((await lint()).findings!.map((f) => f.ruleId)).to.deep.equal(['eslint/no-console']);
      expect(await loads()).to.equal(2);
    } finally {
      await rm(root, { recursive: true, force: true });
      await rm(path.dirname(counter), { recursive: true, force: true });
    }
  });

  it('lints the staged content, not the file on disk', async () => {
    const result = await lintProject({ 'src/a.js': 'export const a = 1;\n' }, ESLINT, [{ path: 'src/a.js', content: 'export function f() {\n  debugger;\n}\n' }]);
    expect(result.findings!.map((f) => [f.ruleId, f.range.startLine])).to.deep.equal([['eslint/no-debugger', 2]]);
  });

  it('falls back to the recommended config when the project config cannot load, and says why', async () => {
    const result = await lintProject({ 'eslint.config.mjs': "import missing from 'eslint-plugin-does-not-exist';\nexport default [missing];\n", 'src/a.js': 'debugger;\n' });
    expect(result.findings!.map((f) => f.ruleId)).to.deep.equal(['eslint/no-debugger']);
    expect(result.summary).to.match(/could not be loaded/);
  });

  it('reports range ends inclusive and links rule docs', async () => {
    const result = await lintProject({ 'src/a.ts': 'export const f = (x: any) => x;\n' }, ESLINT);
    const finding = result.findings!.find((f) => f.ruleId === 'eslint/@typescript-eslint/no-explicit-any')!;
    expect(finding.range).to.deep.equal({ startLine: 1, startColumn: 22, endLine: 1, endColumn: 24 });
    expect(finding.data!.docs).to.match(/^https:\/\/typescript-eslint\.io\/rules\/no-explicit-any/);
  });

  it('without a project config, engine auto runs the built-in rules on the staged content', async () => {
    const result = await lintProject({ 'src/a.js': 'export const a = 1;\n' }, {}, [{ path: 'src/a.js', content: 'export function f() {\n  debugger;\n}\n' }]);
    expect(result.findings!.map((f) => [f.ruleId, f.range.startLine])).to.deep.equal([['eslint/no-debugger', 2]]);
    expect((result.data as { config: { source: string } }).config.source).to.equal('builtin');
    expect(result.summary).to.match(/built-in rules/);
  });

  it('memoises ESLint results per file: an unchanged re-run returns the same findings, a changed file is linted again', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'agentd-lint-memo-'));
    try {
      await writeFile(path.join(root, 'a.js'), 'debugger;\n');
      const lint = async (): Promise<StepResult> => run(ESLINT, (await createLocalContext({ root })).ctx);
      const first = await lint();
      expect(first.findings!.map((f) => f.ruleId)).to.deep.equal(['eslint/no-debugger']);
      expect((await lint()).findings).to.deep.equal(first.findings);
      await writeFile(path.join(root, 'a.js'), 'const unused = 1;\n');
      expect((await lint()).findings!.map((f) => f.ruleId)).to.deep.equal(['eslint/no-unused-vars']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('respects rule selection', async () => {
    const result = await lintProject({ 'src/a.js': 'const unused = 1;\ndebugger;\n' }, { ...ESLINT, rules: { disable: ['eslint/no-debugger'] } });
    expect(result.findings!.map((f) => f.ruleId)).to.deep.equal(['eslint/no-unused-vars']);
  });
});
