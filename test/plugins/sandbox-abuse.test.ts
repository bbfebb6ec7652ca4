/**
 * The abuse suite of the plugin sandbox (plugins/sandbox): each hostile plugin is stopped with its own
 * error code, and a well-behaved plugin runs right after it in the same thread.
 */
import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createLocalContext } from '../../core/context/local-context.js';
import { runPluginStep, type PluginStepStats } from '../../plugins/sandbox/run-plugin-step.js';
import { abuseWorkspace, codeOf, pluginWith, runIn } from './support/sandbox-fixture.js';

describe('plugin sandbox: abuse cases are contained with their own codes', function () {
  this.timeout(60_000);
  let root: string;

  before(async () => {
    root = await abuseWorkspace();
  });

  afterEach(async () => {
    // After every hostile plugin, a normal one still runs in this very thread.
    const ok = await pluginWith(`return { summary: 'fine', data: { text: await ctx.workspace.read('src/a.ts') } };`);
    const { result } = await runIn(root, ok);
    expect(result.summary).to.equal('fine');
    expect((result.data as { text: string }).text).to.contain('export const a');
  });

  const cases: [string, string, string, Parameters<typeof pluginWith>[1]?][] = [
    ['an endless synchronous loop', 'while (true) {}', 'plugin_cpu_limit'],
    ['an endless promise chain', 'for (;;) await null;', 'plugin_cpu_limit'],
    [
      'many small allocations',
      'const kept = []; for (;;) kept.push({ n: kept.length, s: "x".repeat(64) });',
      'plugin_memory_limit',
      { limits: { memoryMB: 16, cpuMs: 20_000, wallMs: 30_000 } },
    ],
    ['deep recursion', 'const f = (n) => f(n + 1) + 1; return f(0);', 'plugin_stack_overflow'],
    [
      'constructor.constructor("return process")()',
      'const p = ctx.constructor.constructor("return process")(); return { summary: String(p.pid) };',
      'plugin_error',
    ],
    [
      'reaching require through Function',
      'return { summary: String(Function("return typeof require === \\"undefined\\" ? missing() : require")()) };',
      'plugin_error',
    ],
    ['import() of a Node built-in', 'await import("node:fs"); return { summary: "imported" };', 'plugin_error'],
    ['eval of host-reaching code', 'return { summary: eval("process.env.HOME") };', 'plugin_error'],
    ['timers that are not there', 'await new Promise((resolve) => setTimeout(resolve, 1)); return { summary: "slept" };', 'plugin_error'],
    [
      'a loop left running in the background after returning',
      '(async () => { for (;;) await null; })(); return { summary: "done?" };',
      'plugin_cpu_limit',
    ],
    ['a promise that never resolves', 'await new Promise(() => {});', 'plugin_timeout', { limits: { wallMs: 500 } }],
    ['throwing a number', 'throw 42;', 'plugin_error'],
    ['throwing an object with a getter that never returns', 'throw { get message() { for (;;) {} } };', 'plugin_cpu_limit'],
    [
      'a result over maxOutputBytes',
      'return { summary: "x".repeat(300_000) };',
      'plugin_output_too_large',
      { limits: { maxOutputBytes: 100_000 } },
    ],
    ['a result that is not a StepResult', 'return 17;', 'plugin_error'],
    [
      'a flood of tool calls (caught and retried)',
      'for (;;) { try { await ctx.workspace.exists("src/a.ts"); } catch {} }',
      'plugin_tool_call_limit',
      { limits: { maxToolCalls: 50 } },
    ],
    [
      'a flood of tool calls fired at once',
      'await Promise.all(Array.from({ length: 5000 }, () => ctx.workspace.exists("src/a.ts")));',
      'plugin_tool_call_limit',
      { limits: { maxToolCalls: 100 } },
    ],
    [
      'a read with ".." (caught)',
      'try { await ctx.workspace.read("../secret.txt"); } catch {} return { summary: "read" };',
      'workspace_escape',
    ],
    ['an absolute read', 'return { summary: await ctx.workspace.read("/etc/passwd") };', 'workspace_escape'],
    ['a read through a symlink leading out', 'return { summary: await ctx.workspace.read("src/link.txt") };', 'workspace_escape'],
    [
      'a read outside its read globs',
      'return { summary: await ctx.workspace.read("src/a.ts") };',
      'plugin_permission_denied',
      { permissions: { read: ['docs/**'] } },
    ],
    [
      'a symlink inside the read globs to a file outside them',
      'await ctx.workspace.read("docs/readme.md"); return { summary: await ctx.workspace.read("docs/code.ts") };',
      'plugin_permission_denied',
      { permissions: { read: ['docs/**'] } },
    ],
    [
      'the same link through readMany',
      'return { summary: JSON.stringify(await ctx.workspace.readMany(["docs/code.ts"])) };',
      'plugin_permission_denied',
      { permissions: { read: ['docs/**'] } },
    ],
    [
      'a write without the writes permission (caught)',
      'try { await ctx.workspace.write("src/a.ts", "pwned"); } catch {} return { summary: "wrote" };',
      'plugin_permission_denied',
    ],
    [
      'writeMany without the writes permission (caught)',
      'try { await ctx.workspace.writeMany([{ path: "src/a.ts", content: "pwned" }]); } catch {} return { summary: "wrote" };',
      'plugin_permission_denied',
    ],
    [
      'writeMany with a path leading out among good ones (caught)',
      'try { await ctx.workspace.writeMany([{ path: "src/b.ts", content: "b" }, { path: "../secret.txt", content: "pwned" }]); } catch {} return { summary: "wrote" };',
      'workspace_escape',
      { permissions: { writes: true } },
    ],
    [
      'writeMany through a symlink leading out',
      'await ctx.workspace.writeMany([{ path: "src/link.txt", content: "pwned" }]); return { summary: "wrote" };',
      'workspace_escape',
      { permissions: { writes: true } },
    ],
    [
      'writeMany over maxOutputBytes',
      'await ctx.workspace.writeMany([{ path: "src/b.ts", content: "x".repeat(60_000) }, { path: "src/c.ts", content: "x".repeat(60_000) }]); return { summary: "w" };',
      'plugin_output_too_large',
      { permissions: { writes: true }, limits: { maxOutputBytes: 100_000 } },
    ],
    ['a tool it did not request', 'await ctx.tools.parse("src/a.ts"); return { summary: "parsed" };', 'plugin_permission_denied'],
    ['an import outside the SDK', 'return { summary: "never" };', 'invalid_plugin', { header: "import fs from 'node:fs';" }],
    [
      'a huge argument to a tool',
      'await ctx.workspace.write("src/b.ts", "x".repeat(200_000)); return { summary: "w" };',
      'plugin_output_too_large',
      { permissions: { writes: true }, limits: { maxOutputBytes: 100_000 } },
    ],
  ];

  for (const [name, body, code, options] of cases) {
    it(`${name} -> ${code}`, async () => {
      expect(await codeOf(root, await pluginWith(body, options))).to.equal(code);
    });
  }

  it('tool replies past the memory limit (readMany text kept three times) -> plugin_memory_limit', async () => {
    const big = await abuseWorkspace();
    for (let i = 0; i < 120; i++) await writeFile(path.join(big, 'src', `f${i}.ts`), `// ${i}\n${'x'.repeat(90_000)}\n`);
    const binding = await pluginWith(
      'const kept = []; for (let i = 0; i < 3; i++) kept.push(await ctx.workspace.readMany(await ctx.workspace.list({ include: ["src/f*.ts"] }))); return { summary: String(kept.length) };',
      { limits: { memoryMB: 16, cpuMs: 10_000, wallMs: 20_000 } },
    );
    expect(await codeOf(big, binding)).to.equal('plugin_memory_limit');
  });

  it('a step cancelled through ctx.signal stops an endless loop with "cancelled"', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const binding = await pluginWith('while (true) {}', { limits: { cpuMs: 30_000, wallMs: 30_000 } });
    const error = await runIn(root, binding, {}, controller.signal).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as { code?: string }).code).to.equal('cancelled');
  });

  it('a 100 MB error message is cut inside the isolate, not copied out whole', async () => {
    // Generous limits: building the string is not what this case is about (near a tight heap limit, V8 can
    // spend seconds collecting before it throws, more on a loaded machine).
    const binding = await pluginWith('throw new Error("x".repeat(100_000_000));', {
      limits: { memoryMB: 512, cpuMs: 20_000, wallMs: 30_000 },
    });
    const error = (await runIn(root, binding).then(
      () => null,
      (e: unknown) => e,
    )) as { code?: string; message?: string };
    expect(error.code).to.equal('plugin_error');
    expect(error.message!.length).to.be.below(5_000);
  });

  it('prototype and getter tricks on returned data reach no host object', async () => {
    const binding = await pluginWith(`
      const data = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}');
      const tricky = { get summary() { return 'from a getter'; }, [Symbol('s')]: 1, data, findings: [] };
      return tricky;`);
    const { result } = await runIn(root, binding);
    expect(result.summary).to.equal('from a getter');
    expect(Object.getPrototypeOf(result.data)).to.equal(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    expect((result.data as Record<string, unknown>).polluted).to.equal(undefined);
  });

  it('the host tools see only copies: a plugin cannot change what the host bridged', async () => {
    const binding = await pluginWith(`
      const files = await ctx.workspace.list({});
      files.push('../../etc/passwd');
      Object.prototype.injected = 'yes';
      return { summary: files.join(',') };`);
    const { result } = await runIn(root, binding);
    expect(result.summary).to.contain('src/a.ts');
    expect(({} as Record<string, unknown>).injected).to.equal(undefined);
  });

  it('writes with the permission are staged, never written to disk', async () => {
    const binding = await pluginWith(
      'await ctx.workspace.write("src/a.ts", "// header\\n" + await ctx.workspace.read("src/a.ts")); return { summary: "staged" };',
      { permissions: { writes: true } },
    );
    const { result, staged } = await runIn(root, binding);
    expect(result.summary).to.equal('staged');
    expect(staged.map((entry) => entry.path)).to.deep.equal(['src/a.ts']);
    expect(await readFile(path.join(root, 'src', 'a.ts'), 'utf8')).to.equal('export const a = 1;\n');
  });

  it('writeMany stages every file in order in one tool call; a bad entry stages none of them', async () => {
    const binding = await pluginWith(
      `await ctx.workspace.writeMany([{ path: "src/a.ts", content: "// header\\n" + await ctx.workspace.read("src/a.ts") }, { path: "src/new.ts", content: "export const n = 1;\\n" }]);
      let refused = null;
      try { await ctx.workspace.writeMany([{ path: "src/x.ts", content: "x" }, { path: "src/y.ts", content: 7 }]); } catch (error) { refused = error.code; }
      return { summary: refused, data: { reread: await ctx.workspace.read("src/new.ts"), changes: (await ctx.workspace.changes()).map((c) => c.path) } };`,
      { permissions: { writes: true } },
    );
    const stats: PluginStepStats[] = [];
    const handle = await createLocalContext({ root, limits: { maxToolCalls: 10_000 } });
    const result = await runPluginStep(binding, {}, handle.ctx, (s) => stats.push(s));
    expect(result.summary).to.equal('invalid_input');
    expect(result.data).to.deep.equal({ reread: 'export const n = 1;\n', changes: ['src/a.ts', 'src/new.ts'] });
    expect(handle.staged().map((entry) => [entry.path, entry.content])).to.deep.equal([
      ['src/a.ts', '// header\nexport const a = 1;\n'],
      ['src/new.ts', 'export const n = 1;\n'],
    ]);
    // read, writeMany, the refused writeMany, read, changes
    expect(stats[0]!.toolCalls).to.equal(5);
    expect(await readFile(path.join(root, 'src', 'a.ts'), 'utf8')).to.equal('export const a = 1;\n');
  });

  it('writeMany contents cross as written, beside the JSON (quotes, backslashes, separators, astral and lone surrogates); malformed calls are refused', async () => {
    const binding = await pluginWith(
      `const content = 'a"b\\\\c\\n\\u2028\\u2029 ünï 😀 \\ud800 end';
      await ctx.workspace.writeMany([{ path: "src/odd.ts", content }]);
      const refused = [];
      for (const bad of ["src/x.ts", [null], [{ path: "src/x.ts" }], [{ content: "x" }], [{ path: 1, content: "x" }], [{ path: "src/x.ts", content: () => 1 }], [{ path: "src/x.ts", content: new Map() }]]) {
        try { await ctx.workspace.writeMany(bad); refused.push('staged'); } catch (error) { refused.push(error.code); }
      }
      return { summary: 'ok', data: { same: (await ctx.workspace.read("src/odd.ts")) === content, length: content.length, refused } };`,
      { permissions: { writes: true } },
    );
    const handle = await createLocalContext({ root, limits: { maxToolCalls: 10_000 } });
    const result = await runPluginStep(binding, {}, handle.ctx);
    expect(result.data).to.deep.equal({ same: true, length: 21, refused: Array(7).fill('invalid_input') });
    expect(handle.staged().map((entry) => [entry.path, entry.content])).to.deep.equal([
      ['src/odd.ts', 'a"b\\c\n\u2028\u2029 ünï 😀 \ud800 end'],
    ]);
  });

  it('format (when requested) formats with the project settings', async () => {
    const binding = await pluginWith('return { summary: await ctx.tools.format("src/a.ts", "export   const   b=2") };', {
      permissions: { tools: ['format'] },
    });
    const { result } = await runIn(root, binding);
    expect(result.summary).to.equal('export const b = 2;\n');
  });

  it('tool calls fired without await before returning never act after the step', async () => {
    // The writes start after run() has returned (200 microtask turns later), one after another.
    const binding = await pluginWith(
      'const later = async () => { for (let i = 0; i < 200; i++) await null; for (let i = 0; i < 20; i++) await ctx.workspace.write(`src/late${i}.ts`, "late"); }; void later(); return { summary: "returned early" };',
      { permissions: { writes: true } },
    );
    const handle = await createLocalContext({ root, limits: { maxToolCalls: 10_000 } });
    const result = await runPluginStep(binding, {}, handle.ctx);
    expect(result.summary).to.equal('returned early');
    const atReturn = handle.ctx.workspace.changes().length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The overlay is live: a call the host ran after the step ended would show here.
    expect(handle.ctx.workspace.changes().length).to.equal(atReturn);
  });

  it("changes() shows earlier steps' staged files only where the read globs reach", async () => {
    const binding = await pluginWith('return { summary: (await ctx.workspace.changes()).map((c) => c.path + "=" + c.after).join(",") };', {
      permissions: { read: ['docs/**'] },
    });
    const handle = await createLocalContext({
      root,
      staged: [
        { path: 'docs/new.md', content: 'doc' },
        { path: 'src/secret.ts', content: 'SECRET' },
      ],
    });
    const result = await runPluginStep(binding, {}, handle.ctx);
    expect(result.summary).to.equal('docs/new.md=doc');
  });

  it('search reads on the host what list gives and the read globs cover; only matching paths cross', async () => {
    const body = `const found = [];
for (const text of input.texts) found.push(await ctx.workspace.search(text));
let refused = null;
try { await ctx.workspace.search(42); } catch (error) { refused = error.code; }
return { summary: 'searched', data: { found, refused } };`;
    const run = async (read: string[]): Promise<{ data: unknown; calls: number }> => {
      const stats: PluginStepStats[] = [];
      const handle = await createLocalContext({ root });
      const texts = ['export const a', 'TOP SECRET', '# docs'];
      const result = await runPluginStep(await pluginWith(body, { permissions: { read } }), { texts }, handle.ctx, (s) => stats.push(s));
      return { data: result.data, calls: stats[0]!.toolCalls };
    };
    // The link leading out of the workspace is never listed, so its target is never searched.
    const all = await run(['**']);
    expect(all.data).to.deep.equal({
      found: [
        { paths: ['docs/code.ts', 'src/a.ts'], skipped: [] },
        { paths: [], skipped: [] },
        { paths: ['docs/readme.md'], skipped: [] },
      ],
      refused: 'invalid_input',
    });
    expect(all.calls, 'one tool call per search').to.equal(4);
    // docs/code.ts is listed (it is under docs/) but leads to src/a.ts: not read, reported as skipped.
    const docs = (await run(['docs/**'])).data as { found: { paths: string[]; skipped: { path: string; code: string }[] }[] };
    expect(docs.found.map((f) => f.paths)).to.deep.equal([[], [], ['docs/readme.md']]);
    expect(docs.found[0]!.skipped.map((s) => `${s.path}:${s.code}`)).to.deep.equal(['docs/code.ts:plugin_permission_denied']);
  });

  it('parse (when requested) hands over the tree as data', async () => {
    const binding = await pluginWith(
      'const file = await ctx.tools.parse("src/a.ts"); return { summary: file.nodes[0].type + ":" + file.nodes.filter((n) => n.type === "lexical_declaration").length };',
      { permissions: { tools: ['parse'] } },
    );
    const { result } = await runIn(root, binding);
    expect(result.summary).to.equal('program:1');
  });
});
