import { MAX_LINE, MAX_LINES } from '../explain/match-error.js';

/** The error's own line (`TypeError: ...`, `error TS2304: ...`), its kind, and the failing test a runner names. */
export interface Headline {
  kind: 'stack' | 'tsc' | 'test-failure' | 'message';
  /** `TypeError`, `TS2304`, `AssertionError`, or null. */
  name: string | null;
  message: string;
  /** The failing test's title (mocha `1) suite test:`, Jest/Vitest `● suite › test`, Vitest's `FAIL file > suite > test`, node:test `not ok 1 - test`). */
  test?: string;
}

const ERROR_LINE = /^\s*(?:Uncaught\s+)?((?:[A-Z][\w$]*)?(?:Error|Exception|Rejection\w*))(?:\s+\[[A-Z0-9_]+\])?:\s+(.+)$/;
const TSC_LINE = /\berror\s+(TS\d+):\s+(.+)$/;
const MOCHA_TEST = /^\s*\d+\)\s+(.+?):?$/;
const JEST_TEST = /^\s*●\s+(.+)$/;
// Vitest: ` FAIL  src/a.test.ts > suite > test`.
const VITEST_TEST = /^\s*FAIL\s+\S+\s+>\s+(.+)$/;
const TAP_TEST = /^\s*not ok \d+ - (.+)$/;

export function headlineOf(text: string): Headline {
  const lines = text.split(/\r?\n/, MAX_LINES).map((l) => l.slice(0, MAX_LINE));
  const hasFrames = lines.some((l) => /^\s*at\s+\S/.test(l) || /@\S+:\d+:\d+\s*$/.test(l) || /^\s*❯\s.*:\d+:\d+\s*$/.test(l));
  let test: string | undefined;
  for (const line of lines) {
    const t = JEST_TEST.exec(line) ?? VITEST_TEST.exec(line) ?? TAP_TEST.exec(line) ?? MOCHA_TEST.exec(line);
    if (t) {
      test = t[1]!.trim();
      break;
    }
  }
  const tsc = lines.map((l) => TSC_LINE.exec(l)).find(Boolean);
  if (tsc && !hasFrames) return { kind: 'tsc', name: tsc[1]!, message: tsc[2]!.trim() };
  const error = lines.map((l) => ERROR_LINE.exec(l)).find(Boolean);
  const kind = test ? 'test-failure' : hasFrames ? 'stack' : 'message';
  const head: Headline = error
    ? { kind, name: error[1]!, message: error[2]!.trim() }
    : { kind, name: null, message: (lines.find((l) => l.trim()) ?? '').trim() };
  if (test) head.test = test;
  return head;
}
