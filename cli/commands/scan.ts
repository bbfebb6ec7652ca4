import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import type { Severity } from '../../core/contracts/index.js';
import { isAgentdError } from '../../core/errors/index.js';
import { atOrAbove, countsLine, summarise, SEVERITIES, type ScanReport } from '../../core/report/index.js';
import { applyBaseline, loadAnalysisCatalog, prefetchSources, readBaseline, runScan, selectChecks } from '../../core/scan/index.js';
import { render, SCAN_FORMATS, writeAtomically, type ScanFormat } from './scan-output.js';
import { scanFeedback } from './scan-progress.js';

interface ScanArgs {
  path: string;
  checks: string[];
  format: ScanFormat;
  output?: string;
  failOn: Severity | 'none';
  baseline?: string;
  changedSince?: string;
  include?: string[];
  exclude?: string[];
  verbose: boolean;
}

export const FAIL_ON = [...SEVERITIES, 'none'] as const;
/** A gate fails on high and critical findings unless told otherwise: the level a team blocks a merge on. */
export const DEFAULT_FAIL_ON = 'high';

/** Exit status of a finished scan: 2 when a check failed, 1 when a finding is at or above --fail-on, else 0. */
export function exitCodeFor(report: ScanReport, failOn: Severity | 'none'): 0 | 1 | 2 {
  if (report.runs.some((run) => run.error)) return 2;
  if (failOn === 'none') return 0;
  return report.findings.some((f) => atOrAbove(f.severity, failOn)) ? 1 : 0;
}

async function checkRoot(root: string): Promise<void> {
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) throw new Error(`Scan path "${root}" is not a folder; pass the project folder to scan.`);
}

async function scan(argv: ScanArgs): Promise<number> {
  const root = path.resolve(argv.path);
  await checkRoot(root);
  // The project parses on the pool while the checks' modules load.
  await prefetchSources({ root, checks: argv.checks, include: argv.include, exclude: argv.exclude, changedSince: argv.changedSince });
  const catalog = await loadAnalysisCatalog();
  selectChecks(catalog, argv.checks); // refuses unknown checks before anything runs
  const baseline = argv.baseline ? await readBaseline(argv.baseline) : undefined;
  const feedback = scanFeedback(argv.verbose);
  let report: ScanReport;
  try {
    report = await runScan({ root, checks: argv.checks, catalog, include: argv.include, exclude: argv.exclude, changedSince: argv.changedSince, onProgress: feedback.onProgress, onLog: feedback.onLog });
  } finally {
    feedback.finish();
  }
  if (baseline) report = applyBaseline(report, baseline);
  const text = render(report, argv.format);
  if (argv.output) {
    await writeAtomically(argv.output, text);
    feedback.note(`${countsLine(summarise(report))}; ${argv.format} report written to ${argv.output}`);
  } else {
    process.stdout.write(text);
  }
  // A failed check makes the scan exit 2: its reason is printed in CI too, a silent failing gate cannot be diagnosed.
  for (const run of report.runs) if (run.error) process.stderr.write(`agentd scan: ${run.capability} failed: ${run.error.message}\n`);
  return exitCodeFor(report, argv.failOn);
}

/** `agentd scan`: the CI gate. Exit 0 clean, 1 findings at or above --fail-on, 2 usage or runtime error (one line, no stack). */
export const scanCommand: CommandModule<object, ScanArgs> = {
  command: 'scan [path]',
  describe: 'Run analysis checks in-process and report findings (exit 1 at or above --fail-on)',
  builder: (yargs: Argv) =>
    yargs
      .positional('path', { type: 'string', default: '.', describe: 'Folder to scan' })
      .option('checks', { type: 'string', array: true, default: ['all'], describe: 'Checks to run, comma-separated (security,quality,...) or all' })
      .option('format', { choices: SCAN_FORMATS, default: 'text' as ScanFormat, describe: 'Report format' })
      .option('output', { alias: 'o', type: 'string', describe: 'Write the report to this file (atomically) instead of stdout' })
      .option('fail-on', { choices: FAIL_ON, default: DEFAULT_FAIL_ON as Severity | 'none', describe: 'Exit 1 when a finding is at or above this severity (none: never)' })
      .option('baseline', { type: 'string', describe: 'An earlier JSON or SARIF report: report only findings not in it' })
      .option('changed-since', { type: 'string', describe: 'Scan only files changed since this git ref (plus uncommitted ones)' })
      .option('include', { type: 'string', array: true, describe: 'Gitignore-style globs to include' })
      .option('exclude', { type: 'string', array: true, describe: 'Gitignore-style globs to exclude' })
      .option('verbose', { type: 'boolean', default: false, describe: 'Progress and check logs on stderr, also in CI' })
      .example('$0 scan --checks security --fail-on high', 'a security gate')
      .example('$0 scan --format sarif -o agentd.sarif', 'for GitHub code scanning')
      .example('$0 scan --baseline main.json --changed-since origin/main', 'only new findings in changed files') as unknown as Argv<ScanArgs>,
  handler: async (argv) => {
    try {
      process.exitCode = await scan(argv);
    } catch (error) {
      const message = isAgentdError(error) || error instanceof Error ? error.message : String(error);
      process.stderr.write(`agentd scan: ${message.split('\n')[0]}\n`);
      process.exitCode = 2;
    }
  },
};
