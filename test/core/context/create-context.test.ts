import { expect } from 'chai';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LogLevel, StepResult } from '../../../core/contracts/index.js';
import { createCapabilityContext, createLocalContext, createToolBudget } from '../../../core/context/index.js';
import { cacheStats, clearCaches } from '../../../core/cache/index.js';
import { codeOf, makeTree, removeTree } from '../workspace/temp-tree.js';

describe('createToolBudget', () => {
  it('counts up to max and then throws tool_call_limit naming the call', async () => {
    const budget = createToolBudget(3, 1);
    budget.count('read');
    budget.count('parse');
    expect(budget.used).to.equal(3);
    const error = await Promise.resolve()
      .then(() => budget.count('format'))
      .catch((e: Error & { code: string }) => e);
    expect((error as { code: string }).code).to.equal('tool_call_limit');
    expect((error as Error).message).to.include('"format"');
    expect(budget.used).to.equal(3);
  });
});

describe('createCapabilityContext', () => {
  let root: string;
  beforeEach(async () => {
    root = await makeTree({
      'package.json': JSON.stringify({ name: 'ctx-sample', dependencies: { express: '^4.0.0' } }),
      '.prettierrc': JSON.stringify({ singleQuote: true, semi: false, overrides: [{ files: 'legacy/**', options: { semi: true } }] }),
      'src/a.ts': 'export const a = 1;\n',
    });
    clearCaches();
  });
  afterEach(() => removeTree(root));

  it('builds a context whose workspace, project, previous, log and progress are wired to the options', async () => {
    const logs: Array<[LogLevel, string]> = [];
    const progress: Array<[number, string | undefined]> = [];
    const previous: StepResult[] = [{ summary: 'earlier' }];
    const { ctx } = await createCapabilityContext({
      jobId: 'job-1',
      stepIndex: 2,
      root,
      staged: [],
      previous,
      signal: new AbortController().signal,
      permissions: { projectCode: false },
      budget: createToolBudget(10),
      onLog: (level, message) => logs.push([level, message]),
      onProgress: (percent, message) => progress.push([percent, message]),
    });
    expect([ctx.jobId, ctx.stepIndex, ctx.previous]).to.deep.equal(['job-1', 2, previous]);
    expect(ctx.permissions).to.deep.equal({ projectCode: false });
    expect(Object.isFrozen(ctx.permissions), 'a capability cannot grant itself the permission').to.equal(true);
    expect(ctx.project.name).to.equal('ctx-sample');
    expect(ctx.project.framework).to.equal('express');
    expect(ctx.project.codeStyle).to.include({ source: 'prettier', quotes: 'single', semicolons: false });
    expect(await ctx.workspace.read('src/a.ts')).to.equal('export const a = 1;\n');
    ctx.log('warn', 'careful');
    ctx.progress(150, 'done');
    ctx.progress(-3);
    expect(logs).to.deep.equal([['warn', 'careful']]);
    expect(progress).to.deep.equal([
      [100, 'done'],
      [0, undefined],
    ]);
  });

  it('counts every tool call and workspace read/list against the budget, and stops at the limit', async () => {
    const { ctx, budget } = await createLocalContext({ root, limits: { maxToolCalls: 4 } });
    await ctx.workspace.list();
    await ctx.workspace.read('src/a.ts');
    await ctx.tools.parse('src/a.ts');
    await ctx.workspace.write('src/b.ts', 'x');
    await ctx.workspace.exists('src/b.ts');
    expect(budget.used, 'list + read + parse; writes and exists are free').to.equal(3);
    await ctx.tools.format('src/a.ts', 'const a = "x";');
    expect(await codeOf(() => ctx.workspace.read('src/a.ts'))).to.equal('tool_call_limit');
    expect(await codeOf(() => ctx.tools.parse('src/a.ts'))).to.equal('tool_call_limit');
  });

  it('parses through the thread cache: an unchanged file is not parsed again in a later job, a changed one is', async () => {
    const first = await createLocalContext({ root });
    const parsed = await first.ctx.tools.parse('src/a.ts');
    const second = await createLocalContext({ root, jobId: 'another-job' });
    expect(await second.ctx.tools.parse('src/a.ts')).to.equal(parsed);
    expect(cacheStats().parse).to.include({ hits: 1, misses: 1 });
    await writeFile(join(root, 'src/a.ts'), 'export const a = 2;\n');
    const third = await createLocalContext({ root });
    const reparsed = await third.ctx.tools.parse('src/a.ts');
    expect(reparsed.source).to.equal('export const a = 2;\n');
    expect(cacheStats().parse).to.include({ hits: 1, misses: 2 });
  });

  it('parses the staged content of a file, and memo() is keyed per workspace root and content hash', async () => {
    const { ctx } = await createLocalContext({ root, staged: [{ path: 'src/a.ts', content: 'export const staged = true;\n' }] });
    const file = await ctx.tools.parse('src/a.ts');
    expect(file.tree.rootNode.text).to.equal('export const staged = true;\n');
    let runs = 0;
    const measure = () => ++runs;
    expect(ctx.tools.memo!('lines:src/a.ts', file.hash, measure)).to.equal(1);
    expect(ctx.tools.memo!('lines:src/a.ts', file.hash, measure)).to.equal(1);
    const other = await makeTree({ 'src/a.ts': 'export const staged = true;\n' });
    try {
      const elsewhere = await createLocalContext({ root: other });
      expect(elsewhere.ctx.tools.memo!('lines:src/a.ts', file.hash, measure)).to.equal(2);
    } finally {
      await removeTree(other);
    }
  });

  it('formats with the project Prettier config resolved for the file path (overrides included)', async () => {
    const { ctx } = await createLocalContext({ root });
    expect(await ctx.tools.format('src/x.ts', 'const a = "x";')).to.equal("const a = 'x'\n");
    expect(await ctx.tools.format('legacy/x.ts', 'const a = "x"')).to.equal("const a = 'x';\n");
  });

  it('formats with the detected style when the project has no Prettier config', async () => {
    const plain = await makeTree({ '.editorconfig': '[*]\nindent_style = tab\n', 'src/a.js': "const a = 'x'\n" });
    try {
      const { ctx } = await createLocalContext({ root: plain });
      expect(ctx.project.codeStyle).to.include({ source: 'editorconfig', quotes: 'single', semicolons: false });
      expect(await ctx.tools.format('src/b.js', 'function f() { return "y"; }')).to.equal("function f() {\n\treturn 'y'\n}\n");
    } finally {
      await removeTree(plain);
    }
  });

  it("hands back the overlay after the step: earlier entries plus this step's writes and deletes", async () => {
    const handle = await createLocalContext({ root, staged: [{ path: 'src/new.ts', content: 'n' }] });
    expect(await handle.ctx.workspace.read('src/new.ts')).to.equal('n');
    await handle.ctx.workspace.delete('src/a.ts');
    expect(handle.staged()).to.deep.equal([
      { path: 'src/new.ts', content: 'n' },
      { path: 'src/a.ts', content: null },
    ]);
  });

  it('refuses tool calls once the signal is aborted', async () => {
    const controller = new AbortController();
    const { ctx } = await createLocalContext({ root, signal: controller.signal });
    controller.abort(new Error('stop'));
    const error = await ctx.tools.parse('src/a.ts').catch((e: Error) => e);
    expect((error as Error).message).to.equal('stop');
    expect(await ctx.workspace.read('src/a.ts').catch((e: Error) => e.message)).to.equal('stop');
  });

  it('refuses a workspace root that does not exist with invalid_workspace', async () => {
    expect(await codeOf(() => createLocalContext({ root: join(root, 'missing') }))).to.equal('invalid_workspace');
  });

  it('re-detects the project context only when a config file changes', async () => {
    await createLocalContext({ root });
    const again = await createLocalContext({ root });
    expect(cacheStats().project).to.include({ hits: 1, misses: 1 });
    expect(again.ctx.project.framework).to.equal('express');
    await writeFile(join(root, 'package.json'), JSON.stringify({ name: 'ctx-sample', dependencies: { fastify: '^4.0.0' } }));
    const changed = await createLocalContext({ root });
    expect(changed.ctx.project.framework).to.equal('fastify');
    expect(cacheStats().project).to.include({ hits: 1, misses: 2 });
  });
});
