/**
 * analysis.security's CPU time on the scan benchmark corpus (bench/scan-bench/corpus.ts: ESLint's lib
 * and typescript-eslint's dist, ~141k lines), in this one thread. A first run parses every file and
 * fills the parse cache and the shared plain trees; the measured runs then bypass the per-file memo
 * (`tools.memo` removed), so they time the security rules alone, not parsing. process.cpuUsage(), not
 * wall time: the machine is shared. Prints the best and median of `--runs N` (default 5) and the
 * finding count, which must not change with a speed-up.
 *
 * `--against <dir>`: a before/after comparison in the same process and conditions — `<dir>` is another
 * build of agentd (a checkout of an earlier commit with `npm run build`, or a copy of its `dist/` beside
 * a `node_modules`); its analysis.security and this one run alternately over the same corpus, and the
 * ratio of their medians is printed. Runs of separate processes on a shared machine differ by more than
 * the changes being measured.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLocalContext } from '../core/context/index.js';
import type { CapabilityContext, StepResult } from '../core/index.js';
import { run as securityScan } from '../capabilities/analysis/security.js';
import { buildCorpus } from './scan-bench/corpus.js';

const CATEGORIES = ['injection', 'xss', 'redos', 'secrets', 'crypto', 'csrf', 'transport', 'jwt'] as const;

type Scan = (input: { categories: string[] }, ctx: CapabilityContext) => Promise<StepResult>;
type ContextFactory = typeof createLocalContext;

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** An implementation ready to time: its scan over the corpus with the memo bypassed (after one warm run). */
async function prepare(
  scan: Scan,
  contexts: ContextFactory,
  root: string,
  categories: string[],
): Promise<{ once: () => Promise<StepResult> }> {
  const { ctx } = await contexts({ root, limits: { maxToolCalls: 1_000_000 } });
  await scan({ categories }, ctx);
  const unmemoised: CapabilityContext = { ...ctx, tools: { ...ctx.tools, memo: undefined } };
  return { once: () => scan({ categories }, unmemoised) };
}

export async function measure(runs = 5): Promise<{ bestMs: number; medianMs: number; findings: number; files: number; lines: number }> {
  const corpus = buildCorpus();
  try {
    const current = await prepare(securityScan as Scan, createLocalContext, corpus.root, [...CATEGORIES]);
    const times: number[] = [];
    let findings = 0;
    for (let i = 0; i < runs; i++) {
      const started = process.cpuUsage();
      findings = (await current.once()).findings!.length;
      times.push(cpuMs(started));
    }
    return { bestMs: Math.min(...times), medianMs: median(times), findings, files: corpus.files, lines: corpus.lines };
  } finally {
    rmSync(corpus.root, { recursive: true, force: true });
  }
}

/** Before/after: the build in `dir` and this one, alternating `runs` times each in this process. */
async function against(dir: string, runs: number): Promise<void> {
  const other = path.resolve(dir);
  const scan = (await import(pathToFileURL(path.join(other, 'dist/capabilities/analysis/security.js')).href)) as { run: Scan };
  const contexts = (await import(pathToFileURL(path.join(other, 'dist/core/context/index.js')).href)) as {
    createLocalContext: ContextFactory;
  };
  const corpus = buildCorpus();
  try {
    // The earlier build may not know every category of this one: it gets those it has.
    const known = JSON.stringify(
      (await import(pathToFileURL(path.join(other, 'dist/capabilities/analysis/security/rules/index.js')).href)) as {
        CATEGORIES: string[];
      },
    );
    const before = await prepare(
      scan.run,
      contexts.createLocalContext,
      corpus.root,
      CATEGORIES.filter((c) => known.includes(`"${c}"`)),
    );
    const after = await prepare(securityScan as Scan, createLocalContext, corpus.root, [...CATEGORIES]);
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < runs; i++) {
      let started = process.cpuUsage();
      await before.once();
      a.push(cpuMs(started));
      started = process.cpuUsage();
      await after.once();
      b.push(cpuMs(started));
    }
    console.log(
      `analysis.security on the scan corpus (${corpus.files} files, ${corpus.lines} lines), ${runs} alternating runs in one process:`,
    );
    console.log(`  ${other}: CPU best ${Math.min(...a).toFixed(0)} ms, median ${median(a).toFixed(0)} ms`);
    console.log(`  this build: CPU best ${Math.min(...b).toFixed(0)} ms, median ${median(b).toFixed(0)} ms`);
    console.log(
      `  this build / ${path.basename(other)}: ${(median(b) / median(a)).toFixed(2)}x by medians, ${(Math.min(...b) / Math.min(...a)).toFixed(2)}x by bests`,
    );
  } finally {
    rmSync(corpus.root, { recursive: true, force: true });
  }
}

export async function run(runs = 5): Promise<void> {
  const r = await measure(runs);
  console.log(
    `analysis.security on the scan corpus (${r.files} files, ${r.lines} lines): CPU best ${r.bestMs.toFixed(0)} ms, median ${r.medianMs.toFixed(0)} ms; ${r.findings} findings`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
  const againstArg = process.argv.indexOf('--against');
  if (againstArg > 0) await against(process.argv[againstArg + 1]!, runs);
  else await run(runs);
}
