/**
 * `--baseline <file>`: an earlier JSON or SARIF output of agentd. Findings whose fingerprint it holds
 * are left out, so a gate fails only on what is new. Fingerprints ignore line numbers (see
 * core/report/fingerprint.ts), so code that merely moved stays out.
 */
import { readFile } from 'node:fs/promises';
import { AgentdError } from '../errors/index.js';
import { FINGERPRINT_KEY, type ScanReport } from '../report/index.js';

function fromJson(document: { findings?: unknown }): string[] {
  if (!Array.isArray(document.findings)) return [];
  return document.findings.map((f) => (f as { fingerprint?: unknown })?.fingerprint).filter((f): f is string => typeof f === 'string');
}

function fromSarif(document: { runs?: unknown }): string[] {
  if (!Array.isArray(document.runs)) return [];
  return document.runs.flatMap((run) => {
    const results = (run as { results?: unknown })?.results;
    if (!Array.isArray(results)) return [];
    return results
      .map((r) => (r as { partialFingerprints?: Record<string, unknown> })?.partialFingerprints?.[FINGERPRINT_KEY])
      .filter((f): f is string => typeof f === 'string');
  });
}

/** The fingerprints of a baseline file; throws invalid_input for a file that is neither format. */
export async function readBaseline(file: string): Promise<Set<string>> {
  let document: Record<string, unknown>;
  try {
    document = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new AgentdError(
      'invalid_input',
      `Baseline "${file}" cannot be read as JSON (${(error as Error).message}); pass a file written by "agentd scan --format json" or "--format sarif".`,
      { cause: error },
    );
  }
  const isSarif = document && typeof document === 'object' && 'runs' in document && typeof document.version === 'string';
  const isJson = document && typeof document === 'object' && document.format === 'agentd-scan';
  if (!isSarif && !isJson) {
    throw new AgentdError(
      'invalid_input',
      `Baseline "${file}" is neither agentd's JSON nor a SARIF log; pass a file written by "agentd scan --format json" or "--format sarif".`,
    );
  }
  return new Set(isSarif ? fromSarif(document) : fromJson(document));
}

/** The report without the findings the baseline already holds; the count left out goes to stats. */
export function applyBaseline(report: ScanReport, fingerprints: ReadonlySet<string>): ScanReport {
  const findings = report.findings.filter((f) => !fingerprints.has(f.fingerprint));
  const files = new Set(findings.map((f) => f.file));
  const sources = Object.fromEntries(Object.entries(report.sources).filter(([file]) => files.has(file)));
  const runs = report.runs.map((run) => ({ ...run, findings: findings.filter((f) => f.capability === run.capability).length }));
  return { ...report, findings, sources, runs, stats: { ...report.stats, suppressedByBaseline: report.findings.length - findings.length } };
}
