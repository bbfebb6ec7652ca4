/**
 * analysis.security's CPU time on the scan benchmark corpus (bench/scan-bench/corpus.ts: ESLint's lib
 * and typescript-eslint's dist, ~141k lines), in this one thread. A first run parses every file and
 * fills the parse cache and the shared plain trees; the measured runs then bypass the per-file memo
 * (`tools.memo` removed), so they time the security rules alone, not parsing. process.cpuUsage(), not
 * wall time: the machine is shared. Prints the best and median of `--runs N` (default 5) and the
 * finding count, which must not change with a speed-up.
 */
import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createLocalContext } from '../core/context/index.js';
import type { CapabilityContext } from '../core/index.js';
import { run as securityScan } from '../capabilities/analysis/security.js';
import { buildCorpus } from './scan-bench/corpus.js';

const CATEGORIES = ['injection', 'xss', 'secrets', 'crypto', 'csrf', 'transport', 'jwt'] as const;

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

export async function measure(runs = 5): Promise<{ bestMs: number; medianMs: number; findings: number; files: number; lines: number }> {
  const corpus = buildCorpus();
  try {
    const { ctx } = await createLocalContext({ root: corpus.root, limits: { maxToolCalls: 1_000_000 } });
    const warm = await securityScan({ categories: [...CATEGORIES] }, ctx);
    const unmemoised: CapabilityContext = { ...ctx, tools: { ...ctx.tools, memo: undefined } };
    const times: number[] = [];
    let findings = warm.findings!.length;
    for (let i = 0; i < runs; i++) {
      const started = process.cpuUsage();
      const result = await securityScan({ categories: [...CATEGORIES] }, unmemoised);
      times.push(cpuMs(started));
      findings = result.findings!.length;
    }
    times.sort((a, b) => a - b);
    return { bestMs: times[0]!, medianMs: times[Math.floor(times.length / 2)]!, findings, files: corpus.files, lines: corpus.lines };
  } finally {
    rmSync(corpus.root, { recursive: true, force: true });
  }
}

export async function run(runs = 5): Promise<void> {
  const r = await measure(runs);
  console.log(`analysis.security on the scan corpus (${r.files} files, ${r.lines} lines): CPU best ${r.bestMs.toFixed(0)} ms, median ${r.medianMs.toFixed(0)} ms; ${r.findings} findings`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const runsArg = process.argv.indexOf('--runs');
  await run(runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5);
}
