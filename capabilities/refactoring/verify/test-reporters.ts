/**
 * Per-test results from the test runner's machine-readable reporter, so verification compares each test
 * before and after a change instead of the suite's exit code alone. Recognised as data: a `test` script
 * that is one plain invocation of a runner (no `&&`, `;`, `|`) gets that runner's reporter (core/test-runs:
 * agentd's own for mocha and node:test, the JSON reporter for vitest and jest), written to a file in the
 * temp tree. Anything else keeps the exit-code comparison (and says so).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MOCHA_REPORTER, parseReport, shellWords, splitScript, type TestRunnerName } from '../../../core/index.js';

export interface TestOutcome {
  passed: boolean;
  /** The start of the failure message (its first lines, joined; assertion diffs span several). */
  message?: string;
}

/** Test id ("test/a.test.js › suite › case") -> outcome. */
export type TestResults = Record<string, TestOutcome>;

export interface Reporter {
  runner: TestRunnerName;
  /** Extra arguments after `npm run test --silent --`. */
  args(reportFile: string): string[];
  parse(text: string, tree: string): TestResults;
}

const ARGS: Partial<Record<TestRunnerName, (file: string) => string[]>> = {
  mocha: (file) => ['--reporter', MOCHA_REPORTER, '--reporter-option', `output=${file}`],
  vitest: (file) => ['--reporter=json', `--outputFile=${file}`],
  jest: (file) => ['--json', `--outputFile=${file}`],
};

function reporter(runner: TestRunnerName, args: (file: string) => string[]): Reporter {
  return {
    runner,
    args,
    parse(text, tree) {
      const results: TestResults = {};
      for (const test of parseReport(runner, text, tree)) {
        if (test.status === 'passed') results[test.id] = { passed: true };
        else if (test.status === 'failed') results[test.id] = { passed: false, message: test.message };
      }
      return results;
    },
  };
}

/**
 * Which runner's reporter a `test` script allows: a single plain invocation of mocha, vitest run or
 * jest, the reporter's arguments appended after `--` (node --test takes no options after its files,
 * and a wrapper in front would get them: both keep the exit-code comparison).
 */
export function reporterFor(testScript: string): Reporter | null {
  const split = splitScript(testScript);
  const words = shellWords(testScript);
  if (!split || split.leftOut.length > 0 || !words) return null;
  if (split.runner === 'vitest' && words[1] !== 'run') return null;
  const args = ARGS[split.runner];
  return args ? reporter(split.runner, args) : null;
}

/** Where a run in `tree` writes its report (inside the temp tree, removed with it). */
export function reportFile(tree: string): string {
  return path.join(tree, '.agentd-test-report.json');
}

/** The report the run wrote, or null when it wrote none (the suite did not start, a crash). */
export async function readReport(reporter: Reporter, file: string, tree: string): Promise<TestResults | null> {
  try {
    return reporter.parse(await readFile(file, 'utf8'), tree);
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
  /** Tests only the after run has (the changes added them, e.g. a generator's tests): a failing one blocks the change too. */
  added: { passed: number; failing: { id: string; message?: string }[] };
}

function tally(results: TestResults): { passed: number; failed: number } {
  const values = Object.values(results);
  return { passed: values.filter((v) => v.passed).length, failed: values.filter((v) => !v.passed).length };
}

/**
 * Test titles that print a value of the moment (`should not cast ${new Date()}`) get another id on each
 * run. A test id missing after the change is paired with a new id of the after run whose title is the
 * same once digit runs are ignored, when the two runs have as many of that shape: each pair is then
 * compared as one test (in order), instead of a test that "did not run" and one that appeared.
 */
const shapeOf = (id: string): string => id.replace(/\d+/g, '#');

function pairRenamedIds(before: TestResults, after: TestResults): Map<string, string> {
  const missing = new Map<string, string[]>();
  const appeared = new Map<string, string[]>();
  for (const id of Object.keys(before)) if (!(id in after)) missing.set(shapeOf(id), [...(missing.get(shapeOf(id)) ?? []), id]);
  for (const id of Object.keys(after)) if (!(id in before)) appeared.set(shapeOf(id), [...(appeared.get(shapeOf(id)) ?? []), id]);
  const pairs = new Map<string, string>();
  for (const [shape, ids] of missing) {
    const now = appeared.get(shape);
    if (now && now.length === ids.length) ids.forEach((id, i) => pairs.set(id, now[i]!));
  }
  return pairs;
}

/** Each test before and after. `afterFailed`: the after run exited non-zero (a missing test then counts as failing). */
export function compareTests(runner: string, before: TestResults, after: TestResults | null, afterFailed: boolean): TestComparison {
  const regressions: TestComparison['regressions'] = [];
  let stillFailing = 0;
  let fixed = 0;
  const renamed = after ? pairRenamedIds(before, after) : new Map<string, string>();
  for (const [id, was] of Object.entries(before)) {
    const now = after?.[renamed.get(id) ?? id];
    if (was.passed && now && !now.passed) regressions.push({ id, message: now.message });
    else if (was.passed && !now && afterFailed)
      regressions.push({
        id,
        message: after
          ? 'the test did not run after the change'
          : 'the test run wrote no report after the change (it did not start or crashed)',
      });
    else if (!was.passed && now && !now.passed) stillFailing += 1;
    else if (!was.passed && now?.passed) fixed += 1;
  }
  const paired = new Set(renamed.values());
  const added: TestComparison['added'] = { passed: 0, failing: [] };
  for (const [id, now] of Object.entries(after ?? {})) {
    if (id in before || paired.has(id)) continue;
    if (now.passed) added.passed += 1;
    else added.failing.push({ id, message: now.message });
  }
  return { runner, before: tally(before), after: after ? tally(after) : null, regressions, stillFailing, fixed, added };
}
