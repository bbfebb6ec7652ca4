/**
 * testing.unit on real npm packages: each package is installed from the npm registry at bench time into
 * a temp folder (never committed), its files copied into a project of its own (its package.json cut to
 * name, type and dependencies, so the project has no runner and gets node:test), and testing.unit run
 * on its entry module through the daemon's executor (CapabilityTester.runInFolder), as a job runs it.
 * The staged test file is then run three times under c8 (`c8 node --test`), directly: statement and
 * branch coverage of the entry module, tests passed/failed, whether the three runs agreed (flakiness),
 * and the time testing.unit took. With `--mutation` (or BENCH_MUTATION=1) @stryker-mutator/core is
 * installed at bench time and the mutation score of the generated suite measured on the packages whose own
 * suite is compared (OWN_TESTS).
 * Anchor: TestPilot (Schäfer et al. 2023), median 70 % statement coverage on 25 npm packages.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { CapabilityTester } from '../core/tester/index.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const c8 = path.join(repo, 'node_modules', 'c8', 'bin', 'c8.js');
const RUNS = 3;
const ANCHOR = 70;
const STRYKER = '@stryker-mutator/core@8.7.1';
const MIRRORS = '/work/.mirror';

/**
 * The packages' own test suites, for the mutation comparison: test.js at the release's tag in the
 * package's git repository brought with the fetch tool at bench time (/work/.mirror/<owner>+<name>/repo,
 * not committed), run with the ava its package.json names (installed at bench time). Left out when the
 * mirror is not there.
 */
const OWN_TESTS: Record<string, { mirror: string; tag: string; ava: string }> = {
  'escape-string-regexp@5.0.0': { mirror: 'sindresorhus+escape-string-regexp', tag: 'v5.0.0', ava: 'ava@3.15.0' },
  'pretty-bytes@6.1.1': { mirror: 'sindresorhus+pretty-bytes', tag: 'v6.1.1', ava: 'ava@4.3.3' },
  'leven@4.0.0': { mirror: 'sindresorhus+leven', tag: 'v4.0.0', ava: 'ava@3.15.0' },
};

/** Small pure-function packages (string, number, validation utilities), ESM entry points; exact versions. */
const PACKAGES = [
  'camelcase@8.0.0',
  'decamelize@6.0.0',
  'escape-string-regexp@5.0.0',
  'pretty-bytes@6.1.1',
  'parse-ms@4.0.0',
  'leven@4.0.0',
  'indent-string@5.0.0',
  'slash@5.1.0',
  'is-absolute-url@4.0.1',
  'strip-ansi@7.1.0',
  'is-fullwidth-code-point@5.0.0',
  'trim-newlines@5.0.0',
];

function exec(file: string, args: string[], cwd: string, timeout = 600_000): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd, encoding: 'utf8', maxBuffer: 100_000_000, timeout, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

const npm = (args: string[], cwd: string): ReturnType<typeof exec> =>
  exec('npm', [...args, '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], cwd);

interface Row {
  spec: string;
  entry: string;
  tests: number;
  passed: number;
  failed: number;
  statements: number | null;
  branches: number | null;
  flaky: boolean;
  seconds: number;
  mutation?: string;
  own?: string;
  note?: string;
}

/** The entry module of an installed package: exports['.'] (import/default) or main or index.js. */
function entryOf(pkg: { exports?: unknown; main?: string }): string {
  const pick = (value: unknown): string | undefined => {
    if (typeof value === 'string') return value;
    if (value && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      return pick(o['.']) ?? pick(o.import) ?? pick(o.node) ?? pick(o.default) ?? pick(o.require);
    }
    return undefined;
  };
  return (pick(pkg.exports) ?? pkg.main ?? 'index.js').replace(/^\.\//, '');
}

/** A project made of the package's own files, with the installed dependencies next to it. */
async function projectOf(spec: string, work: string): Promise<{ root: string; entry: string }> {
  const install = path.join(work, 'install');
  await mkdir(install, { recursive: true });
  await writeFile(path.join(install, 'package.json'), '{"private":true}\n');
  const installed = await npm(['install', spec], install);
  if (installed.code !== 0) throw new Error(`npm install ${spec} failed: ${installed.stderr.slice(0, 400)}`);
  const name = spec.slice(0, spec.lastIndexOf('@'));
  const pkgDir = path.join(install, 'node_modules', name);
  const pkg = JSON.parse(await readFile(path.join(pkgDir, 'package.json'), 'utf8')) as Record<string, unknown>;
  const root = path.join(work, 'project');
  await cp(pkgDir, root, { recursive: true });
  const cut = { name: pkg.name, version: pkg.version, private: true, type: pkg.type, dependencies: pkg.dependencies };
  await writeFile(path.join(root, 'package.json'), `${JSON.stringify(cut, null, 2)}\n`);
  await symlink(path.join(install, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return { root, entry: entryOf(pkg as { exports?: unknown; main?: string }) };
}

/** One run of the generated suite under c8: counts from node:test's TAP summary, coverage of the entry. */
async function coveredRun(
  root: string,
  entry: string,
  testFile: string,
  n: number,
): Promise<{ passed: number; failed: number; statements: number; branches: number; titles: string }> {
  const report = path.join(root, `.c8-bench-${n}`);
  const ran = await exec(
    process.execPath,
    [
      c8,
      '--reporter=json-summary',
      `--report-dir=${report}`,
      `--include=${entry}`,
      process.execPath,
      '--test',
      '--test-reporter=tap',
      testFile,
    ],
    root,
  );
  const count = (label: string): number => Number(new RegExp(`^# ${label} (\\d+)`, 'm').exec(ran.stdout)?.[1] ?? NaN);
  const summary = JSON.parse(await readFile(path.join(report, 'coverage-summary.json'), 'utf8')) as {
    total: { statements: { pct: number }; branches: { pct: number } };
  };
  const titles = ran.stdout
    .split('\n')
    .filter((l) => /^\s*(not )?ok \d+/.test(l))
    .join('\n');
  return {
    passed: count('pass'),
    failed: count('fail'),
    statements: summary.total.statements.pct,
    branches: summary.total.branches.pct,
    titles,
  };
}

/** Stryker's mutation score of the generated suite (command test runner: `node --test <file>`). */
async function mutationScore(root: string, entry: string, command: string, stryker: string): Promise<string> {
  await writeFile(
    path.join(root, 'stryker.config.json'),
    JSON.stringify({
      testRunner: 'command',
      commandRunner: { command },
      mutate: [entry],
      reporters: ['json'],
      jsonReporter: { fileName: 'stryker-report.json' },
      concurrency: 1,
      tempDirName: '.stryker-tmp',
      // In the project itself (its node_modules is a symlink to the install folder, which the sandbox does not follow).
      inPlace: true,
      plugins: [],
    }),
  );
  await rm(path.join(root, 'stryker-report.json'), { force: true });
  const ran = await exec(process.execPath, [stryker, 'run'], root, 1_800_000);
  try {
    const json = JSON.parse(await readFile(path.join(root, 'stryker-report.json'), 'utf8')) as {
      files: Record<string, { mutants: { status: string }[] }>;
    };
    const mutants = Object.values(json.files).flatMap((f) => f.mutants);
    const killed = mutants.filter((m) => m.status === 'Killed' || m.status === 'Timeout').length;
    const valid = mutants.filter((m) => m.status !== 'CompileError' && m.status !== 'RuntimeError' && m.status !== 'Ignored').length;
    return `${((100 * killed) / Math.max(1, valid)).toFixed(1)} % (${killed}/${valid})`;
  } catch {
    return `not measured (stryker exit ${ran.code}: ${(ran.stderr + ran.stdout).split('\n').filter(Boolean).slice(-2).join(' | ').slice(0, 200)})`;
  }
}

/** The mutation score of the package's own test suite, run the same way (Stryker, command runner). */
async function ownSuiteScore(spec: string, root: string, entry: string, stryker: string): Promise<string | undefined> {
  const own = OWN_TESTS[spec];
  if (!own) return undefined;
  const gitDir = path.join(MIRRORS, own.mirror, 'repo');
  const shown = await exec('git', ['--git-dir', gitDir, 'show', `${own.tag}:test.js`], root);
  if (shown.code !== 0) return `not measured (no mirror of ${own.mirror})`;
  await writeFile(path.join(root, 'test.js'), shown.stdout);
  const installed = await npm(['install', own.ava], path.join(path.dirname(root), 'install'));
  if (installed.code !== 0) return `not measured (npm install ${own.ava} failed)`;
  const passes = await exec(path.join(root, 'node_modules', '.bin', 'ava'), ['test.js'], root);
  if (passes.code !== 0) return `not measured (its own suite fails: ${passes.stdout.slice(-200)})`;
  return mutationScore(root, entry, 'node_modules/.bin/ava test.js', stryker);
}

async function benchOne(spec: string, tester: CapabilityTester, stryker: string | null): Promise<Row> {
  const work = await mkdtemp(path.join(tmpdir(), 'agentd-bench-unit-'));
  try {
    const { root, entry } = await projectOf(spec, work);
    const start = performance.now();
    const outcome = await tester.runInFolder(root, { input: { include: [entry] }, projectCode: true, maxToolCalls: 1000, apply: true });
    const seconds = (performance.now() - start) / 1000;
    const row: Row = { spec, entry, tests: 0, passed: 0, failed: 0, statements: null, branches: null, flaky: false, seconds };
    if (outcome.error) return { ...row, note: `${outcome.error.code}: ${(outcome.error.cause ?? outcome.error.message).slice(0, 160)}` };
    const testFile = outcome.staged.map((s) => s.path).find((p) => /\.generated\.test\.[cm]?js$/.test(p));
    if (!testFile) return { ...row, note: 'no test file staged' };
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await coveredRun(root, entry, testFile, i));
    const first = runs[0]!;
    const flaky = runs.some((r) => r.titles !== first.titles || r.statements !== first.statements || r.branches !== first.branches);
    const failed = Math.max(...runs.map((r) => r.failed));
    const mutation = stryker ? await mutationScore(root, entry, `node --test ${testFile}`, stryker) : undefined;
    const own = stryker ? await ownSuiteScore(spec, root, entry, stryker) : undefined;
    return {
      ...row,
      own,
      tests: first.passed + first.failed,
      passed: first.passed,
      failed,
      statements: first.statements,
      branches: first.branches,
      flaky,
      mutation,
    };
  } catch (error) {
    return {
      spec,
      entry: '?',
      tests: 0,
      passed: 0,
      failed: 0,
      statements: null,
      branches: null,
      flaky: false,
      seconds: 0,
      note: String(error).slice(0, 200),
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function installStryker(dir: string): Promise<string | null> {
  await writeFile(path.join(dir, 'package.json'), '{"private":true}\n');
  const installed = await npm(['install', STRYKER], dir);
  if (installed.code !== 0) {
    console.log(`stryker not installed: ${installed.stderr.slice(0, 300)}`);
    return null;
  }
  return path.join(dir, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function run(): Promise<void> {
  const withMutation = process.argv.includes('--mutation') || process.env.BENCH_MUTATION === '1';
  const only = process.env.BENCH_PACKAGES?.split(',').filter(Boolean);
  const specs = only?.length ? PACKAGES.filter((p) => only.some((o) => p.startsWith(`${o}@`))) : PACKAGES;
  const tester = new CapabilityTester({ capability: 'testing.unit' });
  const strykerDir = withMutation ? await mkdtemp(path.join(tmpdir(), 'agentd-bench-stryker-')) : null;
  try {
    const stryker = strykerDir ? await installStryker(strykerDir) : null;
    const rows: Row[] = [];
    for (const spec of specs) {
      const row = await benchOne(spec, tester, spec in OWN_TESTS ? stryker : null);
      rows.push(row);
      console.error(`  ${spec}: ${row.statements ?? '-'} % statements${row.note ? ` (${row.note})` : ''}`);
    }
    const pct = (v: number | null): string => (v === null ? '-' : `${v.toFixed(1)} %`);
    console.log(
      '| package | entry | tests | pass | statements | branches | flaky (3 runs) | testing.unit s | mutation score | own suite mutation score |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows)
      console.log(
        `| ${r.spec} | ${r.entry} | ${r.tests} | ${r.tests ? `${r.passed}/${r.tests}` : '-'} | ${pct(r.statements)} | ${pct(r.branches)} | ${r.tests ? (r.flaky ? 'yes' : 'no') : '-'} | ${r.seconds.toFixed(1)} | ${r.mutation ?? '-'} | ${r.own ?? '-'} |${r.note ? ` ${r.note}` : ''}`,
      );
    // A package with no generated suite counts as 0 % (it is not left out of the median).
    const statements = rows.map((r) => r.statements ?? 0);
    const branches = rows.map((r) => r.branches ?? 0);
    const tests = rows.reduce((n, r) => n + r.tests, 0);
    const passed = rows.reduce((n, r) => n + r.passed, 0);
    console.log(
      `median statement coverage ${median(statements).toFixed(1)} % (anchor TestPilot: median ${ANCHOR} % on 25 npm packages), median branch coverage ${median(branches).toFixed(1)} %, pass rate ${tests ? ((100 * passed) / tests).toFixed(1) : '-'} % (${passed}/${tests}), flaky packages ${rows.filter((r) => r.flaky).length}, ${rows.length} packages`,
    );
  } finally {
    if (strykerDir) await rm(strykerDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await run();
