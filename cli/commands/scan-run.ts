/**
 * What `agentd scan` does once its arguments are parsed (loaded on use: other commands never load the
 * analysis). scan.ts has started parsing the project by then (prefetchSources).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Severity } from '../../core/contracts/index.js';
import { atOrAbove, countsLine, summarise, type ScanReport } from '../../core/report/index.js';
import { applyBaseline, loadAnalysisCatalog, readBaseline, runScan, selectChecks } from '../../core/scan/index.js';
import type { RootWalker } from '../../core/workspace/list-files.js';
import { render, writeAtomically } from './scan-output.js';
import { SCAN_FORMATS, type ScanFormat } from './scan-formats.js';
import { fixFindings } from './scan-fix.js';
import { chooseOptions, cliSettings } from './scan-options.js';
import { scanFeedback, type ScanFeedback } from './scan-progress.js';
import { ciRenderOptions } from './scan-links.js';
import { configFileOf, pluginsOf, readConfigObject, resolvedEntry } from './plugin/config-file.js';

export interface ScanArgs {
  path: string;
  checks?: string[];
  /** Third-party plugins (folders or installed package names) whose analysis capabilities join the checks. */
  plugin?: string[];
  format: ScanFormat;
  output?: string;
  /** More reports of the same scan, as "<format>:<file>". */
  report?: string[];
  failOn?: Severity | 'none';
  baseline?: string;
  changedSince?: string;
  include?: string[];
  exclude?: string[];
  config?: string;
  profile?: string;
  fix?: boolean;
  fixDryRun?: boolean;
  linkBase?: string;
  verbose: boolean;
  /** --no-project-code turns it off: the checks then run none of the project's own code (its ESLint config). */
  projectCode: boolean;
}

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

/** `--report sarif:agentd.sarif` -> its format and file; a usage error for an unknown format or a missing file. */
export function extraReports(specs: readonly string[] | undefined): { format: ScanFormat; file: string }[] {
  return (specs ?? []).map((spec) => {
    const colon = spec.indexOf(':');
    const format = spec.slice(0, Math.max(0, colon)) as ScanFormat;
    const file = spec.slice(colon + 1);
    if (colon < 1 || !SCAN_FORMATS.includes(format) || file === '')
      throw new Error(`--report "${spec}" is not <format>:<file> with a format of ${SCAN_FORMATS.join(', ')}.`);
    return { format, file };
  });
}

/** The report to stdout or --output (with --fix-dry-run stdout holds the diff, so there to --output only), and every --report. */
async function emit(report: ScanReport, argv: ScanArgs, feedback: ScanFeedback): Promise<void> {
  const ci = ciRenderOptions(process.env, path.resolve(argv.path));
  const options = { ...ci, ...(argv.linkBase ? { linkBase: argv.linkBase } : {}) };
  for (const extra of extraReports(argv.report)) await writeAtomically(extra.file, render(report, extra.format, options));
  if (argv.fixDryRun && !argv.output) return;
  const text = render(report, argv.format, options);
  if (argv.output) {
    await writeAtomically(argv.output, text);
    feedback.note(`${countsLine(summarise(report))}; ${argv.format} report written to ${argv.output}`);
  } else {
    process.stdout.write(text);
  }
}

/**
 * Plugins' analysis checks join the catalog: those `agentd plugin add` configured (~/.agentd/config.json;
 * a broken one is a warning, as in the daemon), then each `--plugin` (a broken one is an error).
 */
async function addPlugins(catalog: Awaited<ReturnType<typeof loadAnalysisCatalog>>, given: string[]): Promise<void> {
  const file = configFileOf(undefined);
  const configured = await readConfigObject(file).then(
    (config) => pluginsOf(config, file).map((entry) => resolvedEntry(entry, file)),
    () => [] as string[],
  );
  const explicit = given.map((source) => (source.startsWith('.') || path.isAbsolute(source) ? path.resolve(source) : source));
  const fromConfig = configured.filter((entry) => !explicit.includes(entry));
  if (fromConfig.length === 0 && explicit.length === 0) return;
  // Loaded only when there are plugins: the manifest reader's modules would add to every scan's start.
  const { addPluginChecks } = await import('../../plugins/manifest/plugin-checks.js');
  if (fromConfig.length > 0)
    await addPluginChecks(catalog, fromConfig, process.cwd(), (error) =>
      process.stderr.write(`agentd scan: plugin skipped: ${error.message}\n`),
    );
  if (explicit.length > 0) await addPluginChecks(catalog, explicit, process.cwd());
}

/** `walk`: the walk of the project scan.ts's prefetch used, shared by the whole scan. */
export async function scan(argv: ScanArgs, walk?: RootWalker): Promise<number> {
  const root = path.resolve(argv.path);
  await checkRoot(root);
  if (argv.fix && argv.fixDryRun) throw new Error('--fix and --fix-dry-run exclude each other; pass one.');
  extraReports(argv.report); // a bad --report is a usage error before anything runs
  const catalog = await loadAnalysisCatalog();
  await addPlugins(catalog, argv.plugin ?? []);
  const settings = cliSettings(root, catalog, argv.config);
  const chosen = chooseOptions(argv, settings);
  selectChecks(catalog, chosen.checks); // refuses unknown checks before anything runs
  const baseline = chosen.baseline ? await readBaseline(chosen.baseline) : undefined;
  const feedback = scanFeedback(argv.verbose);
  let report: ScanReport;
  try {
    report = await runScan({
      root,
      checks: chosen.checks,
      catalog,
      settings,
      inputs: chosen.inputs,
      ...(walk ? { walk } : {}),
      include: argv.include,
      exclude: argv.exclude,
      changedSince: argv.changedSince,
      projectCode: argv.projectCode !== false,
      onProgress: feedback.onProgress,
      onLog: feedback.onLog,
    });
  } finally {
    feedback.finish();
  }
  if (baseline) report = applyBaseline(report, baseline);
  if (argv.fix || argv.fixDryRun) report = await fixFindings(root, report, argv.fixDryRun === true);
  await emit(report, argv, feedback);
  // A failed check makes the scan exit 2: its reason is printed in CI too, a silent failing gate cannot be diagnosed.
  for (const run of report.runs) if (run.error) process.stderr.write(`agentd scan: ${run.capability} failed: ${run.error.message}\n`);
  return exitCodeFor(report, chosen.failOn);
}
