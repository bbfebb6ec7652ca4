/**
 * What testing.run adds to running the tests: testing.run (temp copy with the staged changes, sandbox,
 * agentd's reporter, report parsing) against the peer — the runner started directly in the project with
 * its own JSON reporter — on the mocha and node:test fixtures, in the same run; and testing.coverage
 * against c8 run directly. Medians of RUNS runs each (the first run of each is a warm-up, not counted).
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createLocalContext } from '../core/context/index.js';
import type { CapabilityContext, StepResult } from '../core/index.js';
import { run as runTests } from '../capabilities/testing/run.js';
import { run as runCoverage } from '../capabilities/testing/coverage.js';

const RUNS = 7;
const repo = fileURLToPath(new URL('../../', import.meta.url));

function direct(cwd: string, args: string[]): Promise<void> {
  return new Promise((resolve) => execFile(process.execPath, args, { cwd, maxBuffer: 50_000_000 }, () => resolve()));
}

const signed = (ms: number): string => `${ms >= 0 ? '+' : '−'}${Math.abs(ms).toFixed(0)}`;

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

async function capability(run: (input: object, ctx: CapabilityContext) => Promise<StepResult>, root: string): Promise<void> {
  const handle = await createLocalContext({ root, permissions: { projectCode: true }, limits: { maxToolCalls: 1000 } });
  await run({}, handle.ctx);
}

export async function run(): Promise<void> {
  const mochaBin = path.join(repo, 'node_modules', 'mocha', 'bin', 'mocha.js');
  const c8 = path.join(repo, 'node_modules', 'c8', 'bin', 'c8.js');
  const cases = [
    { name: 'mocha fixture (6 tests)', fixture: 'mocha-project', peer: [mochaBin, '--reporter', 'json', 'test/**/*.test.js'] },
    { name: 'node:test fixture (4 tests)', fixture: 'node-test-project', peer: ['--test', '--test-reporter=tap', 'test/'] },
  ];
  const rows: string[] = [];
  for (const c of cases) {
    const root = await mkdtemp(path.join(tmpdir(), 'agentd-bench-testing-'));
    try {
      await cp(path.join(repo, 'fixtures', 'testing', c.fixture), root, { recursive: true });
      await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
      const peer = await median(() => direct(root, c.peer));
      const ours = await median(() => capability(runTests, root));
      const c8Peer = await median(() =>
        direct(root, [c8, '--reporter=json', '--all', '--report-dir=c8-bench', process.execPath, ...c.peer]),
      );
      const coverage = await median(() => capability(runCoverage, root));
      rows.push(
        `${c.name.padEnd(28)} runner directly ${peer.toFixed(0).padStart(5)} ms | testing.run ${ours.toFixed(0).padStart(5)} ms (${signed(ours - peer)} ms) | c8 directly ${c8Peer.toFixed(0).padStart(5)} ms | testing.coverage ${coverage.toFixed(0).padStart(5)} ms (${signed(coverage - c8Peer)} ms)`,
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }
  console.log(`medians of ${RUNS} runs after a warm-up, same machine, same run:`);
  for (const row of rows) console.log(row);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await run();
