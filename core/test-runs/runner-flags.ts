/**
 * What agentd knows about each runner's command line, as data: the options that take a value (so the
 * word after them is not a test file), the options agentd replaces (the runner's own reporter), and
 * how a title filter is passed. Extend the tables when a runner gains options.
 */
import type { TestRunnerName } from './test-case.js';

export interface RunnerFlags {
  /** Options followed by a separate value word. */
  takesValue: string[];
  /** Options agentd drops from the project's script because it sets its own reporter. */
  replaced: string[];
  /** The title filter: a flag followed by a regular expression. */
  titleFilter: string;
  /** The package whose bin starts the runner (none for node:test). */
  bin?: string;
}

export const RUNNER_FLAGS: Record<TestRunnerName, RunnerFlags> = {
  mocha: {
    takesValue: [
      '--require',
      '-r',
      '--reporter',
      '-R',
      '--reporter-option',
      '--reporter-options',
      '-O',
      '--timeout',
      '-t',
      '--ui',
      '-u',
      '--config',
      '--grep',
      '-g',
      '--fgrep',
      '-f',
      '--extension',
      '--ignore',
      '--exclude',
      '--file',
      '--spec',
      '--slow',
      '-s',
      '--retries',
      '--jobs',
      '-j',
      '--package',
      '--node-option',
      '-n',
      '--import',
    ],
    replaced: ['--reporter', '-R', '--reporter-option', '--reporter-options', '-O'],
    titleFilter: '--grep',
    bin: 'mocha',
  },
  vitest: {
    takesValue: [
      '--config',
      '-c',
      '--root',
      '-r',
      '--dir',
      '--reporter',
      '--outputFile',
      '--environment',
      '--pool',
      '--project',
      '--testNamePattern',
      '-t',
      '--shard',
      '--exclude',
    ],
    replaced: ['--reporter', '--outputFile'],
    titleFilter: '--testNamePattern',
    bin: 'vitest',
  },
  jest: {
    takesValue: [
      '--config',
      '-c',
      '--rootDir',
      '--roots',
      '--testNamePattern',
      '-t',
      '--outputFile',
      '--reporters',
      '--testPathPattern',
      '--testPathIgnorePatterns',
      '--maxWorkers',
      '-w',
      '--selectProjects',
      '--shard',
    ],
    replaced: ['--json', '--outputFile', '--reporters'],
    titleFilter: '--testNamePattern',
    bin: 'jest',
  },
  'node:test': {
    takesValue: [
      '--require',
      '-r',
      '--import',
      '--loader',
      '--experimental-loader',
      '--test-reporter',
      '--test-reporter-destination',
      '--test-name-pattern',
      '--test-concurrency',
      '--test-timeout',
      '--conditions',
      '-C',
    ],
    replaced: ['--test-reporter', '--test-reporter-destination'],
    titleFilter: '--test-name-pattern',
  },
};

/** Programs a test script may put in front of the runner; agentd runs the runner without them. */
export const WRAPPERS = ['npx', 'c8', 'nyc'];
