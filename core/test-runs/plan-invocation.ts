/**
 * How a project's tests are started with agentd's reporter: its `test` script when that is one plain
 * invocation of mocha, vitest, jest or `node --test` (optionally behind npx/c8/nyc, which are left
 * out), with the runner's reporter replaced; else the runner the project uses, with its defaults;
 * else `npm test` with the exit code only (no per-test results, and the result says so).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNNER_FLAGS, WRAPPERS } from './runner-flags.js';
import type { TestRunnerName } from './test-case.js';

export interface TestFilters {
  /** Test files (workspace-relative) to run instead of the project's default selection. */
  files?: string[];
  /** Only tests whose title path contains this text. */
  title?: string;
}

export interface TestInvocation {
  runner: TestRunnerName | null;
  /** The program and its arguments, started in the tree (through run-in.js). */
  program: string;
  args: string[];
  /** What the user would type, for summaries ("mocha --recursive"). */
  label: string;
  /** False when only the exit code will be known (a script agentd cannot add a reporter to). */
  perTest: boolean;
  /** Words of the script left out (a wrapper such as c8), said in the result. */
  leftOut: string[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const MOCHA_REPORTER = path.join(here, 'mocha-reporter.cjs');
export const NODE_TEST_REPORTER = path.join(here, 'node-test-reporter.js');
export const RUN_IN = path.join(here, 'run-in.js');
/** testing.unit's probe: calls a module's exports three times in the sandbox and prints what they did. */
export const PROBE_EXPORTS = path.join(here, 'probe-exports.js');

const RUNNER_WORDS: Record<string, TestRunnerName> = { mocha: 'mocha', vitest: 'vitest', jest: 'jest', node: 'node:test' };

/** Shell words of a script without expansions, pipes or lists; null when it has any. */
export function shellWords(script: string): string[] | null {
  const words: string[] = [];
  let current = '';
  let quote: string | null = null;
  let inWord = false;
  for (const ch of script.trim()) {
    if (quote) {
      if (ch === quote) quote = null;
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else if ('&|;<>`$()\\'.includes(ch)) {
      return null;
    } else {
      current += ch;
      inWord = true;
    }
  }
  if (quote) return null;
  if (inWord) words.push(current);
  return words;
}

interface SplitScript {
  runner: TestRunnerName;
  options: string[];
  positionals: string[];
  leftOut: string[];
}

/** The runner a plain script starts, its options and its positional (file) words. */
export function splitScript(script: string): SplitScript | null {
  const words = shellWords(script);
  if (!words || words.length === 0) return null;
  let start = 0;
  while (start < words.length && (WRAPPERS.includes(words[start]!) || (start > 0 && words[start]!.startsWith('-')))) start += 1;
  const runner = RUNNER_WORDS[words[start] ?? ''];
  if (!runner) return null;
  const leftOut = words.slice(0, start);
  const rest = words.slice(start + 1);
  if (runner === 'node:test' && !rest.includes('--test')) return null;
  if (runner === 'vitest' && (rest[0] === 'run' || rest[0] === 'watch')) rest.shift();
  const flags = RUNNER_FLAGS[runner];
  const options: string[] = [];
  const positionals: string[] = [];
  for (let i = 0; i < rest.length; i += 1) {
    const word = rest[i]!;
    const name = word.split('=')[0]!;
    if (!word.startsWith('-')) positionals.push(word);
    else if (flags.replaced.includes(name)) {
      if (!word.includes('=') && flags.takesValue.includes(name)) i += 1;
    } else if (word !== '--test') {
      options.push(word);
      if (!word.includes('=') && flags.takesValue.includes(name) && i + 1 < rest.length) options.push(rest[(i += 1)]!);
    }
  }
  return { runner, options, positionals, leftOut };
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function binOf(tree: string, runner: TestRunnerName): string {
  return path.join(tree, 'node_modules', '.bin', RUNNER_FLAGS[runner].bin!);
}

/** The invocation for a tree: `script` is package.json's test script (null without one), `detected` the project's runner. */
export function planInvocation(
  script: string | null,
  detected: TestRunnerName | 'none',
  tree: string,
  reportFile: string,
  filters: TestFilters = {},
): TestInvocation | null {
  const split = script ? splitScript(script) : null;
  if (script && !split) {
    return { runner: null, program: 'npm', args: ['run', 'test', '--silent'], label: 'npm test', perTest: false, leftOut: [] };
  }
  const runner = split?.runner ?? (detected === 'none' ? null : detected);
  if (!runner) return null;
  const options = split?.options ?? [];
  const positionals = filters.files && filters.files.length > 0 ? filters.files : (split?.positionals ?? []);
  const title = filters.title ? [RUNNER_FLAGS[runner].titleFilter, escapeRegExp(filters.title)] : [];
  const shown = [...options, ...title, ...positionals];
  switch (runner) {
    case 'mocha':
      return {
        runner,
        program: binOf(tree, runner),
        args: [...options, ...title, '--reporter', MOCHA_REPORTER, '--reporter-option', `output=${reportFile}`, ...positionals],
        label: ['mocha', ...shown].join(' '),
        perTest: true,
        leftOut: split?.leftOut ?? [],
      };
    case 'vitest':
      return {
        runner,
        program: binOf(tree, runner),
        args: ['run', ...options, ...title, '--reporter=json', `--outputFile=${reportFile}`, ...positionals],
        label: ['vitest', 'run', ...shown].join(' '),
        perTest: true,
        leftOut: split?.leftOut ?? [],
      };
    case 'jest':
      return {
        runner,
        program: binOf(tree, runner),
        // Files given by agentd are exact paths (jest reads positionals as regular expressions).
        args: [
          ...options,
          ...title,
          '--json',
          `--outputFile=${reportFile}`,
          '--testLocationInResults',
          ...(filters.files && filters.files.length > 0 ? ['--runTestsByPath'] : []),
          ...positionals,
        ],
        label: ['jest', ...shown].join(' '),
        perTest: true,
        leftOut: split?.leftOut ?? [],
      };
    case 'node:test':
      return {
        runner,
        program: process.execPath,
        args: [
          ...options,
          '--test',
          ...title,
          `--test-reporter=${NODE_TEST_REPORTER}`,
          `--test-reporter-destination=${reportFile}`,
          ...positionals,
        ],
        label: ['node', '--test', ...shown].join(' '),
        perTest: true,
        leftOut: split?.leftOut ?? [],
      };
  }
}

/** The c8 agentd ships (testing.coverage wraps the invocation in it). */
export function c8Bin(): string {
  return createRequire(import.meta.url).resolve('c8/bin/c8.js');
}
