/** Running a project's tests with a per-test report: shared by testing.run, testing.coverage and refactoring.verify. */
export {
  totalsOf,
  testId,
  TEST_RUNNER_NAMES,
  TEST_RUNNER_CONFIG_FILES,
  TEST_FILE_PATTERN,
  type TestCase,
  type TestRunnerName,
  type TestStatus,
  type TestTotals,
} from './test-case.js';
export { parseReport, messageStart, relativeTo } from './parse-reports.js';
export {
  planInvocation,
  splitScript,
  shellWords,
  c8Bin,
  MOCHA_REPORTER,
  NODE_TEST_REPORTER,
  PROBE_EXPORTS,
  RUN_IN,
  type TestFilters,
  type TestInvocation,
} from './plan-invocation.js';
export { RUNNER_FLAGS, WRAPPERS, type RunnerFlags } from './runner-flags.js';
export { lineOfTest } from './locate-test.js';
export { applyChangesToCopy, copyWorkspaceTree, removeWorkspaceTree } from './temp-tree.js';
export { mapThroughSourceMaps } from './source-maps.js';
export { findRunnerScript, type RunnerScript } from './runner-script.js';
export { isCompileStep, compileStepArgs } from './compile-steps.js';
export { affectedTests, isFollowedModule, type AffectedTests } from './affected-tests.js';
export { mochaSelection, withoutConfiguredSpec, type MochaSelection } from './mocha-selection.js';
export { globToRegExp } from './spec-glob.js';
