/**
 * Only the affected tests (input `tests: "affected"`, the default): the test check runs the test files
 * that import a staged module, directly or through other modules, on both sides — the same files before
 * and after, so the per-test comparison is unchanged — instead of the whole suite. The import graph is
 * analysis.dependencies' (through ctx.invoke, type-only imports included); the runner's own selection
 * is read from its configuration (mocha's spec, vitest's test-file names), and the narrowed run passes
 * the files to the runner directly. mocha, vitest and jest runs are narrowed; anything the graph cannot
 * follow runs every test, and the summary says why (core/test-runs/affected-tests.ts).
 */
import {
  RUN_IN,
  TEST_FILE_PATTERN,
  affectedTests,
  mochaSelection,
  planInvocation,
  splitScript,
  withoutConfiguredSpec,
} from '../../../core/index.js';
import type { CapabilityContext, Change, StepResult } from '../../../core/index.js';
import type { PlannedCheck } from './plan-checks.js';
import { reportFile } from './test-reporters.js';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type TestScope = 'affected' | 'all';

export interface TestSelection {
  /** The test files run on both sides; absent when every test ran. */
  files?: string[];
  /** How many test files the runner selects in all. */
  of?: number;
  /** Why every test ran (a narrowed selection has none). */
  reason?: string;
}

type CommandCheck = Extract<PlannedCheck, { kind: 'command' }>;

/** The test check narrowed to the affected files, or the check as it was and why. */
export async function narrowTests(
  ctx: CapabilityContext,
  check: CommandCheck,
  changes: Change[],
  testScript: string,
): Promise<{ check: CommandCheck; selection: TestSelection }> {
  const runner = check.reporter?.runner;
  const split = splitScript(testScript);
  if (!split || (runner !== 'mocha' && runner !== 'vitest' && runner !== 'jest'))
    return { check, selection: { reason: `agentd narrows mocha, vitest and jest runs only (this is ${runner ?? 'a script'})` } };
  const files = await ctx.workspace.list();
  let selected: string[];
  let specSource: { file: string; key: 'root' | 'mocha' } | null = null;
  if (runner === 'mocha') {
    const read = async (file: string): Promise<string | null> => ((await ctx.workspace.exists(file)) ? ctx.workspace.read(file) : null);
    const selection = await mochaSelection(read, split.options, split.positionals, files);
    if (!selection.known) return { check, selection: { reason: selection.reason } };
    selected = files.filter((f) => selection.selects(f));
    specSource = selection.specSource;
  } else {
    // vitest's and jest's positional words filter their own selection (by substring, by regular
    // expression); their include patterns may live in a config that is code, so the test files are
    // found by name and the runner intersects them itself (jest gets them with --runTestsByPath).
    selected = files.filter(
      (f) => TEST_FILE_PATTERN.test(f) && (split.positionals.length === 0 || split.positionals.some((p) => f.includes(p))),
    );
  }
  const graph = await ctx.invoke('analysis.dependencies', { includeTypeImports: true });
  const affected = affectedTests(changes, linksOf(graph), selected);
  if (affected.files === null) return { check, selection: { reason: affected.reason } };
  if (affected.files.length === affected.of)
    return { check, selection: { reason: `each of the ${affected.of} test file(s) imports the staged modules` } };
  const narrowedFiles = affected.files;
  const narrowed: CommandCheck = {
    ...check,
    label: `${check.label}, ${narrowedFiles.length} of ${affected.of} test file(s): those importing the staged modules`,
    command(tree) {
      const invocation = planInvocation(testScript, runner, tree, reportFile(tree), { files: narrowedFiles })!;
      return { command: process.execPath, args: [RUN_IN, tree, invocation.program, ...invocation.args] };
    },
    async prepare(tree) {
      if (!specSource) return;
      // mocha runs its configured spec besides the files it is given: the copy's configuration drops it.
      const file = path.join(tree, specSource.file);
      const text = withoutConfiguredSpec(await readFile(file, 'utf8'), specSource);
      if (text === null) throw new Error(`${specSource.file} could not be read as JSON in the temp copy`);
      await writeFile(file, text);
    },
  };
  return { check: narrowed, selection: { files: narrowedFiles, of: affected.of } };
}

function linksOf(result: StepResult): [string, string][] {
  const links = (result.data as { graph?: { links?: unknown } } | undefined)?.graph?.links;
  if (!Array.isArray(links)) throw new Error('analysis.dependencies returned no graph.links');
  return links.filter((l): l is [string, string] => Array.isArray(l) && typeof l[0] === 'string' && typeof l[1] === 'string');
}
