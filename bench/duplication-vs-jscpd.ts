/**
 * analysis.duplication beside jscpd on the same real code base (every file of node_modules/eslint/lib):
 * clone counts, duplicated-line percentages and wall time, measured in the same run. The peer is
 * jscpd 5 (the Rust build, through its npm platform package jscpd-linux-x64-gnu), run twice: with its
 * defaults (exact clones, min 50 tokens / 5 lines — compare with our exact figures) and with
 * --ignore-identifiers --ignore-literals (its renamed clones — compare with ours, exact + renamed).
 * Ours runs through the capability context as a job step would: cold (caches cleared) and warm.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLocalContext } from '../core/context/index.js';
import { clearCaches } from '../core/cache/index.js';
import { run as duplication } from '../capabilities/analysis/duplication.js';
import type { DuplicationTotals } from '../capabilities/analysis/duplication/clone-report.js';

interface Figures {
  label: string;
  files: number;
  lines: number;
  clones: number;
  percentage: number;
  ms: number;
}

async function ours(root: string, label: string, kinds: ('exact' | 'renamed')[]): Promise<Figures> {
  const started = performance.now();
  const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 1_000_000 } });
  const result = await duplication({ kinds }, ctx);
  const ms = performance.now() - started;
  const totals = (result.data as { totals: { exact: DuplicationTotals; all: DuplicationTotals } }).totals;
  const t = kinds.includes('renamed') ? totals.all : totals.exact;
  return { label, files: t.files, lines: t.lines, clones: t.clones, percentage: t.percentage, ms };
}

function jscpd(root: string, label: string, extra: string[]): Figures | string {
  const require = createRequire(import.meta.url);
  const bin = join(dirname(require.resolve('jscpd/package.json')), 'run-jscpd.js');
  const out = mkdtempSync(join(tmpdir(), 'agentd-jscpd-'));
  try {
    const started = performance.now();
    const child = spawnSync(process.execPath, [bin, ...extra, '-r', 'json', '-o', out, '--silent', root], { encoding: 'utf8' });
    const ms = performance.now() - started;
    if (child.status !== 0) return `jscpd failed (${child.status}): ${child.stderr.trim().split('\n')[0]}`;
    const total = (
      JSON.parse(readFileSync(join(out, 'jscpd-report.json'), 'utf8')) as {
        statistics: { total: { sources: number; lines: number; clones: number; percentage: number } };
      }
    ).statistics.total;
    return {
      label,
      files: total.sources,
      lines: total.lines,
      clones: total.clones,
      percentage: Math.round(total.percentage * 100) / 100,
      ms,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function row(f: Figures | string): string {
  if (typeof f === 'string') return f;
  return `${f.label.padEnd(52)} ${String(f.files).padStart(5)} files ${f.lines.toLocaleString('en-US').padStart(8)} lines ${String(f.clones).padStart(5)} clones ${f.percentage.toFixed(2).padStart(6)}% ${f.ms.toFixed(0).padStart(6)} ms`;
}

export async function run(): Promise<void> {
  const require = createRequire(import.meta.url);
  const root = join(dirname(require.resolve('eslint/package.json')), 'lib');
  const bin = join(dirname(require.resolve('jscpd/package.json')), 'run-jscpd.js');
  const version = spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8' }).stdout.trim() || 'jscpd (version unknown)';
  console.log(`code base: ${root}; peer: ${version} (native binary from its npm platform package jscpd-linux-x64-gnu)`);
  clearCaches();
  console.log(row(await ours(root, 'analysis.duplication exact, cold (caches cleared)', ['exact'])));
  console.log(row(await ours(root, 'analysis.duplication exact, warm', ['exact'])));
  console.log(row(jscpd(root, 'peer: jscpd defaults (exact)', [])));
  console.log(row(await ours(root, 'analysis.duplication exact + renamed, warm', ['exact', 'renamed'])));
  console.log(row(jscpd(root, 'peer: jscpd --ignore-identifiers --ignore-literals', ['--ignore-identifiers', '--ignore-literals'])));
  console.log(
    'Lines: ours count every listed .js/.ts file as jscpd counts lines (a final newline opens no line); file sets differ: agentd reads no file over 100 KB (lib/types/rules.d.ts), jscpd applies its own filters.',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
