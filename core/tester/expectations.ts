/** Comparing a case's outcome with what it expects; each mismatch is an Error saying what differed. */
import type { Change, Finding } from '../contracts/index.js';
import type { ExpectedChange, ExpectedFinding } from './cases.js';

export class CaseMismatch extends Error {
  override name = 'CaseMismatch';
}

export function mismatch(message: string): never {
  throw new CaseMismatch(message);
}

export function describeFinding(f: Finding): string {
  return `${f.ruleId} ${f.file}:${f.range.startLine} [${f.severity}] ${JSON.stringify(f.message)}`;
}

export function listFindings(findings: Finding[]): string {
  return findings.map(describeFinding).join('; ') || 'none';
}

function textMatches(expected: string | RegExp, actual: string, exact: boolean): boolean {
  if (typeof expected !== 'string') return expected.test(actual);
  return exact ? expected === actual : actual.includes(expected);
}

/** The first field of `want` that `got` does not match, or null. */
function differingField(want: ExpectedFinding, got: Finding, exactMessages: boolean): string | null {
  if (want.ruleId !== undefined && want.ruleId !== got.ruleId) return `rule ${want.ruleId}`;
  if (want.file !== undefined && want.file !== got.file) return `file ${want.file}`;
  if (want.line !== undefined && want.line !== got.range.startLine) return `line ${want.line}`;
  if (want.column !== undefined && want.column !== got.range.startColumn) return `column ${want.column}`;
  if (want.endLine !== undefined && want.endLine !== got.range.endLine) return `end line ${want.endLine}`;
  if (want.severity !== undefined && want.severity !== got.severity) return `severity ${want.severity}`;
  if (want.message !== undefined && !textMatches(want.message, got.message, exactMessages)) return `message ${String(want.message)}`;
  return null;
}

export interface FindingComparison {
  /** Expected finding i must match actual finding i (default: any order, one actual per expected). */
  ordered?: boolean;
  /** A string message must equal the actual one (default: be a part of it). */
  exactMessages?: boolean;
}

export function compareFindings(expected: ExpectedFinding[], actual: Finding[], options: FindingComparison = {}): void {
  if (expected.length !== actual.length) mismatch(`expected ${expected.length} findings, got ${actual.length}: ${listFindings(actual)}`);
  if (options.ordered) {
    expected.forEach((want, i) => {
      const field = differingField(want, actual[i]!, options.exactMessages ?? false);
      if (field) mismatch(`finding #${i + 1}: expected ${field}, got ${describeFinding(actual[i]!)}`);
    });
    return;
  }
  const left = [...actual];
  expected.forEach((want, i) => {
    const at = left.findIndex((got) => differingField(want, got, options.exactMessages ?? false) === null);
    if (at < 0) {
      const nearest = left.map((got) => differingField(want, got, options.exactMessages ?? false)).find(Boolean);
      mismatch(
        `expected finding #${i + 1} ${JSON.stringify(want, (_k, v: unknown) => (v instanceof RegExp ? String(v) : v))} (first difference: ${nearest}); unmatched findings: ${listFindings(left)}`,
      );
    }
    left.splice(at, 1);
  });
}

const asList = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export function compareChanges(expected: Record<string, ExpectedChange>, actual: Change[]): void {
  const got = new Map(actual.map((c) => [c.path, c]));
  const wanted = Object.keys(expected).sort();
  const paths = [...got.keys()].sort();
  if (JSON.stringify(wanted) !== JSON.stringify(paths))
    mismatch(`expected changes to ${wanted.join(', ') || 'nothing'}, got changes to ${paths.join(', ') || 'nothing'}`);
  for (const file of wanted) {
    const want = expected[file]!;
    const change = got.get(file)!;
    if (want === null || typeof want === 'string') {
      if (change.after !== want) mismatch(`change of ${file}: expected ${JSON.stringify(want)}, got ${JSON.stringify(change.after)}`);
      continue;
    }
    const after = change.after ?? '';
    for (const part of asList(want.contains))
      if (!after.includes(part))
        mismatch(`change of ${file}: expected the new content to contain ${JSON.stringify(part)}, got ${JSON.stringify(change.after)}`);
    for (const part of asList(want.notContains))
      if (after.includes(part))
        mismatch(`change of ${file}: expected the new content not to contain ${JSON.stringify(part)}, got ${JSON.stringify(change.after)}`);
    for (const part of asList(want.diffContains))
      if (!(change.diff ?? '').includes(part))
        mismatch(`change of ${file}: expected the diff to contain ${JSON.stringify(part)}, got:\n${change.diff}`);
  }
}

export function compareError(
  expected: string | { code: string; message?: string | RegExp },
  actual: { code: string; message: string } | undefined,
): void {
  const want = typeof expected === 'string' ? { code: expected } : expected;
  if (!actual || actual.code !== want.code)
    mismatch(`expected the step to fail with ${want.code}, got ${actual ? `${actual.code}: ${actual.message}` : 'success'}`);
  if (want.message !== undefined && !textMatches(want.message, actual.message, false))
    mismatch(`expected the ${want.code} message to match ${String(want.message)}, got ${JSON.stringify(actual.message)}`);
}
