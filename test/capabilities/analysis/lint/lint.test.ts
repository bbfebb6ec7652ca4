import { expect } from 'chai';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalContext } from '../../../../core/context/index.js';
import type { StepResult } from '../../../../core/index.js';
import { run } from '../../../../capabilities/analysis/lint.js';
import type { LintInput } from '../../../../capabilities/analysis/lint/options.js';
import { runCase } from '../../support/sample-runs.js';

const ESLINT: LintInput = { engine: 'eslint' };

/** Lints a temp project through the daemon's executor; with the project-code permission unless told otherwise (most cases are about the project's own config). */
async function lintProject(
  files: Record<string, string>,
  input: LintInput = {},
  staged: { path: string; content: string | null }[] = [],
  projectCode = true,
): Promise<StepResult> {
  return (await runCase('analysis.lint', { files, input: input as Record<string, unknown>, staged, projectCode, maxToolCalls: 1000 }))
    .result;
}

/** In this process (the test reads this process's environment and pid). */
async function lintInProcess(files: Record<string, string>): Promise<StepResult> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-lint-'));
  try {
    for (const [file, content] of Object.entries(files)) await writeFile(path.join(root, file), content);
    return await run({}, (await createLocalContext({ root, limits: { maxToolCalls: 1000 }, permissions: { projectCode: true } })).ctx);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

describe('capabilities/analysis/lint', function () {
  this.timeout(60_000);

  it('built-in engine: findings in source order, as one walk of the tree reports them', async () => {
    // The rules visit their node types one type at a time; ties on a position keep the walk's order:
    // the outer node first, and on one node the rules in their order (no-empty before use-isnan).
    const result = await lintProject(
      { 'src/a.js': 'if (a = b) {}\n!x in y === NaN;\nswitch (NaN) {}\nfoo.hasOwnProperty("k");\ndebugger;\n' },
      { engine: 'builtin' },
    );
    expect(result.findings!.map((f) => `${f.range.startLine}:${f.range.startColumn} ${f.ruleId}`)).to.deep.equal([
      '1:5 eslint/no-cond-assign',
      '1:12 eslint/no-empty',
      '2:1 eslint/use-isnan',
      '2:1 eslint/no-unsafe-negation',
      '3:1 eslint/no-empty',
      '3:1 eslint/use-isnan',
      '4:5 eslint/no-prototype-builtins',
      '5:1 eslint/no-debugger',
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
    const files = {
      'eslint.config.mjs': "export default [{ files: ['**/*.js'], rules: { 'no-console': 'error' } }];\n",
      'src/a.js': 'console.log(1);\n',
    };
    const withConfig = await lintProject(files);
    const without = await lintProject(files, { useProjectConfig: false, engine: 'eslint' });
    expect(withConfig.findings!.map((f) => f.ruleId)).to.deep.equal(['eslint/no-console']);
    expect(without.findings).to.deep.equal([]);
    expect((without.data as { config: { source: string } }).config.source).to.equal('recommended');
  });

  it('without the project-code permission, a project config is not run: engine auto runs the built-in rules and says so', async () => {
    const files = {
      'eslint.config.js': "export default [{ files: ['**/*.js'], rules: { 'no-console': 'error' } }];\n",
      'src/a.js': 'console.log(1);\ndebugger;\n',
    };
    const result = await lintProject(files, {}, [], false);
    expect(result.findings!.map((f) => f.ruleId)).to.deep.equal(['eslint/no-debugger']);
    expect(result.summary).to.include(
      "analysis.lint would run the project's eslint.config.js; allow project code for this workspace to use it; ran agentd's built-in rules instead",
    );
    const data = result.data as { config: { source: string }; projectCode: { needed: boolean; allowed: boolean; notice: string } };
    expect(data.config.source).to.equal('builtin');
    expect(data.projectCode).to.deep.include({ needed: true, allowed: false });
  });

  it("without the permission, engine eslint runs agentd's recommended config instead and says so", async () => {
    const files = {
      'eslint.config.mjs': "export default [{ files: ['**/*.js'], rules: { 'no-console': 'error' } }];\n",
      'src/a.js': 'console.log(1);\n',
    };
    const result = await lintProject(files, ESLINT, [], false);
    expect(result.findings).to.deep.equal([]);
    expect((result.data as { config: { source: string } }).config.source).to.equal('recommended');
    expect(result.summary).to.include("ran agentd's recommended ESLint config instead");
  });

  it("runs the project config in a sandboxed child: another process, a scratch HOME, none of this process's environment", async () => {
    process.env.AGENTD_LINT_TEST_SECRET = 'lint-secret-0123456789';
    try {
      const config = 'throw new Error(`pid=${process.pid} home=${process.env.HOME} secret=${process.env.AGENTD_LINT_TEST_SECRET}`);\n';
      const result = await lintInProcess({ 'eslint.config.js': config, 'a.js': 'debugger;\n' });
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
      await writeFile(
        path.join(root, 'eslint.config.mjs'),
        `import fs from 'node:fs';\nfs.appendFileSync(${JSON.stringify(counter)}, '.');\nexport default [{ files: ['**/*.js'], rules: { 'no-debugger': 'error', 'no-console': 'warn' } }];\n`,
      );
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
    const result = await lintProject({ 'src/a.js': 'export const a = 1;\n' }, ESLINT, [
      { path: 'src/a.js', content: 'export function f() {\n  debugger;\n}\n' },
    ]);
    expect(result.findings!.map((f) => [f.ruleId, f.range.startLine])).to.deep.equal([['eslint/no-debugger', 2]]);
  });

  it('falls back to the recommended config when the project config cannot load, and says why', async () => {
    const result = await lintProject({
      'eslint.config.mjs': "import missing from 'eslint-plugin-does-not-exist';\nexport default [missing];\n",
      'src/a.js': 'debugger;\n',
    });
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
    const result = await lintProject({ 'src/a.js': 'export const a = 1;\n' }, {}, [
      { path: 'src/a.js', content: 'export function f() {\n  debugger;\n}\n' },
    ]);
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
    const result = await lintProject(
      { 'src/a.js': 'const unused = 1;\ndebugger;\n' },
      { ...ESLINT, rules: { disable: ['eslint/no-debugger'] } },
    );
    expect(result.findings!.map((f) => f.ruleId)).to.deep.equal(['eslint/no-unused-vars']);
  });
});
