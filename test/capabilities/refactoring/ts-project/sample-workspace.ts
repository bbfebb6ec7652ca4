/**
 * Test support for the refactoring capabilities: a sample project from fixtures/refactoring-samples
 * copied to a temp folder (core/tester's sample project), a capability run on it by id through the
 * daemon's executor (CapabilityTester.runInFolder), the staged overlay applied to the copy, and the copy
 * type-checked with agentd's own tsc.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { CapabilityContext, Change, StepResult } from '../../../../core/index.js';
import { removeSample, writeSample } from '../../../../core/tester/index.js';
import { testerOf } from '../../support/sample-runs.js';

// Compiled to dist/test/capabilities/refactoring/ts-project/: the repository root is five levels up.
export const repo = fileURLToPath(new URL('../../../../../', import.meta.url));
const tsc = path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
const run = promisify(execFile);

export type CapabilityRun = (input: never, ctx: CapabilityContext) => Promise<StepResult>;

export interface Sample {
  root: string;
  read(rel: string): Promise<string>;
  /** Runs the capability (by id), applies its staged changes to the copy, and returns result and changes. */
  apply(capability: string, input: object): Promise<{ result: StepResult; changes: Change[]; logs: string[] }>;
  /** Runs the capability (by id) expecting a refusal; returns the error. */
  refusal(capability: string, input: object): Promise<{ code: string; message: string }>;
  /** tsc --noEmit -p on the copy (agentd's TypeScript); fails the test with tsc's output when it reports errors. */
  typecheck(): Promise<void>;
  dispose(): Promise<void>;
}

export async function copySample(name: string): Promise<Sample> {
  const root = await writeSample({ fixture: path.join(repo, 'fixtures', 'refactoring-samples', name) });
  const read = (rel: string): Promise<string> => readFile(path.join(root, rel), 'utf8');
  return {
    root,
    read,
    async apply(capability, input) {
      const outcome = await testerOf(capability).runInFolder(root, {
        input: input as Record<string, unknown>,
        apply: true,
        maxToolCalls: 1000,
      });
      if (outcome.error)
        throw Object.assign(new Error(`${capability} failed with ${outcome.error.code}: ${outcome.error.message}`), {
          code: outcome.error.code,
        });
      return { result: outcome.result!, changes: outcome.changes, logs: outcome.logs };
    },
    async refusal(capability, input) {
      const outcome = await testerOf(capability).runInFolder(root, { input: input as Record<string, unknown>, maxToolCalls: 1000 });
      if (!outcome.error) throw new Error(`expected a refusal for ${JSON.stringify(input)}`);
      expect(outcome.changes, 'a refusal stages nothing').to.deep.equal([]);
      // The capability's own message (a job wraps it with the capability id and step).
      return { code: outcome.error.code, message: outcome.error.cause ?? outcome.error.message };
    },
    async typecheck() {
      try {
        await run(process.execPath, [tsc, '--noEmit', '-p', root], { cwd: root });
      } catch (error) {
        const { stdout } = error as { stdout?: string };
        expect.fail(`tsc --noEmit failed on the refactored copy:\n${stdout ?? String(error)}`);
      }
    },
    dispose: () => removeSample(root),
  };
}

/**
 * Lines of `before` and `after` outside the edited regions are byte-identical: the common prefix and
 * suffix of the two line lists must account for every line except the `changed` ones on each side.
 */
export function unchangedOutside(before: string, after: string): { prefix: number; suffix: number; removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix += 1;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix += 1;
  return { prefix, suffix, removed: a.slice(prefix, a.length - suffix), added: b.slice(prefix, b.length - suffix) };
}

/** Every line that differs between two texts must satisfy `allowed` (e.g. mention the new name). */
export function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length, 'a line-for-line edit keeps the line count').to.equal(a.length);
  const removed: string[] = [];
  const added: string[] = [];
  a.forEach((line, i) => {
    if (line !== b[i]) {
      removed.push(line);
      added.push(b[i]!);
    }
  });
  return { removed, added };
}
