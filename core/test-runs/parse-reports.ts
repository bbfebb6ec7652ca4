/**
 * The reports of the four runners as TestCase lists: agentd's own mocha and node:test reporters
 * (mocha-reporter.cts, node-test-reporter.ts) and the JSON reporters of vitest and jest.
 */
import path from 'node:path';
import { testId, type TestCase, type TestRunnerName, type TestStatus } from './test-case.js';

const MESSAGE_LINES = 4;
const MESSAGE_CHARS = 300;
const VALUE_CHARS = 2000;

/** A path the runner reported, relative to the tree the tests ran in (POSIX). */
export function relativeTo(tree: string, file: string | undefined): string {
  if (!file) return '?';
  const plain = file.startsWith('file://') ? new URL(file).pathname : file;
  return (path.isAbsolute(plain) ? path.relative(tree, plain) : plain).split(path.sep).join('/');
}

/** The start of a failure message: its first non-empty lines, joined. */
export function messageStart(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  // Terminal colours from a runner that ignored NO_COLOR.
  // eslint-disable-next-line no-control-regex -- ESC starts an ANSI colour sequence
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, MESSAGE_LINES)
    .join(' ')
    .slice(0, MESSAGE_CHARS);
}

/** The first stack frame inside `file` ("file:line"), relative to the tree. */
function failureAt(stack: string | undefined, tree: string, file: string): string | undefined {
  if (!stack || file === '?') return undefined;
  for (const match of stack.matchAll(/\(?((?:file:\/\/)?\/[^\s():]+):(\d+):\d+\)?/g)) {
    const rel = relativeTo(tree, match[1]);
    if (rel === file) return `${rel}:${match[2]}`;
  }
  return undefined;
}

interface ReportedError {
  message?: string;
  stack?: string;
  expected?: string;
  actual?: string;
}

function failure(
  error: ReportedError | undefined,
  tree: string,
  file: string,
): Pick<TestCase, 'message' | 'expected' | 'actual' | 'failureAt'> {
  if (!error) return { message: 'failed without an error' };
  const cut = (value: string | undefined): string | undefined => (value === undefined ? undefined : value.slice(0, VALUE_CHARS));
  const out: Pick<TestCase, 'message' | 'expected' | 'actual' | 'failureAt'> = {
    message: messageStart(error.message) ?? messageStart(error.stack) ?? 'failed',
  };
  if (error.expected !== undefined || error.actual !== undefined)
    Object.assign(out, { expected: cut(error.expected), actual: cut(error.actual) });
  const at = failureAt(error.stack, tree, file);
  if (at) out.failureAt = at;
  return out;
}

function testCase(
  tree: string,
  rawFile: string | undefined,
  titlePath: string[],
  status: TestStatus,
  extra: Partial<TestCase> = {},
): TestCase {
  const file = relativeTo(tree, rawFile);
  return { id: testId(file, titlePath), titlePath, file, status, ...extra };
}

interface MochaEntry {
  titlePath: string[];
  file?: string;
  durationMs?: number;
  state: 'passed' | 'failed' | 'skipped';
  hook?: boolean;
  error?: ReportedError;
}

function parseMocha(json: unknown, tree: string): TestCase[] {
  return ((json as { tests?: MochaEntry[] }).tests ?? []).map((t) => {
    const file = relativeTo(tree, t.file);
    return testCase(tree, t.file, t.titlePath, t.state, {
      durationMs: t.durationMs,
      ...(t.state === 'failed' ? failure(t.error, tree, file) : {}),
    });
  });
}

interface NodeTestEvent {
  type: 'test:pass' | 'test:fail';
  name: string;
  nesting: number;
  file?: string;
  line?: number;
  skip?: boolean;
  todo?: boolean;
  durationMs?: number;
  kind?: string;
  error?: ReportedError;
}

/**
 * node:test reports a suite after its tests, at a lower nesting level: the entries after the last
 * one at this level or above are its descendants and get its name in front of their title path.
 */
function parseNodeTest(text: string, tree: string): TestCase[] {
  const pending: { nesting: number; test: TestCase }[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const event = JSON.parse(line) as NodeTestEvent;
    let first = pending.length;
    while (first > 0 && pending[first - 1]!.nesting > event.nesting && pending[first - 1]!.test.file === relativeTo(tree, event.file))
      first -= 1;
    const children = pending.splice(first);
    for (const child of children) {
      child.test.titlePath.unshift(event.name);
      child.test.id = testId(child.test.file, child.test.titlePath);
      child.nesting = event.nesting;
    }
    // A suite is its tests; a test with subtests is a test of its own too. The file-level wrapper
    // node:test adds when a file fails to load is reported as a failing test named after the file.
    if (event.kind !== 'suite' || (event.type === 'test:fail' && children.length === 0)) {
      const status: TestStatus = event.todo ? 'todo' : event.skip ? 'skipped' : event.type === 'test:pass' ? 'passed' : 'failed';
      const file = relativeTo(tree, event.file);
      const made = testCase(tree, event.file, [event.name], status, {
        line: event.line,
        durationMs: event.durationMs,
        ...(status === 'failed' ? failure(event.error, tree, file) : {}),
      });
      pending.push({ nesting: event.nesting, test: made });
    }
    pending.push(...children);
  }
  return pending.map((p) => p.test);
}

interface JestFile {
  name?: string;
  testFilePath?: string;
  assertionResults?: {
    ancestorTitles?: string[];
    title?: string;
    status?: string;
    duration?: number | null;
    failureMessages?: string[];
    location?: { line?: number } | null;
  }[];
}

const JEST_STATUS: Record<string, TestStatus> = {
  passed: 'passed',
  failed: 'failed',
  skipped: 'skipped',
  pending: 'skipped',
  disabled: 'skipped',
  todo: 'todo',
};

function parseJestLike(json: unknown, tree: string): TestCase[] {
  const cases: TestCase[] = [];
  for (const file of (json as { testResults?: JestFile[] }).testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      const status = JEST_STATUS[test.status ?? ''] ?? 'skipped';
      const titlePath = [...(test.ancestorTitles ?? []), test.title ?? '?'];
      const rawFile = file.name ?? file.testFilePath;
      const rel = relativeTo(tree, rawFile);
      const message = test.failureMessages?.[0];
      const failed =
        status === 'failed'
          ? {
              message: messageStart(message) ?? 'failed',
              ...(failureAt(message, tree, rel) ? { failureAt: failureAt(message, tree, rel) } : {}),
            }
          : {};
      cases.push(
        testCase(tree, rawFile, titlePath, status, {
          line: test.location?.line ?? undefined,
          durationMs: test.duration ?? undefined,
          ...failed,
        }),
      );
    }
  }
  return cases;
}

/** The report a run wrote, as test cases. Throws on a report that is not the runner's JSON. */
export function parseReport(runner: TestRunnerName, text: string, tree: string): TestCase[] {
  switch (runner) {
    case 'mocha':
      return parseMocha(JSON.parse(text), tree);
    case 'node:test':
      return parseNodeTest(text, tree);
    default:
      return parseJestLike(JSON.parse(text), tree);
  }
}
