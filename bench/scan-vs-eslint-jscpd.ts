/**
 * `agentd scan --checks all` (every analysis check, in-process, one shared parse cache) over a large
 * real code base — ESLint's lib plus typescript-eslint's dist, ~140k lines of JavaScript — beside the
 * peers measured in the same run over the same files: ESLint 10 (`complexity` rule, plus
 * eslint-plugin-security's recommended rules when installed) and jscpd 5, and oxlint (installed at
 * bench time) as the reference for raw parse-and-walk speed, agentd's time given as a multiple of its. Each tool runs in its own
 * child process; wall time and peak RSS are measured from outside (GNU time). Then a re-scan after one
 * touched file, in the same process as the first scan (target: under one second). The headline figure
 * is the `agentd scan` command itself, as a CI pipeline runs it (ESLint, jscpd and it take turns,
 * ROUNDS times, and each is reported by its median) (process start, module loading, the
 * SARIF report written to a file: everything a user waits for). Then in-process runs (runScan in a
 * child, for the re-scan and the per-check times): every check in one thread (runScan's default), with
 * the second scan thread, and in one thread parsing through the tree-sitter binding
 * (AGENTD_NATIVE_PARSER=0: what the flat-tree addon buys).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildCorpus } from './scan-bench/corpus.js';
import { measure, type Measured } from './scan-bench/measure.js';
import { OXLINT_VERSION, oxlintBin, oxlintResult } from './scan-bench/oxlint.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const AGENTD_BIN = path.join(here, '..', '..', 'bin', 'agentd.js');

interface Row {
  tool: string;
  measured: Measured;
  /** Wall times of every round, when the tool ran more than once (the row shows the median round). */
  rounds?: number[];
  /** In-process analysis time where the tool reports one (no process start-up, no module loading). */
  analysisMs?: number;
  result: string;
}

function jscpd(root: string): Row {
  const out = mkdtempSync(path.join(os.tmpdir(), 'agentd-jscpd-'));
  const bin = path.join(path.dirname(createRequire(import.meta.url).resolve('jscpd/package.json')), 'run-jscpd.js');
  const measured = measure(process.execPath, [bin, '--format', 'javascript', '--reporters', 'json', '--output', out, root], root);
  let result: string;
  try {
    const total = (
      JSON.parse(readFileSync(path.join(out, 'jscpd-report.json'), 'utf8')) as {
        statistics: { total: { clones: number; percentage: number } };
      }
    ).statistics.total;
    result = `${total.clones} clones, ${total.percentage.toFixed(2)}% duplicated lines`;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  return { tool: 'jscpd 5 (javascript)', measured, result };
}

/** oxlint with its defaults over the corpus: the reference for how fast a parse and a walk can be. */
function oxlint(root: string, bin: string): Row {
  const measured = measure(bin, ['--format', 'default', '.'], root);
  return {
    tool: `oxlint ${OXLINT_VERSION} (Rust; default correctness rules, every core)`,
    measured,
    result: oxlintResult(measured.stdout),
  };
}

function eslint(root: string): Row {
  const measured = measure(process.execPath, [path.join(here, 'scan-bench', 'eslint-child.js'), root], root);
  const r = measured.report ?? {};
  const rules = r.securityPlugin ? 'complexity + eslint-plugin-security' : 'complexity (eslint-plugin-security not installed)';
  return {
    tool: `ESLint 10: ${rules}`,
    measured,
    analysisMs: r.ms as number,
    result: `${r.complexity} complexity, ${r.security} security messages`,
  };
}

function agentd(root: string, oneThread = false, withoutAddon = false): Row {
  const env = withoutAddon ? { ...process.env, AGENTD_NATIVE_PARSER: '0' } : process.env;
  const measured = measure(
    process.execPath,
    [path.join(here, 'scan-bench', 'agentd-child.js'), root, ...(oneThread ? ['--one-thread'] : [])],
    root,
    env,
  );
  const r = measured.report ?? {};
  // The child also runs the re-scan; the first scan's wall time is the process's minus that.
  if (typeof r.rescanMs === 'number') measured.wallMs -= r.rescanMs;
  const failed = (r.failed as string[] | undefined)?.length ? `; FAILED: ${(r.failed as string[]).join('; ')}` : '';
  const how = `${oneThread ? 'one thread' : 'two threads'}${withoutAddon ? ', binding parse (no flat-tree addon)' : ''}`;
  return {
    tool: `runScan in a child (all checks, no report), ${how}; wall excludes the re-scan`,
    measured,
    analysisMs: r.ms as number,
    result: `${r.findings} findings in ${r.filesScanned} files${failed}`,
  };
}

/** The checks that cover what the peers do: ESLint's complexity and security rules, and jscpd's clones. */
const PEER_CHECKS = 'security,complexity,duplication';

/**
 * The CLI as a CI job runs it: exit 1 (findings at or above high) is the expected outcome here. `checks`:
 * every check (the headline), or PEER_CHECKS for the like-for-like row.
 */
function agentdCli(root: string, checks = 'all'): Row {
  const out = mkdtempSync(path.join(os.tmpdir(), 'agentd-sarif-'));
  const sarif = path.join(out, 'agentd.sarif');
  const env = { ...process.env, CI: 'true' };
  const measured = measure(
    process.execPath,
    [AGENTD_BIN, 'scan', root, '--checks', checks, '--format', 'sarif', '--output', sarif, '--fail-on', 'high'],
    root,
    env,
  );
  let result = `exit ${measured.exitCode}`;
  try {
    const log = JSON.parse(readFileSync(sarif, 'utf8')) as { runs: { results: unknown[] }[] };
    result = `${log.runs[0]!.results.length} results in the SARIF log, exit ${measured.exitCode}`;
  } catch {
    result += ', no SARIF log written';
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  return { tool: `agentd scan --checks ${checks} --format sarif -o (the CLI, CI=true)`, measured, result };
}

/**
 * ESLint, jscpd and the agentd CLI run this many times, taking turns, and each is reported by its
 * median round: one run each swung the ratio by ten points on a machine shared with other work.
 */
const ROUNDS = Math.max(1, Number(process.env.SCAN_BENCH_ROUNDS ?? 5));

function median(rows: Row[]): Row {
  const sorted = [...rows].sort((a, b) => a.measured.wallMs - b.measured.wallMs);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, rounds: rows.map((r) => r.measured.wallMs) };
}

const fmt = (n: number | undefined, digits = 2): string => (n === undefined || !Number.isFinite(n) ? '-' : n.toFixed(digits));

function print(rows: Row[], lines: number): void {
  console.log(
    `${'tool'.padEnd(70)} ${'wall s'.padStart(7)} ${'analysis s'.padStart(10)} ${'lines/s'.padStart(9)} ${'peak MB'.padStart(8)}  result`,
  );
  for (const row of rows) {
    const seconds = row.measured.wallMs / 1000;
    const rate = Math.round(lines / seconds).toLocaleString('en-US');
    const spread =
      row.rounds && row.rounds.length > 1
        ? ` (median of ${row.rounds.length}: ${fmt(Math.min(...row.rounds) / 1000)}-${fmt(Math.max(...row.rounds) / 1000)} s)`
        : '';
    console.log(
      `${row.tool.padEnd(70)} ${fmt(seconds).padStart(7)} ${fmt(row.analysisMs === undefined ? undefined : row.analysisMs / 1000).padStart(10)} ${rate.padStart(9)} ${fmt(row.measured.peakMB, 0).padStart(8)}  ${row.result}${spread}`,
    );
  }
}

export async function run(): Promise<void> {
  const corpus = buildCorpus();
  try {
    console.log(`code base: ${corpus.sources.join(', ')}`);
    console.log(`           ${corpus.files} files, ${corpus.lines.toLocaleString('en-US')} lines, copied to ${corpus.root}`);
    console.log(
      `load average before the runs: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} (${os.cpus().length} cores)`,
    );
    const ox = oxlintBin();
    if ('reason' in ox) console.log(`oxlint: not measured (${ox.reason})`);
    const rounds: { eslint: Row[]; jscpd: Row[]; cli: Row[]; peerChecks: Row[]; oxlint: Row[] } = {
      eslint: [],
      jscpd: [],
      cli: [],
      peerChecks: [],
      oxlint: [],
    };
    for (let round = 0; round < ROUNDS; round++) {
      rounds.eslint.push(eslint(corpus.root));
      rounds.jscpd.push(jscpd(corpus.root));
      if ('bin' in ox) rounds.oxlint.push(oxlint(corpus.root, ox.bin));
      rounds.cli.push(agentdCli(corpus.root));
      rounds.peerChecks.push(agentdCli(corpus.root, PEER_CHECKS));
    }
    console.log(
      `load average after the rounds: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    const peers = [median(rounds.eslint), median(rounds.jscpd)];
    const oxlintRow = rounds.oxlint.length > 0 ? median(rounds.oxlint) : undefined;
    const cli = median(rounds.cli);
    const peerChecks = median(rounds.peerChecks);
    // One thread is runScan's default ("auto"); the second thread is measured beside it.
    const ours = agentd(corpus.root, true);
    const twoThreads = agentd(corpus.root);
    const withoutAddon = agentd(corpus.root, true, true);
    print([...peers, ...(oxlintRow ? [oxlintRow] : []), cli, peerChecks, ours, twoThreads, withoutAddon], corpus.lines);
    const peerSeconds = peers.reduce((sum, p) => sum + p.measured.wallMs, 0) / 1000;
    const cliSeconds = cli.measured.wallMs / 1000;
    const pct = (ms: number): string => fmt((ms / 1000 / peerSeconds) * 100, 0);
    console.log(
      `agentd scan (the CLI, all checks, SARIF out) vs ESLint + jscpd, median wall: ${fmt(cliSeconds)} s vs ${fmt(peerSeconds)} s = ${pct(cli.measured.wallMs)}% (aim: at most 30%)`,
    );
    const byRound = (rows: Row[]): string =>
      rows
        .map((c, i) => c.measured.wallMs / (rounds.eslint[i]!.measured.wallMs + rounds.jscpd[i]!.measured.wallMs))
        .map((r) => `${fmt(r * 100, 0)}%`)
        .join(', ');
    console.log(`  the same ratio round by round: ${byRound(rounds.cli)}`);
    console.log(
      `  like for like, --checks ${PEER_CHECKS} (what ESLint's two rule sets and jscpd cover): ${fmt(peerChecks.measured.wallMs / 1000)} s = ${pct(peerChecks.measured.wallMs)}%; round by round ${byRound(rounds.peerChecks)}`,
    );
    if (oxlintRow) {
      const perOx = rounds.cli.map((c, i) => c.measured.wallMs / rounds.oxlint[i]!.measured.wallMs);
      console.log(
        `agentd scan vs oxlint (parse and walk, Rust), median wall: ${fmt(cliSeconds)} s vs ${fmt(oxlintRow.measured.wallMs / 1000)} s = ${fmt(cli.measured.wallMs / oxlintRow.measured.wallMs, 1)}x oxlint's time; round by round ${perOx.map((r) => `${fmt(r, 1)}x`).join(', ')}`,
      );
    }
    console.log(
      `in-process first scan: one thread ${fmt(ours.measured.wallMs / 1000)} s = ${pct(ours.measured.wallMs)}%; two threads ${fmt(twoThreads.measured.wallMs / 1000)} s = ${pct(twoThreads.measured.wallMs)}%; without the flat-tree addon ${fmt(withoutAddon.measured.wallMs / 1000)} s = ${pct(withoutAddon.measured.wallMs)}%`,
    );
    const r = ours.measured.report ?? {};
    console.log(
      `re-scan after touching one file, same process: ${fmt((r.rescanMs as number) / 1000, 3)} s (aim: under 1 s); two threads: ${fmt((twoThreads.measured.report?.rescanMs as number) / 1000, 3)} s`,
    );
    console.log(`per check, first scan (ms): ${JSON.stringify(r.perCheck)}`);
    console.log(`per check, re-scan (ms):    ${JSON.stringify(r.rescanPerCheck)}`);
  } finally {
    rmSync(corpus.root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
