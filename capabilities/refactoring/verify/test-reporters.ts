/**
 * Per-test results from the test runner's machine-readable reporter, so verification compares each test
 * before and after a change instead of the suite's exit code alone. Recognised as data: a `test` script
 * that is one plain invocation of a runner (no `&&`, `;`, `|`) gets that runner's JSON reporter, written
 * to a file in the temp tree. Anything else keeps the exit-code comparison (and says so).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface TestOutcome {
  passed: boolean;
  /** The start of the failure message (its first lines, joined; assertion diffs span several). */
  message?: string;
}

/** Test id ("test/a.test.js › suite › case") -> outcome. */
export type TestResults = Record<string, TestOutcome>;

export interface Reporter {
  runner: 'mocha' | 'vitest' | 'jest';
  /** Extra arguments after `npm run test --silent --`. */
  args(reportFile: string): string[];
  parse(json: unknown, tree: string): TestResults;
}

const PLAIN = /^[^&|;<>`$]*$/;

interface MochaTest {
  fullTitle?: string;
  title?: string;
  file?: string;
  err?: { message?: string };
}

interface JestFile {
  name?: string;
  testFilePath?: string;
  assertionResults?: { fullName?: string; title?: string; status?: string; failureMessages?: string[] }[];
}

function relative(file: string | undefined, tree: string): string {
  if (!file) return '?';
  return path.isAbsolute(file) ? path.relative(tree, file).split(path.sep).join('/') : file;
}

const firstLine = (text: string | undefined): string | undefined =>
  text === undefined ? undefined : text.split('\n').map((line) => line.trim()).filter(Boolean).slice(0, 4).join(' ').slice(0, 300);

const mocha: Reporter = {
  runner: 'mocha',
  args: (file) => ['--reporter', 'json', '--reporter-option', `output=${file}`],
  parse(json, tree) {
    const results: TestResults = {};
    for (const test of ((json as { tests?: MochaTest[] }).tests ?? [])) {
      const id = `${relative(test.file, tree)} › ${test.fullTitle ?? test.title ?? '?'}`;
      const failed = test.err !== undefined && Object.keys(test.err).length > 0;
      results[id] = failed ? { passed: false, message: firstLine(test.err?.message) } : { passed: true };
    }
    return results;
  },
};

function jestLike(runner: 'vitest' | 'jest', args: (file: string) => string[]): Reporter {
  return {
    runner, args,
    parse(json, tree) {
      const results: TestResults = {};
      for (const file of ((json as { testResults?: JestFile[] }).testResults ?? [])) {
        for (const test of file.assertionResults ?? []) {
          if (test.status !== 'passed' && test.status !== 'failed') continue; // skipped, todo, pending
          const id = `${relative(file.name ?? file.testFilePath, tree)} › ${test.fullName ?? test.title ?? '?'}`;
          results[id] = test.status === 'passed' ? { passed: true } : { passed: false, message: firstLine(test.failureMessages?.[0]) };
        }
      }
      return results;
    },
  };
}

/** Which runner's reporter a `test` script allows: a single plain invocation of mocha, vitest run or jest. */
export const REPORTERS: { script: RegExp; reporter: Reporter }[] = [
  { script: /^\s*mocha(\s|$)/, reporter: mocha },
  { script: /^\s*vitest\s+run(\s|$)/, reporter: jestLike('vitest', (file) => ['--reporter=json', `--outputFile=${file}`]) },
  { script: /^\s*jest(\s|$)/, reporter: jestLike('jest', (file) => ['--json', `--outputFile=${file}`]) },
];

export function reporterFor(testScript: string): Reporter | null {
  if (!PLAIN.test(testScript)) return null;
  return REPORTERS.find((entry) => entry.script.test(testScript))?.reporter ?? null;
}

/** Where a run in `tree` writes its report (inside the temp tree, removed with it). */
export function reportFile(tree: string): string {
  return path.join(tree, '.agentd-test-report.json');
}

/** The report the run wrote, or null when it wrote none (the suite did not start, a crash). */
export async function readReport(reporter: Reporter, file: string, tree: string): Promise<TestResults | null> {
  try {
    return reporter.parse(JSON.parse(await readFile(file, 'utf8')), tree);
  } catch {
    return null;
  }
}

export interface TestComparison {
  runner: string;
  before: { passed: number; failed: number };
  after: { passed: number; failed: number } | null;
  /** Passed before, fails (or is gone, in a failing run) after: these block the change. */
  regressions: { id: string; message?: string }[];
  /** Failed before and still fail: they do not disable the gate. */
  stillFailing: number;
  fixed: number;
}

function tally(results: TestResults): { passed: number; failed: number } {
  const values = Object.values(results);
  return { passed: values.filter((v) => v.passed).length, failed: values.filter((v) => !v.passed).length };
}

/** Each test before and after. `afterFailed`: the after run exited non-zero (a missing test then counts as failing). */
export function compareTests(runner: string, before: TestResults, after: TestResults | null, afterFailed: boolean): TestComparison {
  const regressions: TestComparison['regressions'] = [];
  let stillFailing = 0;
  let fixed = 0;
  for (const [id, was] of Object.entries(before)) {
    const now = after?.[id];
    if (was.passed && now && !now.passed) regressions.push({ id, message: now.message });
    else if (was.passed && !now && afterFailed) regressions.push({ id, message: after ? 'the test did not run after the change' : 'the test run wrote no report after the change (it did not start or crashed)' });
    else if (!was.passed && now && !now.passed) stillFailing += 1;
    else if (!was.passed && now?.passed) fixed += 1;
  }
  return { runner, before: tally(before), after: after ? tally(after) : null, regressions, stillFailing, fixed };
}
