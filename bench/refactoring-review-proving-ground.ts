/**
 * Refactoring review proving ground (issue #16): real TypeScript repositories given as local folders
 * with their dependencies installed (nothing of them is committed here; their commit ids are printed),
 * each copied to a temp folder (without .git; node_modules symlinked), and rename / move /
 * extract-function / modernize (concat-to-template, promises-to-async) / dedupe (clone pairs analysis.duplication reports)
 * refactorings chosen by a fixed seed, run through the daemon's executor (CapabilityTester) WITHOUT the
 * project-code permission, as a REST job gets them by default. For each run:
 * - refused: the capability said no (its error code and reason);
 * - broken: its staged change, applied, gives a tsconfig project of the repository a type error it did
 *   not have before (every tsconfig*.json checked with agentd's TypeScript API, errors counted by code
 *   and message, not file or position, since a move carries code and its errors to another file), or
 *   makes a test that passed before fail (refactoring.verify with the project-code permission on the
 *   staged overlay: the repository's affected tests, per test, before and after) — must be 0;
 * - passed: type-checks on every project and the affected tests pass (or the tests could not run: said);
 * - review-clean (of the passed): every changed file that was clean before under the repository's own
 *   Prettier config (data configs) is clean after, and the repository's own ESLint (its config and
 *   plugins, loaded from its node_modules: the bench runs the repository's code, the product does so only
 *   with the permission) reports no problem of a rule more often in a changed file than before.
 * The peer, measured in the same run on the same renames: ts-morph's `rename()` alone (a Project over
 * the repository's tsconfig, no review step), whose output is checked with the same Prettier config.
 * Then every change is rolled back.
 *
 * Run: node dist/bench/refactoring-review-proving-ground.js [--runs 10] [--seed 16] [--no-tests] <repo folder>...
 * (or AGENTD_REVIEW_BENCH_REPOS=a,b; skipped without repositories). Results also in $TMPDIR/agentd-review-proving-ground.json.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { applyChanges } from '../core/workspace/index.js';
import type { Change, Finding } from '../core/index.js';
import { CapabilityTester, type CaseOutcome } from '../core/tester/index.js';
import { typecheckWithApi } from '../capabilities/refactoring/verify/typecheck-api.js';
import { Project } from 'ts-morph';
import { choose, findCandidates, type Candidates } from './refactoring-review/candidates.js';
import { repositoryEslint, type RepositoryEslint } from './refactoring-review/repository-eslint.js';

type Kind = 'rename' | 'move' | 'extract' | 'modernize' | 'dedupe';
const KINDS: Kind[] = ['rename', 'move', 'extract', 'modernize', 'dedupe'];
const CAPABILITY: Record<Kind, string> = {
  rename: 'refactoring.rename',
  move: 'refactoring.move',
  extract: 'refactoring.extract-function',
  modernize: 'refactoring.modernize',
  dedupe: 'refactoring.dedupe',
};
/** Step errors that are agentd's own failures, not a refusal with a reason. */
const FAILURES = new Set(['capability_crashed', 'internal_error', 'step_timeout', 'tool_call_limit_exceeded']);
const testers = new Map<string, CapabilityTester>();
const tester = (id: string): CapabilityTester => {
  let found = testers.get(id);
  if (!found) testers.set(id, (found = new CapabilityTester({ capability: id })));
  return found;
};
type Outcome = 'passed' | 'refused' | 'broken' | 'error';
interface Run {
  kind: Kind;
  input: Record<string, unknown>;
  outcome: Outcome;
  reason?: string;
  reviewClean?: boolean;
  reviewNote?: string;
  /** The affected tests refactoring.verify ran (per test, before and after), or why none ran. */
  tests?: { files?: number; of?: number; passed: number; failed: number } | { notRun: string };
  ms: number;
}

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'build', 'coverage', 'website', '_site', 'docs']);
const SOURCE = /\.(?:ts|tsx|mts|cts)$/;
const TEST = /(^|\/)(__tests__|tests?|spec|__performance_tests__|perf)(\/|$)|\.(test|spec)\.[cm]?tsx?$|\.d\.[cm]?ts$/;

function args(): { runs: number; seed: number; tests: boolean; repos: string[] } {
  const argv = process.argv.slice(2);
  let runs = 10;
  let seed = 16;
  let tests = true;
  const repos: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--runs') runs = Number(argv[(i += 1)]);
    else if (argv[i] === '--seed') seed = Number(argv[(i += 1)]);
    else if (argv[i] === '--no-tests') tests = false;
    else repos.push(path.resolve(argv[i]!));
  }
  return { runs, seed, tests, repos };
}

/** mulberry32: a small seeded PRNG, so the same seed picks the same refactorings. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: T[], count: number, next: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

async function walk(root: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(root, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) out.push(...(await walk(root, child)));
    } else out.push(child);
  }
  return out;
}

export async function copyRepo(source: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-review-pg-'));
  await cp(source, root, { recursive: true, filter: (src) => !['.git', 'node_modules'].includes(path.basename(src)) });
  if (
    await stat(path.join(source, 'node_modules')).then(
      () => true,
      () => false,
    )
  )
    await symlink(path.join(source, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

/** Errors of each tsconfig project, as "error TSxxxx: message" counts. */
function typeErrors(root: string, configs: string[]): Map<string, Map<string, number>> {
  const all = new Map<string, Map<string, number>>();
  for (const config of configs) {
    const counts = new Map<string, number>();
    for (const line of typecheckWithApi(root, config, []).lines) {
      // By message, not by file or position: a move carries code, and the errors it already had, to another file.
      const key = line.replace(/^[^(]*\(\d+,\d+\): /, '');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    all.set(config, counts);
  }
  return all;
}

function newErrors(before: Map<string, Map<string, number>>, after: Map<string, Map<string, number>>): string[] {
  const found: string[] = [];
  for (const [config, counts] of after) {
    for (const [key, n] of counts) if (n > (before.get(config)?.get(key) ?? 0)) found.push(`${config}: ${key}`);
  }
  return found;
}

async function prettierOptions(root: string, rel: string): Promise<prettier.Options | null> {
  const file = path.join(root, rel);
  const configFile = await prettier.resolveConfigFile(file);
  if (!configFile || !configFile.startsWith(root) || /\.[cm]?[jt]s$/.test(configFile)) return null;
  return prettier.resolveConfig(file, { editorconfig: false });
}

async function prettierClean(root: string, rel: string, text: string): Promise<boolean | null> {
  const options = await prettierOptions(root, rel);
  if (!options) return null;
  return prettier.check(text, { ...options, filepath: path.join(root, rel) }).catch(() => false);
}

/**
 * Review-clean: every changed file that was Prettier-clean before is still clean, and the repository's
 * ESLint reports no rule more often after than before (null: the repository has neither check).
 * Called with the change applied on disk; `eslintBefore` holds the counts of the files as they were.
 */
async function reviewClean(
  root: string,
  changes: Change[],
  eslint: RepositoryEslint | null,
  eslintBefore: Map<string, Map<string, number>>,
): Promise<{ clean: boolean | null; note?: string }> {
  let judged = false;
  for (const change of changes) {
    if (change.after === null || !SOURCE.test(change.path)) continue;
    const before = change.before == null ? true : await prettierClean(root, change.path, change.before);
    if (before === null) continue;
    judged = true;
    if (before && !(await prettierClean(root, change.path, change.after))) return { clean: false, note: `Prettier: ${change.path}` };
  }
  if (eslint) {
    judged = true;
    const written = changes.filter((c) => c.after !== null && SOURCE.test(c.path)).map((c) => c.path);
    const after = await eslint.countByRule(written);
    for (const file of written) {
      const was = eslintBefore.get(file) ?? new Map<string, number>();
      for (const [rule, n] of after.get(file) ?? []) {
        if (n > (was.get(rule) ?? 0)) return { clean: false, note: `ESLint ${rule}: ${file}` };
      }
    }
  }
  return judged ? { clean: true } : { clean: null };
}

interface CloneSide {
  file: string;
  startLine: number;
  endLine: number;
}

/** Clone pairs analysis.duplication reports (run as a job would, through the executor), outside test files. */
async function clonePairs(root: string): Promise<Record<string, unknown>[]> {
  const outcome = await tester('analysis.duplication').runInFolder(root, { input: {}, maxToolCalls: 20_000 });
  if (outcome.error) throw new Error(`analysis.duplication failed: ${outcome.error.message}`);
  return outcome.findings
    .filter((f: Finding) => f.ruleId === 'duplication/clone')
    .map((f) => f.data as { first?: CloneSide; second?: CloneSide } | undefined)
    .filter((d): d is { first: CloneSide; second: CloneSide } => d?.first !== undefined && d.second !== undefined)
    .filter((d) => SOURCE.test(d.first.file) && !TEST.test(d.first.file) && SOURCE.test(d.second.file) && !TEST.test(d.second.file))
    .map((d) => ({ clone: { a: d.first, b: d.second }, name: 'sharedBlock' }));
}

async function candidates(root: string, files: string[]): Promise<Candidates & { dedupe: Record<string, unknown>[] }> {
  const sources = files.filter((f) => SOURCE.test(f) && !TEST.test(f));
  return { ...findCandidates(root, sources), dedupe: await clonePairs(root) };
}

interface RepoState {
  root: string;
  configs: string[];
  baseline: Map<string, Map<string, number>>;
  eslint: RepositoryEslint | null;
  /** ESLint's counts per file as committed (files are rolled back after every run, so they hold). */
  eslintBefore: Map<string, Map<string, number>>;
  tests: boolean;
}

function stepFailure(kind: Kind, input: Record<string, unknown>, outcome: CaseOutcome, started: number): Run {
  const error = outcome.error!;
  const reason = `${error.code}: ${(error.cause ?? error.message).slice(0, 160)}`;
  return { kind, input, outcome: FAILURES.has(error.code) ? 'error' : 'refused', reason, ms: Date.now() - started };
}

async function runOne(repo: RepoState, kind: Kind, input: Record<string, unknown>): Promise<Run> {
  const started = Date.now();
  const { root } = repo;
  const step = await tester(CAPABILITY[kind]).runInFolder(root, { input, projectCode: false, maxToolCalls: 20_000 });
  if (step.error) return stepFailure(kind, input, step, started);
  const changes = step.changes;
  if (changes.length === 0)
    return { kind, input, outcome: 'refused', reason: `nothing changed: ${step.result!.summary.slice(0, 120)}`, ms: Date.now() - started };
  if (repo.eslint) {
    const existing = changes.filter((c) => c.before != null && SOURCE.test(c.path) && !repo.eslintBefore.has(c.path)).map((c) => c.path);
    for (const [file, counts] of await repo.eslint.countByRule(existing)) repo.eslintBefore.set(file, counts);
  }
  await applyChanges(root, changes);
  let review: { clean: boolean | null; note?: string };
  try {
    const introduced = newErrors(repo.baseline, typeErrors(root, repo.configs));
    if (introduced.length > 0)
      return { kind, input, outcome: 'broken', reason: introduced.slice(0, 2).join(' | ').slice(0, 300), ms: Date.now() - started };
    review = await reviewClean(root, changes, repo.eslint, repo.eslintBefore);
  } finally {
    for (const change of changes) {
      const file = path.join(root, change.path);
      if (change.before == null) await rm(file, { force: true });
      else await writeFile(file, change.before);
    }
  }
  const tests = repo.tests ? await affectedTests(root, step) : { notRun: 'not asked (--no-tests)' };
  if ('broken' in tests) return { kind, input, outcome: 'broken', reason: tests.broken, ms: Date.now() - started };
  return {
    kind,
    input,
    outcome: 'passed',
    ...(review.clean === null ? {} : { reviewClean: review.clean }),
    ...(review.note ? { reviewNote: review.note } : {}),
    tests,
    ms: Date.now() - started,
  };
}

/** refactoring.verify on the staged overlay, with the permission: the affected tests before and after, per test. */
async function affectedTests(root: string, step: CaseOutcome): Promise<NonNullable<Run['tests']> | { broken: string }> {
  const verify = await tester('refactoring.verify').runInFolder(root, {
    input: { checks: ['tests'], tests: 'affected' },
    projectCode: true,
    staged: step.staged,
    maxToolCalls: 20_000,
  });
  if (verify.error?.code === 'verification_failed')
    return { broken: `tests: ${(verify.error.cause ?? verify.error.message).slice(0, 240)}` };
  if (verify.error) return { notRun: `${verify.error.code}: ${(verify.error.cause ?? verify.error.message).slice(0, 160)}` };
  const data = verify.result!.data as {
    testSelection?: { files?: string[]; of?: number; reason?: string };
    perTest?: { tests?: { after: { passed: number; failed: number } | null } };
  };
  const after = data.perTest?.tests?.after;
  if (!after) return { notRun: `no per-test result: ${verify.result!.summary.slice(0, 160)}` };
  return {
    ...(data.testSelection?.files ? { files: data.testSelection.files.length, of: data.testSelection.of } : {}),
    passed: after.passed,
    failed: after.failed,
  };
}

/** The peer: ts-morph's rename alone, on the repository's tsconfig; its changed files checked with the same Prettier config. */
export async function peerRenames(
  root: string,
  targets: { file: string; name: string }[],
): Promise<{ runs: number; clean: number; ms: number }> {
  let clean = 0;
  let ms = 0;
  for (const target of targets) {
    const started = Date.now();
    const project = new Project({ tsConfigFilePath: path.join(root, 'tsconfig.json') });
    const source = project.getSourceFile(path.join(root, target.file)) ?? project.addSourceFileAtPath(path.join(root, target.file));
    const before = new Map(project.getSourceFiles().map((f) => [f.getFilePath(), f.getFullText()]));
    // Any top-level declaration the candidates offer: functions, consts, classes, interfaces, type aliases.
    const declaration =
      source.getFunction(target.name) ??
      source.getVariableDeclaration(target.name) ??
      source.getClass(target.name) ??
      source.getInterface(target.name) ??
      source.getTypeAlias(target.name);
    if (!declaration) throw new Error(`peer: no top-level declaration "${target.name}" in ${target.file}`);
    declaration.rename(`${target.name}Renamed`);
    ms += Date.now() - started;
    let ok = true;
    for (const file of project.getSourceFiles()) {
      const was = before.get(file.getFilePath());
      if (was === undefined || was === file.getFullText()) continue;
      const rel = path.relative(root, file.getFilePath());
      if ((await prettierClean(root, rel, was)) && !(await prettierClean(root, rel, file.getFullText()))) ok = false;
    }
    if (ok) clean += 1;
  }
  return { runs: targets.length, clean, ms };
}

const pct = (n: number, d: number): string => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(0)}%`);

export async function run(): Promise<void> {
  const { runs, seed, tests, repos: given } = args();
  const repos =
    given.length > 0
      ? given
      : (process.env.AGENTD_REVIEW_BENCH_REPOS ?? '')
          .split(',')
          .filter(Boolean)
          .map((r) => path.resolve(r));
  if (repos.length === 0) {
    console.log(
      'refactoring-review-proving-ground skipped: no repositories given (pass local clones as arguments or in AGENTD_REVIEW_BENCH_REPOS, comma-separated)',
    );
    return;
  }
  const report: unknown[] = [];
  for (const repo of repos) {
    const commit = execFileSync('git', ['-C', repo, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const root = await copyRepo(repo);
    try {
      const files = await walk(root);
      const configs = files.filter((f) => /(^|\/)tsconfig[^/]*\.json$/.test(f));
      const baseline = typeErrors(root, configs);
      const eslint = await repositoryEslint(root);
      const repoState: RepoState = { root, configs, baseline, eslint, eslintBefore: new Map(), tests };
      const found = await candidates(root, files);
      const next = random(seed);
      const chosen = choose(found, KINDS, runs, (items) => pick(items, items.length, next));
      const results: Run[] = [];
      for (const [kind, input] of chosen) {
        const run = await runOne(repoState, kind, input);
        results.push(run);
        process.stderr.write(
          `${kind} ${JSON.stringify(input)} -> ${run.outcome}${run.reviewClean === false ? ` (not review-clean: ${run.reviewNote})` : ''}${run.reason ? `: ${run.reason}` : ''}${run.tests ? ` tests ${JSON.stringify(run.tests)}` : ''} [${run.ms} ms]\n`,
        );
      }
      const renameTargets = found.renameTargets.filter((t) =>
        chosen.some(([k, i]) => k === 'rename' && i.symbol === t.name && i.file === t.file),
      );
      const peer = await peerRenames(root, renameTargets);
      console.log(
        `\n${path.basename(repo)} @ ${commit} (seed ${seed}; tsconfig projects: ${configs.join(', ') || 'none'}; baseline errors: ${[...baseline.values()].reduce((n, m) => n + [...m.values()].reduce((a, b) => a + b, 0), 0)})`,
      );
      console.log(`ESLint: ${eslint ? eslint.describe : 'none (the repository has no ESLint config, or its ESLint did not load)'}`);
      console.log(
        '| kind | runs | passed | refused | broken | error | review-clean (Prettier + ESLint) of passed | affected tests run (passed runs) | ms/run |',
      );
      console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
      const row = (label: string, rs: Run[]): void => {
        const passed = rs.filter((r) => r.outcome === 'passed');
        const judged = passed.filter((r) => r.reviewClean !== undefined);
        const clean = judged.filter((r) => r.reviewClean).length;
        const ms = rs.length ? Math.round(rs.reduce((n, r) => n + r.ms, 0) / rs.length) : 0;
        const tested = passed.filter((r) => r.tests && 'passed' in r.tests);
        const testCount = tested.reduce((n, r) => n + (r.tests && 'passed' in r.tests ? r.tests.passed + r.tests.failed : 0), 0);
        console.log(
          `| ${label} | ${rs.length} | ${passed.length} | ${rs.filter((r) => r.outcome === 'refused').length} | ${rs.filter((r) => r.outcome === 'broken').length} | ${rs.filter((r) => r.outcome === 'error').length} | ${clean}/${judged.length} (${pct(clean, judged.length)}) | ${tested.length}/${passed.length} (${testCount} tests) | ${ms} |`,
        );
      };
      for (const kind of KINDS)
        row(
          kind,
          results.filter((r) => r.kind === kind),
        );
      row('all', results);
      console.log(
        `peer, same renames: ts-morph rename() alone — review-clean ${peer.clean}/${peer.runs} (${pct(peer.clean, peer.runs)}), ${peer.runs ? Math.round(peer.ms / peer.runs) : 0} ms/run`,
      );
      const refusals = results.filter((r) => r.outcome !== 'passed').map((r) => `${r.kind} ${r.outcome}: ${r.reason}`);
      if (refusals.length) console.log(`not passed:\n- ${refusals.join('\n- ')}`);
      const untested = results.filter((r) => r.outcome === 'passed' && r.tests && 'notRun' in r.tests);
      if (untested.length)
        console.log(
          `passed without tests run (${untested.length}): ${[...new Set(untested.map((r) => (r.tests as { notRun: string }).notRun))].join('; ')}`,
        );
      const unclean = results.filter((r) => r.reviewClean === false).map((r) => `${r.kind} ${r.reviewNote}`);
      if (unclean.length) console.log(`not review-clean:\n- ${unclean.join('\n- ')}`);
      report.push({ repo: path.basename(repo), commit, seed, results });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }
  await writeFile(path.join(tmpdir(), 'agentd-review-proving-ground.json'), JSON.stringify(report, null, 2));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
