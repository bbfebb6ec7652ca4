/**
 * `--format github`: GitHub Actions workflow commands, one per finding, so findings appear as
 * annotations on the pull request's diff without an App or a SARIF upload:
 *
 *     ::error file=src/db.ts,line=12,endLine=12,col=5,endColumn=40,title=security/sql-injection (critical)::Request input ...
 *
 * critical and high are `error`, medium `warning`, low and info `notice`; most severe first (GitHub
 * shows the first 10 of each kind per step). Values are escaped as @actions/core escapes them: data
 * `%`, CR, LF; properties also `:` and `,`. The last line is a plain summary.
 */
import type { ReportFinding, ScanReport } from './report-model.js';
import { countsLine, summarise } from './summary.js';
import { findingsInSeverityOrder } from './to-markdown.js';

export interface GithubOptions {
  /** The scanned folder relative to the repository root (GITHUB_WORKSPACE), so `file=` resolves there. */
  pathPrefix?: string;
}

export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function commandOf(finding: ReportFinding): 'error' | 'warning' | 'notice' {
  if (finding.severity === 'critical' || finding.severity === 'high') return 'error';
  return finding.severity === 'medium' ? 'warning' : 'notice';
}

export function githubCommand(finding: ReportFinding, pathPrefix = ''): string {
  const { range } = finding;
  const file = pathPrefix ? `${pathPrefix.replace(/\/+$/, '')}/${finding.file}` : finding.file;
  const properties: [string, string | number][] = [
    ['file', file],
    ['line', range.startLine],
    ['endLine', Math.max(range.startLine, range.endLine)],
    // GitHub draws a column range only on one line; across lines it takes the lines alone.
    ...(range.startLine === range.endLine
      ? ([
          ['col', range.startColumn],
          ['endColumn', range.endColumn],
        ] as [string, number][])
      : []),
    ['title', `${finding.ruleId} (${finding.severity})`],
  ];
  const message = `${finding.message}${finding.cwe ? ` (${finding.cwe})` : ''}`;
  return `::${commandOf(finding)} ${properties.map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(',')}::${escapeData(message)}`;
}

export function toGithub(report: ScanReport, options: GithubOptions = {}): string {
  const lines = findingsInSeverityOrder(report.findings).map((finding) => githubCommand(finding, options.pathPrefix));
  const failed = report.runs
    .filter((run) => run.error)
    .map((run) => `::error title=${escapeProperty(`${run.capability} failed`)}::${escapeData(run.error!.message)}`);
  lines.push(...failed, `agentd scan: ${countsLine(summarise(report))} in ${report.stats.filesScanned} files.`);
  return `${lines.join('\n')}\n`;
}
