/**
 * The codemod proving ground: refactoring.modernize (each codemod alone), refactoring.simplify and
 * refactoring.dedupe run for real, many times over, and every result is checked.
 * - On a copy of agentd's own tree (as in refactoring-proving-ground.ts): each in-file codemod over each
 *   source folder, simplify over each folder, dedupe on clone pairs analysis.duplication finds in the
 *   copy. After each: `tsc --noEmit` on the copy (errors the tree already had do not count), then the
 *   changes are rolled back. For a sample, agentd's mocha subset runs on the refactored copy too.
 * - On real CommonJS JavaScript: fixtures/legacy-js-package (with its mocha suite) and small pure-JS
 *   CommonJS packages copied from node_modules, each codemod (cjs-to-esm included, with "type": "module")
 *   on a fresh copy. After each: `node --check` on every changed file, the package loaded through
 *   `import()`, its API shape (typeof, exported keys) and a behaviour probe compared with the original,
 *   and the package's own tests where it has some.
 * Outcomes: passed (changed, checks pass), no-op (nothing to change), refused (the capability refused,
 * with its reason), broken (a check failed that passed before), error (the capability threw something
 * other than a refusal). Constructs a codemod recognised and left alone are counted with their reasons.
 * Peer in the same run: ESLint's `no-var` + `prefer-const` autofix for var-to-let-const on the same JS.
 * Run: node dist/bench/refactoring-codemods-proving-ground.js [--quick] [--js-only]
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Linter } from 'eslint';
import { createLocalContext } from '../core/context/index.js';
import { applyChanges, changesFromStaged, rollback } from '../core/workspace/index.js';
import { isAgentdError, type Change, type CapabilityContext, type StepResult } from '../core/index.js';
import * as modernize from '../capabilities/refactoring/modernize.js';
import * as simplify from '../capabilities/refactoring/simplify.js';
import * as dedupe from '../capabilities/refactoring/dedupe.js';
import * as duplication from '../capabilities/analysis/duplication.js';
import type { CodemodId } from '../capabilities/refactoring/modernize/options.js';
import { copyTree, mochaRun, newErrors, spread, typeErrors } from './refactoring-proving-ground.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MOCHA = path.join(REPO, 'node_modules', 'mocha', 'bin', 'mocha.js');
const TREE_DIRS = ['core', 'daemon', 'cli', 'capabilities', 'bench', 'test'];
const IN_FILE_CODEMODS: CodemodId[] = ['var-to-let-const', 'promises-to-async', 'callbacks-to-async', 'concat-to-template'];
const ALL_CODEMODS: CodemodId[] = [...IN_FILE_CODEMODS, 'cjs-to-esm'];
const exec = promisify(execFile);

/**
 * Small pure-JS CommonJS packages (express's dependencies, old-style code full of `var` and string
 * concatenation) and a call of each whose result must not change. `m` is the package's export.
 */
const PACKAGES: Record<string, string> = {
  ms: "[m('2 days'), m(90061000), m(1500, { long: true })]",
  bytes: "[m(1024 * 1024 * 3.5), m('1.5MB'), m.format(12345, { unitSeparator: ' ' })]",
  'escape-html': "m('<a href=\"x\">Tom & \\'Jerry\\'</a>')",
  vary: "(() => { const h = { v: 'Accept' }; const res = { getHeader: () => h.v, setHeader: (_, v) => { h.v = v; } }; m(res, ['Origin', 'accept']); return [h.v, m.append('Accept, Origin', 'User-Agent')]; })()",
  etag: "[m('hello world'), m('hello', { weak: true })]",
  fresh: "[m({ 'if-none-match': '\"foo\"' }, { etag: '\"foo\"' }), m({ 'if-none-match': '\"foo\"' }, { etag: '\"bar\"' })]",
  'range-parser': "[m(1000, 'bytes=0-499,-200'), m(200, 'bytes=500-20'), m(1000, 'bytes=0-10,5-20', { combine: true })]",
  'media-typer': "[m.parse('application/vnd.api+json'), m.format({ type: 'text', subtype: 'html' }), m.test('image/svg+xml')]",
  statuses: "[m(404), m('Not Found'), m.redirect[301], m.empty[204]]",
  encodeurl: "m('/caf\u00e9 bar/%zz?x=<y>')",
  parseurl: "[m({ url: '/a/b?c=d#e' }).pathname, m({ url: '/a/b?c=d' }).query]",
  cookie: "[m.parse('a=1; b=%20two; c=\"q\"'), m.serialize('n', 'v w', { httpOnly: true, maxAge: 60, path: '/' })]",
  'cookie-signature': "(() => { const s = m.sign('hello', 'tobi'); return [s, m.unsign(s, 'tobi'), m.unsign(s, 'loki')]; })()",
  'ee-first': 'typeof m',
  unpipe: 'typeof m',
  toidentifier: "[m('Not Found'), m('foo bar-baz')]",
  setprototypeof: '(() => { const o = m({}, { x: 1 }); return o.x; })()',
  depd: "typeof m('bench')",
  inherits: '(() => { function A() {} A.prototype.a = 1; function B() {} m(B, A); return [new B().a, B.super_ === A]; })()',
  'mime-types': "[m.lookup('x.json'), m.contentType('html'), m.extension('text/css'), m.charset('text/plain')]",
  'on-finished': 'typeof m.isFinished',
};

type Outcome = 'passed' | 'no-op' | 'refused' | 'broken' | 'error';
type Capability = (input: never, ctx: CapabilityContext) => Promise<StepResult>;

interface CaseResult {
  kind: string;
  target: string;
  outcome: Outcome;
  /** Wall time of the capability alone (ms), and its CPU time (user + system, ms). */
  ms: number;
  cpuMs: number;
  changedFiles: number;
  /** Constructs recognised and left alone, as the capability reported them. */
  leftAlone: string[];
  detail: string;
  mocha?: string;
}

interface Ran {
  result?: StepResult;
  changes: Change[];
  ms: number;
  cpuMs: number;
  failure?: { outcome: 'refused' | 'error'; message: string };
}

async function runCapability(capability: Capability, root: string, input: unknown, previous: StepResult[] = []): Promise<Ran> {
  const handle = await createLocalContext({ root, previous, limits: { maxToolCalls: 10_000 } });
  const cpu = process.cpuUsage();
  const started = performance.now();
  const measured = (): { ms: number; cpuMs: number } => {
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
  };
  try {
    const result = await capability(input as never, handle.ctx);
    const time = measured();
    return { result, changes: await changesFromStaged(root, handle.staged()), ...time };
  } catch (error) {
    const time = measured();
    const refused = isAgentdError(error) && error.code === 'refactoring_refused';
    return { changes: [], ...time, failure: { outcome: refused ? 'refused' : 'error', message: (error as Error).message } };
  }
}

/** What modernize reported it left alone ("codemod: reason"), and files it could not parse. */
function leftAloneOf(result: StepResult | undefined): string[] {
  const data = (result?.data ?? {}) as {
    skipped?: { codemod: string; reason: string }[];
    failed?: { file: string; message: string }[];
    commonjs?: { kept: { reasons: string[] }[] } | null;
  };
  return [
    ...(data.skipped ?? []).map((s) => `${s.codemod}: ${s.reason}`),
    ...(data.failed ?? []).map((f) => `not parsed: ${f.message.split('\n')[0]}`),
    ...(data.commonjs?.kept ?? []).flatMap((k) => k.reasons.map((r) => `cjs-to-esm: ${r}`)),
  ];
}

// ---------------------------------------------------------------------------------------------
// agentd's own tree

interface TreeCase {
  kind: string;
  target: string;
  capability: Capability;
  input: unknown;
  previous?: StepResult[];
}

async function treeCases(root: string, dedupes: number): Promise<TreeCase[]> {
  const cases: TreeCase[] = [];
  for (const codemod of IN_FILE_CODEMODS) {
    for (const dir of TREE_DIRS)
      cases.push({
        kind: `modernize ${codemod}`,
        target: `${dir}/`,
        capability: modernize.run as Capability,
        input: { codemods: [codemod], include: [`${dir}/**`] },
      });
  }
  for (const dir of TREE_DIRS)
    cases.push({ kind: 'simplify', target: `${dir}/`, capability: simplify.run as Capability, input: { include: [`${dir}/**`] } });
  // Clone pairs as analysis.duplication reports them on the copy, spread over the whole list.
  const found = await runCapability(duplication.run as Capability, root, {
    include: TREE_DIRS.filter((d) => d !== 'test').map((d) => `${d}/**`),
  });
  const clones = (
    (
      found.result?.data as {
        clones?: {
          first: { file: string; startLine: number; endLine: number };
          second: { file: string; startLine: number; endLine: number };
        }[];
      }
    )?.clones ?? []
  ).filter((c) => /\.tsx?$/.test(c.first.file) && /\.tsx?$/.test(c.second.file));
  spread(clones, dedupes).forEach((clone, i) => {
    const side = (s: typeof clone.first) => ({ file: s.file, startLine: s.startLine, endLine: s.endLine });
    cases.push({
      kind: 'dedupe',
      target: `${clone.first.file}:${clone.first.startLine}-${clone.first.endLine} + ${clone.second.file}:${clone.second.startLine}-${clone.second.endLine}`,
      capability: dedupe.run as Capability,
      input: { clone: { a: side(clone.first), b: side(clone.second) }, name: `sharedProvingBlock${i}` },
    });
  });
  return cases;
}

async function runTreeCase(root: string, testCase: TreeCase, baseline: Map<string, number>, mochaSpec: string | null): Promise<CaseResult> {
  const ran = await runCapability(testCase.capability, root, testCase.input, testCase.previous);
  const common = { kind: testCase.kind, target: testCase.target, ms: ran.ms, cpuMs: ran.cpuMs, leftAlone: leftAloneOf(ran.result) };
  if (ran.failure) return { ...common, outcome: ran.failure.outcome, changedFiles: 0, detail: ran.failure.message };
  const changed = ran.changes.filter((c) => c.after !== c.before);
  if (changed.length === 0) return { ...common, outcome: 'no-op', changedFiles: 0, detail: ran.result?.summary ?? '' };
  const receipt = await applyChanges(root, changed);
  try {
    const broken = newErrors(baseline, await typeErrors(root));
    const mocha = mochaSpec && broken.length === 0 ? await mochaRun(root, mochaSpec) : undefined;
    const failing = mocha !== undefined && !/, 0 failing$/.test(mocha);
    const outcome: Outcome = broken.length > 0 || failing ? 'broken' : 'passed';
    return {
      ...common,
      outcome,
      changedFiles: changed.length,
      detail: broken.slice(0, 3).join('; ') || (failing ? `mocha: ${mocha}` : (ran.result?.summary ?? '')),
      mocha,
    };
  } finally {
    await rollback(receipt);
  }
}

// ---------------------------------------------------------------------------------------------
// real CommonJS JavaScript

interface JsTarget {
  name: string;
  /** The package folder to copy. */
  source: string;
  probe: string;
  /** mocha spec of the package's own tests, relative to the copy. */
  tests?: string;
}

function jsTargets(): JsTarget[] {
  const targets: JsTarget[] = [
    {
      name: 'fixtures/legacy-js-package',
      source: path.join(REPO, 'fixtures', 'legacy-js-package'),
      probe: 'Object.keys(m).sort()',
      tests: 'test/*.test.js',
    },
  ];
  for (const [name, probe] of Object.entries(PACKAGES)) targets.push({ name, source: path.join(REPO, 'node_modules', name), probe });
  return targets;
}

/** A fresh copy of the package in a temp folder; its dependencies resolve through a node_modules link. */
async function copyPackage(target: JsTarget): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-codemods-js-'));
  await cp(target.source, root, { recursive: true, filter: (source) => path.basename(source) !== 'node_modules' });
  await symlink(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

interface Observed {
  ok: boolean;
  /** typeof the export, its keys, and the probe's result (JSON), or the load error. */
  text: string;
}

/** Loads the package through import() (CommonJS or ESM alike) in a fresh node and runs the probe. */
async function observe(root: string, probe: string): Promise<Observed> {
  // The folder's entry as Node resolves it ("main" may omit the extension: "./index").
  const entry = pathToFileURL(createRequire(import.meta.url).resolve(root)).href;
  const script = `const ns = await import(${JSON.stringify(entry)}); const m = 'default' in ns ? ns.default : ns;
const keys = m !== null && (typeof m === 'object' || typeof m === 'function') ? Object.keys(m).sort() : [];
const probe = await (async () => (${probe}))();
console.log(JSON.stringify({ type: typeof m, keys, probe }));`;
  return exec(process.execPath, ['--input-type=module', '-e', script], { cwd: root, timeout: 30_000 }).then(
    (r) => ({ ok: true, text: r.stdout.trim() }),
    (e: { stderr?: string; message: string }) => ({ ok: false, text: (e.stderr ?? e.message).trim().split('\n').slice(0, 4).join(' ') }),
  );
}

async function nodeCheck(root: string, files: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const file of files.filter((f) => /\.[cm]?js$/.test(f))) {
    await exec(process.execPath, ['--check', path.join(root, file)], { cwd: root }).catch((e: { stderr?: string }) =>
      failures.push(`${file}: ${(e.stderr ?? '').trim().split('\n').slice(0, 5).join(' ')}`),
    );
  }
  return failures;
}

async function packageTests(root: string, spec: string): Promise<string> {
  const output = await exec(process.execPath, [MOCHA, '--no-config', '--reporter', 'dot', '--timeout', '20000', spec], { cwd: root }).then(
    (r) => r.stdout,
    (e: { stdout?: string; stderr?: string }) => `${e.stdout ?? ''}${e.stderr ?? ''}`,
  );
  return `${/(\d+) passing/.exec(output)?.[1] ?? '0'} passing, ${/(\d+) failing/.exec(output)?.[1] ?? '0'} failing`;
}

interface JsBaseline {
  observed: Observed;
  tests?: string;
}

/** Checks a modified copy against the original's behaviour: node --check, load + API + probe, tests. */
async function checkJs(root: string, target: JsTarget, changedFiles: string[], baseline: JsBaseline): Promise<string[]> {
  const problems = await nodeCheck(root, changedFiles);
  const observed = await observe(root, target.probe);
  if (!observed.ok) problems.push(`load: ${observed.text}`);
  else if (observed.text !== baseline.observed.text)
    problems.push(`API or behaviour changed: ${baseline.observed.text} -> ${observed.text}`);
  if (target.tests && baseline.tests) {
    const tests = await packageTests(root, target.tests);
    if (tests !== baseline.tests) problems.push(`tests: ${baseline.tests} before, ${tests} after`);
  }
  return problems;
}

async function runJsCase(target: JsTarget, codemod: CodemodId, baseline: JsBaseline): Promise<CaseResult> {
  const root = await copyPackage(target);
  try {
    // cjs-to-esm converts the tests too: with "type": "module" a CommonJS test file would no longer load.
    const input = codemod === 'cjs-to-esm' ? { codemods: [codemod], setTypeModule: true } : { codemods: [codemod] };
    const ran = await runCapability(modernize.run as Capability, root, input);
    const common = { kind: `modernize ${codemod}`, target: target.name, ms: ran.ms, cpuMs: ran.cpuMs, leftAlone: leftAloneOf(ran.result) };
    if (ran.failure) return { ...common, outcome: ran.failure.outcome, changedFiles: 0, detail: ran.failure.message };
    const changed = ran.changes.filter((c) => c.after !== c.before);
    if (changed.length === 0) return { ...common, outcome: 'no-op', changedFiles: 0, detail: ran.result?.summary ?? '' };
    await applyChanges(root, changed);
    const problems = await checkJs(
      root,
      target,
      changed.map((c) => c.path),
      baseline,
    );
    return {
      ...common,
      outcome: problems.length > 0 ? 'broken' : 'passed',
      changedFiles: changed.length,
      detail: problems.join('; ') || (ran.result?.summary ?? ''),
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// the peer: ESLint's no-var + prefer-const autofix on the same packages

interface PeerResult {
  target: string;
  outcome: Outcome;
  ms: number;
  cpuMs: number;
  changedFiles: number;
  /** `var` declarations left in the package's files, by the peer and by agentd. */
  varsLeft: number;
  detail: string;
}

const countVars = (text: string): number => (text.match(/(^|[^.\w$])var\s/gm) ?? []).length;

async function eslintVarPeer(target: JsTarget, baseline: JsBaseline): Promise<PeerResult> {
  const root = await copyPackage(target);
  try {
    const { files } = await listJs(root);
    const linter = new Linter();
    const config = [
      {
        languageOptions: { ecmaVersion: 'latest' as const, sourceType: 'commonjs' as const },
        rules: { 'no-var': 'error' as const, 'prefer-const': 'error' as const },
      },
    ];
    const cpu = process.cpuUsage();
    const started = performance.now();
    const fixed = files.map((f) => ({ ...f, after: linter.verifyAndFix(f.text, config, { filename: f.path }).output }));
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const changed = fixed.filter((f) => f.after !== f.text);
    for (const f of changed) await writeFile(path.join(root, f.path), f.after);
    const problems =
      changed.length > 0
        ? await checkJs(
            root,
            target,
            changed.map((c) => c.path),
            baseline,
          )
        : [];
    const varsLeft = fixed.reduce((n, f) => n + countVars(f.after), 0);
    const outcome: Outcome = changed.length === 0 ? 'no-op' : problems.length > 0 ? 'broken' : 'passed';
    return {
      target: target.name,
      outcome,
      ms,
      cpuMs: (used.user + used.system) / 1000,
      changedFiles: changed.length,
      varsLeft,
      detail: problems.join('; '),
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** The package's own .js files (not its tests), as modernize sees them. */
async function listJs(root: string): Promise<{ files: { path: string; text: string }[] }> {
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && /\.[cm]?js$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((rel) => !rel.startsWith('node_modules') && !rel.startsWith('test'));
  return { files: await Promise.all(files.sort().map(async (rel) => ({ path: rel, text: await readFile(path.join(root, rel), 'utf8') }))) };
}

/** `var`s agentd's var-to-let-const leaves in a package (on a fresh copy, not checked again). */
async function agentdVarsLeft(target: JsTarget): Promise<number> {
  const root = await copyPackage(target);
  try {
    const ran = await runCapability(modernize.run as Capability, root, { codemods: ['var-to-let-const'] });
    const { files } = await listJs(root);
    const after = new Map(ran.changes.map((c) => [c.path, c.after ?? '']));
    return files.reduce((n, f) => n + countVars(after.get(f.path) ?? f.text), 0);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

export interface CodemodsReport {
  tree: CaseResult[];
  js: CaseResult[];
  peer: PeerResult[];
  agentdVarsLeft: Record<string, number>;
  baselineErrors: number;
}

function table(results: CaseResult[]): string[] {
  const kinds = [...new Set(results.map((r) => r.kind))];
  return kinds.map((kind) => {
    const of = results.filter((r) => r.kind === kind);
    const count = (o: Outcome): number => of.filter((r) => r.outcome === o).length;
    const ran = of.filter((r) => r.outcome !== 'no-op');
    const mean = (pick: (r: CaseResult) => number): number => (ran.length === 0 ? 0 : ran.reduce((s, r) => s + pick(r), 0) / ran.length);
    const left = of.reduce((n, r) => n + r.leftAlone.length, 0);
    const changing = count('passed') + count('broken');
    const rate = changing === 0 ? '-' : `${((100 * count('passed')) / changing).toFixed(0)}%`;
    return `  ${kind.padEnd(31)} ${String(of.length).padStart(3)} runs: ${count('passed')} passed (${rate} of those that changed code), ${count('no-op')} no-op, ${count('refused')} refused, ${count('broken')} broken, ${count('error')} errors; ${of.reduce((n, r) => n + r.changedFiles, 0)} files changed; ${left} constructs left alone; ${mean((r) => r.ms).toFixed(0)} ms (${mean((r) => r.cpuMs).toFixed(0)} ms CPU) per run`;
  });
}

function topReasons(results: CaseResult[], limit: number): string[] {
  const counts = new Map<string, number>();
  for (const reason of results.flatMap((r) => r.leftAlone)) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([reason, n]) => `    ${String(n).padStart(4)} x ${reason.slice(0, 160)}`);
}

function print(report: CodemodsReport): void {
  if (report.tree.length > 0) {
    console.log(
      `codemods on a copy of agentd's tree (tsc --noEmit after each; ${report.baselineErrors} type errors the tree already had are not counted):`,
    );
    for (const line of table(report.tree)) console.log(line);
  }
  console.log(
    'codemods on real CommonJS JavaScript (node --check, load via import(), API shape + behaviour probe vs the original, package tests):',
  );
  for (const line of table(report.js)) console.log(line);
  const peerRan = report.peer.filter((p) => p.outcome !== 'no-op');
  const peerMs = peerRan.reduce((s, p) => s + p.ms, 0) / Math.max(1, peerRan.length);
  const peerCpu = peerRan.reduce((s, p) => s + p.cpuMs, 0) / Math.max(1, peerRan.length);
  const count = (o: Outcome): number => report.peer.filter((p) => p.outcome === o).length;
  const ours = Object.values(report.agentdVarsLeft).reduce((a, b) => a + b, 0);
  const theirs = report.peer.reduce((n, p) => n + p.varsLeft, 0);
  console.log(
    `  peer: ESLint no-var + prefer-const --fix (in-process Linter.verifyAndFix) on the same ${report.peer.length} packages: ${count('passed')} passed, ${count('no-op')} no-op, ${count('broken')} broken; ${peerMs.toFixed(0)} ms (${peerCpu.toFixed(0)} ms CPU) per package`,
  );
  console.log(
    `  \`var\` declarations left after var-to-let-const: agentd ${ours}, ESLint ${theirs} (each leaves what it cannot prove safe)`,
  );
  for (const p of report.peer.filter((x) => x.outcome === 'broken')) console.log(`  [peer broken] ${p.target}: ${p.detail}`);
  const all = [...report.tree, ...report.js];
  console.log('  most frequent constructs left alone (and why):');
  for (const line of topReasons(all, 12)) console.log(line);
  const samples = report.tree.filter((r) => r.mocha);
  if (samples.length > 0)
    console.log(`  mocha dist/test/core on refactored copies: ${samples.map((r) => `${r.kind} ${r.target}: ${r.mocha}`).join(' | ')}`);
  for (const r of all.filter((x) => x.outcome === 'broken' || x.outcome === 'error' || x.outcome === 'refused'))
    console.log(`  [${r.outcome}] ${r.kind} ${r.target}: ${r.detail.slice(0, 400)}`);
}

export interface CodemodsOptions {
  dedupes?: number;
  /** How many tree refactorings that passed tsc also run the mocha subset (the first modernize and simplify that changed code). */
  mochaSamples?: number;
  mochaSpec?: string;
  packages?: number;
  /** Only the JavaScript packages (no copy of agentd's tree): `--js-only`. */
  jsOnly?: boolean;
}

export async function run(options: CodemodsOptions = {}): Promise<CodemodsReport> {
  const quick = process.argv.includes('--quick');
  const dedupes = options.dedupes ?? (quick ? 3 : 12);
  const mochaSamples = options.mochaSamples ?? (quick ? 0 : 2);
  const mochaSpec = options.mochaSpec ?? 'dist/test/core/**/*.test.js';
  const targets = jsTargets().slice(0, (options.packages ?? (quick ? 4 : Object.keys(PACKAGES).length)) + 1);

  const js: CaseResult[] = [];
  const peer: PeerResult[] = [];
  const varsLeft: Record<string, number> = {};
  for (const target of targets) {
    const pristine = await copyPackage(target);
    const baseline: JsBaseline = {
      observed: await observe(pristine, target.probe),
      tests: target.tests ? await packageTests(pristine, target.tests) : undefined,
    };
    await rm(pristine, { recursive: true, force: true });
    if (!baseline.observed.ok) {
      process.stderr.write(`  skipped ${target.name}: the original does not load (${baseline.observed.text})\n`);
      continue;
    }
    for (const codemod of ALL_CODEMODS) {
      const result = await runJsCase(target, codemod, baseline);
      js.push(result);
      process.stderr.write(
        `  ${result.kind} ${result.target}: ${result.outcome} in ${result.ms.toFixed(0)} ms${result.outcome === 'passed' || result.outcome === 'no-op' ? '' : ` (${result.detail.slice(0, 300)})`}\n`,
      );
    }
    varsLeft[target.name] = await agentdVarsLeft(target);
    peer.push(await eslintVarPeer(target, baseline));
  }

  if (options.jsOnly ?? process.argv.includes('--js-only')) {
    const report: CodemodsReport = { tree: [], js, peer, agentdVarsLeft: varsLeft, baselineErrors: 0 };
    print(report);
    return report;
  }
  const root = await copyTree();
  try {
    const baseline = await typeErrors(root);
    const tree: CaseResult[] = [];
    const sampled = new Set<string>();
    for (const testCase of await treeCases(root, dedupes)) {
      const family = testCase.kind.split(' ')[0]!;
      const sample = sampled.size < mochaSamples && !sampled.has(family) && family !== 'dedupe';
      const result = await runTreeCase(root, testCase, baseline, sample ? mochaSpec : null);
      if (result.mocha) sampled.add(family);
      tree.push(result);
      process.stderr.write(
        `  ${result.kind} ${result.target}: ${result.outcome} in ${result.ms.toFixed(0)} ms${result.mocha ? `; mocha ${result.mocha}` : ''}${result.outcome === 'passed' || result.outcome === 'no-op' ? '' : ` (${result.detail.slice(0, 300)})`}\n`,
      );
    }
    const report: CodemodsReport = {
      tree,
      js,
      peer,
      agentdVarsLeft: varsLeft,
      baselineErrors: [...baseline.values()].reduce((a, b) => a + b, 0),
    };
    print(report);
    return report;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
