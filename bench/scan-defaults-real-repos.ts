/**
 * What agentd's defaults (core/project-config/scan-defaults.ts) do to a real project's report: findings
 * per 1,000 lines by check, and whether `--fail-on high` passes, with the defaults off ("before": every
 * file, every check's own severities) and on ("after"), on each repository given. The repositories
 * are local clones named at bench time — never committed; their commit ids are printed:
 *
 *     git clone https://github.com/expressjs/express /tmp/repos/express   # and koa, commander.js, ...
 *     AGENTD_BENCH_REPOS=/tmp/repos/express,/tmp/repos/koa node dist/bench/scan-defaults-real-repos.js
 *     node dist/bench/scan-defaults-real-repos.js /tmp/repos/express /tmp/repos/koa
 *
 * Lines are those of the "before" scan (all source files) in both columns, so the two are comparable.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { settingsOf, type ProjectConfigFile } from '../core/project-config/index.js';
import { atOrAbove, type ScanReport } from '../core/report/index.js';
import { configCatalogOf, loadAnalysisCatalog, runScan, type AnalysisCatalog } from '../core/scan/index.js';

const DEFAULTS_OFF: ProjectConfigFile = { defaults: { testCode: false, generatedCode: false, maintainabilityCap: 'none' } };

interface Measured {
  repo: string;
  commit: string;
  lines: number;
  before: ScanReport;
  after: ScanReport;
}

function commitOf(root: string): string {
  try {
    return execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim().slice(0, 12);
  } catch {
    return 'not a git checkout';
  }
}

async function scan(root: string, catalog: AnalysisCatalog, config: ProjectConfigFile): Promise<ScanReport> {
  const settings = settingsOf({ dir: root, config }, root, configCatalogOf(catalog));
  return runScan({ root, checks: ['all'], catalog, settings });
}

function perCheck(report: ScanReport, lines: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const f of report.findings) counts.set(f.capability, (counts.get(f.capability) ?? 0) + 1);
  return new Map([...counts].map(([check, n]) => [check, (n / lines) * 1000]));
}

const blocking = (report: ScanReport): number => report.findings.filter((f) => atOrAbove(f.severity, 'high')).length;
const fmt = (n: number | undefined): string => (n === undefined ? '-' : n.toFixed(1));

function print(results: Measured[]): void {
  const checks = [...new Set(results.flatMap((r) => [...r.before.findings, ...r.after.findings].map((f) => f.capability)))].sort();
  console.log("findings per 1,000 lines, before (defaults off) -> after (agentd's defaults)");
  console.log(
    [
      'repository (commit)'.padEnd(34),
      'kLOC'.padStart(6),
      ...checks.map((c) => c.replace('analysis.', '').slice(0, 12).padStart(14)),
      'total'.padStart(14),
      'high+'.padStart(12),
      ' --fail-on high',
    ].join(' '),
  );
  for (const r of results) {
    const b = perCheck(r.before, r.lines);
    const a = perCheck(r.after, r.lines);
    const cells = checks.map((c) => `${fmt(b.get(c) ?? 0)}->${fmt(a.get(c) ?? 0)}`.padStart(14));
    const total = `${fmt((r.before.findings.length / r.lines) * 1000)}->${fmt((r.after.findings.length / r.lines) * 1000)}`;
    const gate = `${blocking(r.before) > 0 ? 'fails' : 'passes'} -> ${blocking(r.after) > 0 ? 'fails' : 'passes'}`;
    console.log(
      [
        `${r.repo} (${r.commit})`.padEnd(34),
        (r.lines / 1000).toFixed(1).padStart(6),
        ...cells,
        total.padStart(14),
        `${blocking(r.before)}->${blocking(r.after)}`.padStart(12),
        ` ${gate}`,
      ].join(' '),
    );
  }
  for (const r of results) {
    const left = r.after.findings.filter((f) => atOrAbove(f.severity, 'high')).map((f) => `${f.ruleId} ${f.file}:${f.range.startLine}`);
    if (left.length > 0)
      console.log(
        `${r.repo}: still at or above high with the defaults: ${left.slice(0, 8).join('; ')}${left.length > 8 ? `; and ${left.length - 8} more` : ''}`,
      );
  }
}

function repositories(): string[] {
  const given = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const listed = given.length > 0 ? given : (process.env.AGENTD_BENCH_REPOS ?? '').split(',').filter(Boolean);
  return listed.map((r) => path.resolve(r)).filter((r) => existsSync(r));
}

export async function run(): Promise<void> {
  const repos = repositories();
  if (repos.length === 0) {
    console.log('skipped: no repositories given (pass local clones as arguments or in AGENTD_BENCH_REPOS, comma-separated)');
    return;
  }
  const catalog = await loadAnalysisCatalog();
  const results: Measured[] = [];
  for (const root of repos) {
    const before = await scan(root, catalog, DEFAULTS_OFF);
    const after = await scan(root, catalog, {});
    results.push({ repo: path.basename(root), commit: commitOf(root), lines: Math.max(1, before.stats.linesScanned), before, after });
  }
  print(results);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
