/**
 * The HTML report's findings as the page's script reads them: compact rows (indexes into the tables of
 * severities, checks, rules and files), ordered by file — files with the most severe findings first —
 * and line, plus only the source lines the code frames show (two either side of each finding, every
 * line once per file, long lines cut). 50,000 findings stay a few megabytes and filter in a loop.
 */
import type { ReportFinding, ScanReport, SuppressedReportFinding } from './report-model.js';
import type { RuleEntry } from './rule-catalog.js';
import { evidenceSteps } from './sarif-code-flows.js';
import { SEVERITIES, severityRank } from './severity.js';

export const FRAME_CONTEXT = 2;
/** A longer range shows its first lines only. */
export const FRAME_MAX_RANGE = 6;
const MAX_LINE = 240;

/** [severity, check, rule, file, line, column, endLine, endColumn, message, cwe, fix, evidence, suppressed-by] */
export type HtmlRow = [number, number, number, number, number, number, number, number, string, string, string, string[], string | null];

export interface HtmlData {
  severities: readonly string[];
  checks: string[];
  rules: { id: string; title?: string; description?: string; why?: string; fix?: string }[];
  files: string[];
  rows: HtmlRow[];
  /** File index -> [line number, text][] of the lines the frames need. */
  lines: Record<number, [number, string][]>;
}

class Table {
  readonly items: string[] = [];
  private readonly index = new Map<string, number>();

  of(item: string): number {
    let at = this.index.get(item);
    if (at === undefined) {
      at = this.items.length;
      this.items.push(item);
      this.index.set(item, at);
    }
    return at;
  }
}

function fileOrder(findings: readonly ReportFinding[]): Map<string, number> {
  const worst = new Map<string, number>();
  for (const f of findings) worst.set(f.file, Math.min(worst.get(f.file) ?? SEVERITIES.length, severityRank(f.severity)));
  const files = [...worst.keys()].sort((a, b) => worst.get(a)! - worst.get(b)! || (a < b ? -1 : a > b ? 1 : 0));
  return new Map(files.map((file, i) => [file, i]));
}

function frameLines(findings: readonly ReportFinding[], sources: Record<string, string>, files: Table): Record<number, [number, string][]> {
  const wanted = new Map<string, Set<number>>();
  for (const f of findings) {
    const set = wanted.get(f.file) ?? new Set<number>();
    const last = Math.min(f.range.endLine, f.range.startLine + FRAME_MAX_RANGE - 1) + FRAME_CONTEXT;
    for (let n = Math.max(1, f.range.startLine - FRAME_CONTEXT); n <= last; n++) set.add(n);
    wanted.set(f.file, set);
  }
  const out: Record<number, [number, string][]> = {};
  for (const [file, numbers] of wanted) {
    const source = sources[file];
    if (source === undefined) continue;
    const all = source.split(/\r?\n/);
    out[files.of(file)] = [...numbers]
      .sort((a, b) => a - b)
      .filter((n) => n <= all.length)
      .map((n) => {
        const text = all[n - 1]!;
        return [n, text.length > MAX_LINE ? `${text.slice(0, MAX_LINE)}…` : text];
      });
  }
  return out;
}

export function htmlData(report: ScanReport, rules: ReadonlyMap<string, RuleEntry>): HtmlData {
  const suppressed: readonly SuppressedReportFinding[] = report.suppressed ?? [];
  const all: (ReportFinding | SuppressedReportFinding)[] = [...report.findings, ...suppressed];
  const order = fileOrder(all);
  all.sort(
    (a, b) => order.get(a.file)! - order.get(b.file)! || a.range.startLine - b.range.startLine || a.range.startColumn - b.range.startColumn,
  );
  const checks = new Table();
  const ruleIds = new Table();
  const files = new Table();
  const rows = all.map((f): HtmlRow => {
    const steps = evidenceSteps(f).map((s) => `${s.message}${s.file && s.range ? ` (${s.file}:${s.range.startLine})` : ''}`);
    const by =
      'suppression' in f
        ? `${f.suppression.file}:${f.suppression.line}${f.suppression.justification ? ` — ${f.suppression.justification}` : ''}`
        : null;
    const { range } = f;
    return [
      severityRank(f.severity),
      checks.of(f.capability),
      ruleIds.of(f.ruleId),
      files.of(f.file),
      range.startLine,
      range.startColumn,
      range.endLine,
      range.endColumn,
      f.message,
      f.cwe ?? '',
      f.fix?.description ?? '',
      steps,
      by,
    ];
  });
  const ruleTable = ruleIds.items.map((id) => {
    const doc = rules.get(id)?.doc;
    return doc ? { id, title: doc.title, description: doc.description, why: doc.why, fix: doc.fix } : { id };
  });
  return {
    severities: SEVERITIES,
    checks: checks.items,
    rules: ruleTable,
    files: files.items,
    rows,
    lines: frameLines(all, report.sources, files),
  };
}

/** The data as a script element's text: JSON with "<" and the line separators escaped, so no text in it can end the element. */
export function dataScript(data: HtmlData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
