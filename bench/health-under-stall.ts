/**
 * GET /health latency while the daemon is under each stall scenario of the outside campaign (issue
 * #15): 900,000-character names, listing jobs over huge records, 60 unsigned 24 MB webhook posts, the
 * 10-analysis pipeline on 20,000 tiny files. Goal: /health p99 < 100 ms. Each scenario runs on a fresh
 * daemon process of this checkout and, with STALL_BENCH_BASELINE=<folder of an older agentd build>
 * (e.g. `git archive <commit> | tar -x -C dir && npm ci` there), of that build too, taking turns. A
 * bare express /health in its own process is probed at the same moments: the machine's own noise
 * (its p99 rising means the CPU was busy, not that agentd's event loop stalled). Prints p50/p99/max,
 * failed probes, the process tree's peak RSS and what the load did.
 *   node dist/bench/health-under-stall.js [names|names-flood|list|webhooks|pipeline ...]
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { samplePeakRss, startDaemon, startPeer, startProbe } from './stall-bench/processes.js';
import { SCENARIOS, TINY_FILES, writeTinyWorkspace, type Scenario } from './stall-bench/scenarios.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Build {
  label: string;
  repo: string;
}

function commitOf(repo: string): string {
  try {
    return execFileSync('git', ['-C', repo, 'rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown commit';
  }
}

function builds(): Build[] {
  const out: Build[] = [{ label: `agentd ${commitOf(REPO)} (this checkout)`, repo: REPO }];
  const baseline = process.env.STALL_BENCH_BASELINE;
  if (baseline)
    out.push({ label: `agentd ${process.env.STALL_BENCH_BASELINE_LABEL ?? commitOf(baseline)} (baseline)`, repo: path.resolve(baseline) });
  return out;
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const stats = (latencies: number[]): string => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `p50 ${quantile(sorted, 0.5).toFixed(1).padStart(7)} ms  p99 ${quantile(sorted, 0.99).toFixed(1).padStart(8)} ms  max ${quantile(sorted, 1).toFixed(0).padStart(6)} ms`;
};

async function measure(build: Build, scenario: Scenario, workspace: string, peerUrl: string): Promise<void> {
  const home = await mkdtemp(path.join(tmpdir(), 'agentd-stall-home-'));
  const daemon = await startDaemon(build.repo, workspace, home);
  try {
    const prepared = scenario.prepare ? await scenario.prepare(daemon.url) : null;
    const rss = samplePeakRss(daemon.child.pid!);
    const probe = await startProbe([
      { name: 'agentd', url: daemon.url },
      { name: 'peer', url: peerUrl },
    ]);
    // The prober is stopped whatever the load did, so no probe process outlives the bench.
    const loaded = await scenario.load(daemon.url).then(
      (did) => ({ did }),
      (error: unknown) => ({ error }),
    );
    const probed = await probe.finish();
    const peakMb = rss.stop();
    if ('error' in loaded) throw loaded.error;
    const did = loaded.did;
    const ours = probed.agentd!;
    const peer = probed.peer!;
    console.log(`  ${build.label}`);
    if (prepared) console.log(`    prepared: ${prepared}`);
    console.log(
      `    /health ${stats(ours.latencies)}  (${ours.latencies.length} probes, ${ours.errors} failed)   peak RSS ${peakMb.toFixed(0)} MB`,
    );
    console.log(`    peer    ${stats(peer.latencies)}  (bare express, same moments)`);
    console.log(`    load: ${did}`);
  } finally {
    await daemon.stop();
    await rm(home, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const wanted = process.argv.slice(2).filter((arg) => SCENARIOS.some((s) => s.name === arg));
  const scenarios = wanted.length > 0 ? SCENARIOS.filter((s) => wanted.includes(s.name)) : SCENARIOS;
  const workspace = await mkdtemp(path.join(tmpdir(), 'agentd-stall-'));
  const peer = await startPeer();
  try {
    await writeTinyWorkspace(workspace);
    console.log(
      `/health under stall scenarios (${TINY_FILES} tiny files; load average at start ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
    for (const scenario of scenarios) {
      console.log(`\n${scenario.name}: ${scenario.title}`);
      for (const build of builds()) await measure(build, scenario, workspace, peer.url);
    }
    console.log(
      `\nload average at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; goal: agentd /health p99 < 100 ms in every scenario.`,
    );
  } finally {
    await peer.stop();
    await rm(workspace, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
