/**
 * Fingerprints that survive line moves: a hash of the rule, the file, the whitespace-collapsed text of
 * the finding's source line(s) and an occurrence index among findings with the same three — never the
 * line number, so inserting code above a finding keeps its fingerprint. The message is left out on
 * purpose: it often carries a measured value ("complexity of 12") that drifts without the code moving.
 */
import { hash } from 'node:crypto';
import type { Finding } from '../contracts/index.js';
import type { ReportFinding } from './report-model.js';

/** The SARIF partialFingerprints key agentd writes and reads back for `--baseline`. */
export const FINGERPRINT_KEY = 'agentd/v1';

/** Ranges up to this many lines are fingerprinted whole; longer ones (a function, a file) by their first line. */
const WHOLE_RANGE_LINES = 3;

export function normalisedLines(source: string | SourceLines | undefined, startLine: number, endLine: number): string {
  if (source === undefined) return '';
  const lines = typeof source === 'string' ? new SourceLines(source) : source;
  const last = endLine - startLine + 1 <= WHOLE_RANGE_LINES ? endLine : startLine;
  const out: string[] = [];
  for (let line = Math.max(1, startLine); line <= last; line++) {
    const text = lines.line(line);
    if (text === undefined) break;
    out.push(text.replace(/\s+/g, ' ').trim());
  }
  return out.join('\n');
}

/**
 * The lines of a source text by number, found from their starts rather than by splitting the text: a
 * report needs one to three lines per finding, not every line of every file. A line keeps no "\r"
 * of a CRLF end (as splitting at /\r?\n/ gave).
 */
export class SourceLines {
  private readonly starts: number[] = [0];

  constructor(private readonly source: string) {
    for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** Line `n` (1-based), or undefined past the end. */
  line(n: number): string | undefined {
    const start = this.starts[n - 1];
    if (start === undefined) return undefined;
    const next = this.starts[n];
    let end = next === undefined ? this.source.length : next - 1;
    if (end > start && this.source.charCodeAt(end - 1) === 13) end--;
    return this.source.slice(start, end);
  }
}

export function compareFindings(a: Finding, b: Finding): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return (
    a.range.startLine - b.range.startLine ||
    a.range.startColumn - b.range.startColumn ||
    (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0)
  );
}

/**
 * Sorts the findings by position and gives each its fingerprint. `sources` holds the files' contents
 * by relative path; a file missing from it fingerprints by rule, file and occurrence alone.
 */
export function assignFingerprints<T extends Finding & { capability: string }>(
  findings: readonly T[],
  sources: Record<string, string | undefined>,
): (T & ReportFinding)[] {
  const seen = new Map<string, number>();
  // Each file's line starts once, not once per finding: a large file can carry hundreds of findings.
  const indexed = new Map<string, SourceLines | undefined>();
  const linesOf = (file: string): SourceLines | undefined => {
    if (!indexed.has(file)) {
      const source = sources[file];
      indexed.set(file, source === undefined ? undefined : new SourceLines(source));
    }
    return indexed.get(file);
  };
  return [...findings].sort(compareFindings).map((finding) => {
    const text = normalisedLines(linesOf(finding.file), finding.range.startLine, finding.range.endLine);
    const key = JSON.stringify([finding.ruleId, finding.file, text]);
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    // crypto's one-shot hash(): the same digest as a Hash object, without making one per finding.
    const fingerprint = hash('sha256', `${key}\0${occurrence}`, 'hex').slice(0, 32);
    return { ...finding, fingerprint };
  });
}
