/**
 * A pull request's scan: `agentd scan` on the head working copy, in a child process (the daemon's
 * event loop never runs the analysis, and a crash takes only the child), with the repository's own
 * agentd.config.json (checks, rules, suppressions, failOn) and, unless the operator trusts the cache
 * folder (security.trustedWorkspaces), `--no-project-code`: pull-request code is untrusted.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Severity } from '../../core/contracts/index.js';
import { AgentdError } from '../../core/index.js';
import { findConfigFile } from '../../core/project-config/index.js';

/** dist/daemon/github -> <package>/bin/agentd.js */
const AGENTD_BIN = fileURLToPath(new URL('../../../bin/agentd.js', import.meta.url));
const SCAN_TIMEOUT_MS = 30 * 60_000;
/** `agentd scan`'s gate when the configuration names none (cli/commands/scan-options.ts). */
const DEFAULT_FAIL_ON: Severity = 'high';

export interface ScanFinding {
  ruleId: string;
  severity: Severity;
  message: string;
  file: string;
  range: { startLine: number; endLine: number };
  capability: string;
  /** Stable across line moves (core/report/fingerprint.ts): what the default branch's baseline holds. */
  fingerprint: string;
}

export interface ScanOutcome {
  findings: ScanFinding[];
  /** Checks that failed (their findings are missing from the report): capability and message. */
  failedChecks: { capability: string; message: string }[];
  failOn: Severity | 'none';
  filesScanned: number;
  linesScanned: number;
  durationMs: number;
  /** The configuration file used, relative to the root, or null for agentd's defaults. */
  configFile: string | null;
  /** The same scan as SARIF 2.1.0 (for code scanning), when asked for. */
  sarif: string | null;
}

interface JsonReport {
  stats: { filesScanned: number; linesScanned: number; durationMs: number };
  runs: { capability: string; error?: { message: string } }[];
  findings: ScanFinding[];
}

/** `sarif`: also write the scan as SARIF (`--report sarif:<file>`, one run of the checks). */
export async function scanCheckout(
  root: string,
  projectCode: boolean,
  signal?: AbortSignal,
  options: { sarif?: boolean } = {},
): Promise<ScanOutcome> {
  const configFile = findConfigFile(root, false);
  const out = await mkdtemp(path.join(tmpdir(), 'agentd-pr-scan-'));
  const reportFile = path.join(out, 'report.json');
  const sarifFile = path.join(out, 'report.sarif');
  const args = [
    AGENTD_BIN,
    'scan',
    root,
    '--format',
    'json',
    '--output',
    reportFile,
    '--fail-on',
    'none',
    ...(options.sarif ? ['--report', `sarif:${sarifFile}`] : []),
    ...(configFile ? ['--config', configFile] : []),
    ...(projectCode ? [] : ['--no-project-code']),
  ];
  try {
    const stderr = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        args,
        { cwd: root, timeout: SCAN_TIMEOUT_MS, maxBuffer: 8 * 1024 * 1024, signal, env: scanEnv() },
        (error, _stdout, stderrText) => {
          // Exit 2: a check failed, the report is still written and says which.
          if (error && signal?.aborted)
            reject(new AgentdError('shutdown', 'The daemon shut down during the scan; push again or re-run the check.'));
          else if (error && (error as { code?: unknown }).code !== 2)
            reject(
              new AgentdError(
                'capability_error',
                `agentd scan of the pull request failed: ${String(stderrText || error.message)
                  .trim()
                  .split('\n')
                  .slice(-3)
                  .join(' ')}`,
              ),
            );
          else resolve(String(stderrText));
        },
      );
    });
    const report = JSON.parse(
      await readFile(reportFile, 'utf8').catch(() => {
        throw new AgentdError('capability_error', `agentd scan wrote no report: ${stderr.trim().split('\n').slice(-3).join(' ')}`);
      }),
    ) as JsonReport;
    return {
      findings: report.findings,
      failedChecks: report.runs.filter((run) => run.error).map((run) => ({ capability: run.capability, message: run.error!.message })),
      failOn: configFile ? await failOnOf(configFile) : DEFAULT_FAIL_ON,
      filesScanned: report.stats.filesScanned,
      linesScanned: report.stats.linesScanned,
      durationMs: report.stats.durationMs,
      configFile: configFile ? path.relative(root, configFile) : null,
      sarif: options.sarif ? await readFile(sarifFile, 'utf8') : null,
    };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** The scan validated the file already (a bad one fails the scan), so only failOn is read here. */
async function failOnOf(file: string): Promise<Severity | 'none'> {
  const config = JSON.parse(await readFile(file, 'utf8')) as { failOn?: Severity | 'none' };
  return config.failOn ?? DEFAULT_FAIL_ON;
}

/** The child gets no GitHub or daemon secrets through its environment. */
function scanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TMPDIR', 'NODE_OPTIONS'])
    if (process.env[key] !== undefined) env[key] = process.env[key];
  return env;
}
