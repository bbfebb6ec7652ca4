/**
 * Child process of the scan benchmark: `agentd scan --checks all` in-process (runScan) over the corpus,
 * then one file touched and the whole scan run again in the same process (the parse cache and per-file
 * memo keep every other file's work). Prints one JSON line with its figures and its own peak RSS.
 * `--one-thread` runs every check in the main thread (no second scan thread).
 */
import { appendFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { runScan } from '../../core/scan/index.js';

function firstJsFile(dir: string): string {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && entry.name.endsWith('.js')) return full;
    if (entry.isDirectory()) {
      const found = firstJsFile(full);
      if (found) return found;
    }
  }
  return '';
}

const root = process.argv[2]!;
// "--one-thread": every check in this thread (runScan's parallel: false), to show what the second thread buys.
const parallel = !process.argv.includes('--one-thread'); // forced on: the bench compares both
let started = performance.now();
const first = await runScan({ root, checks: ['all'], maxToolCalls: 100_000, parallel });
const ms = performance.now() - started;
appendFileSync(firstJsFile(root), '\n// touched by the benchmark\n');
started = performance.now();
const second = await runScan({ root, checks: ['all'], maxToolCalls: 100_000, parallel });
const rescanMs = performance.now() - started;
console.log(
  JSON.stringify({
    ms,
    rescanMs,
    findings: first.findings.length,
    rescanFindings: second.findings.length,
    filesScanned: first.stats.filesScanned,
    lines: first.stats.linesScanned,
    perCheck: Object.fromEntries(first.runs.map((r) => [r.capability, Math.round(r.durationMs)])),
    rescanPerCheck: Object.fromEntries(second.runs.map((r) => [r.capability, Math.round(r.durationMs)])),
    failed: first.runs.filter((r) => r.error).map((r) => `${r.capability}: ${r.error!.message}`),
    maxRssKB: process.resourceUsage().maxRSS,
  }),
);
