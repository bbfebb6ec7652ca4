/** One test as a run reported it: the shape testing.run returns and refactoring.verify compares. */
/** The runners agentd reads per-test reports from (a capability's `runner` input lists these). */
export const TEST_RUNNER_NAMES = ['mocha', 'vitest', 'jest', 'node:test'] as const;
export type TestRunnerName = (typeof TEST_RUNNER_NAMES)[number];

/** Where a vitest or jest setup (environment, globals, setup files) is configured, in the order read. */
export const TEST_RUNNER_CONFIG_FILES = [
  'vitest.config.ts',
  'vitest.config.mts',
  'vitest.config.js',
  'vitest.config.mjs',
  'vite.config.ts',
  'vite.config.mts',
  'vite.config.js',
  'vite.config.mjs',
  'jest.config.ts',
  'jest.config.js',
  'jest.config.mjs',
  'jest.config.cjs',
  'jest.config.json',
] as const;
/** A test file by its name or folder: `*.test.*`/`*.spec.*`, or under test/, tests/, __tests__/ or spec/. */
export const TEST_FILE_PATTERN = /(^|\/)(test|tests|__tests__|spec)\/|\.(test|spec)\.[cm]?[jt]sx?$/;

export type TestStatus = 'passed' | 'failed' | 'skipped' | 'todo';

export interface TestCase {
  /** "<file> › <title path joined by spaces>" — stable across runs, the key verify compares by. */
  id: string;
  /** Suites from the outermost, then the test's own title. */
  titlePath: string[];
  /** POSIX path relative to the tree the tests ran in ('?' when the runner did not say). */
  file: string;
  /** 1-based line of the test's declaration, when the runner or its source said so. */
  line?: number;
  status: TestStatus;
  durationMs?: number;
  /** The failure's message (its first lines, joined) — failed tests only. */
  message?: string;
  /** Expected and actual values of a failed assertion, when the assertion library gave them. */
  expected?: string;
  actual?: string;
  /** Where the failure happened in the test file ("file:line"), from the error's stack. */
  failureAt?: string;
  /** The compiled file that ran, when `file` and the lines were mapped to the source through its source map. */
  ranFrom?: string;
}

export interface TestTotals {
  passed: number;
  failed: number;
  skipped: number;
  todo: number;
}

export function totalsOf(cases: TestCase[]): TestTotals {
  const totals: TestTotals = { passed: 0, failed: 0, skipped: 0, todo: 0 };
  for (const test of cases) totals[test.status] += 1;
  return totals;
}

export function testId(file: string, titlePath: string[]): string {
  return `${file} › ${titlePath.join(' ')}`;
}
