/**
 * Test support for the documentation capabilities: a project from fixtures/ (documentation/toolkit) copied to a
 * temp folder (core/tester's sample project), a capability run on it by id through the daemon's
 * executor (CapabilityTester.runInFolder), and the staged overlay applied to the copy (so the test
 * reads what a user would get after approving).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CapabilityContext, Change, StepResult } from '../../../core/index.js';
import { removeSample, writeSample } from '../../../core/tester/index.js';
import { testerOf } from '../support/sample-runs.js';

// Compiled to dist/test/capabilities/documentation/: the repository root is four levels up.
export const repo = fileURLToPath(new URL('../../../../', import.meta.url));

export type CapabilityRun = (input: never, ctx: CapabilityContext) => Promise<StepResult>;

export interface DocWorkspace {
  root: string;
  read(rel: string): Promise<string>;
  /** Runs the capability (by id) and applies its staged changes to the copy; `projectCode` grants that permission. */
  apply(capability: string, input: object, options?: { projectCode?: boolean }): Promise<{ result: StepResult; changes: Change[] }>;
  /** Runs the capability (by id) expecting a refusal: its code and the capability's own message. */
  refusal(capability: string, input: object): Promise<{ code: string; message: string }>;
  dispose(): Promise<void>;
}

export async function copyFixture(name: string): Promise<DocWorkspace> {
  const root = await writeSample({ fixture: path.join(repo, 'fixtures', name) });
  return {
    root,
    read: (rel) => readFile(path.join(root, rel), 'utf8'),
    async apply(capability, input, options = {}) {
      const outcome = await testerOf(capability).runInFolder(root, {
        input: input as Record<string, unknown>,
        apply: true,
        maxToolCalls: 1000,
        projectCode: options.projectCode ?? false,
      });
      if (outcome.error)
        throw Object.assign(new Error(`${capability} failed with ${outcome.error.code}: ${outcome.error.message}`), {
          code: outcome.error.code,
        });
      return { result: outcome.result!, changes: outcome.changes };
    },
    async refusal(capability, input) {
      const outcome = await testerOf(capability).runInFolder(root, { input: input as Record<string, unknown>, maxToolCalls: 1000 });
      if (!outcome.error) throw new Error(`expected a refusal for ${JSON.stringify(input)}`);
      return { code: outcome.error.code, message: outcome.error.cause ?? outcome.error.message };
    },
    dispose: () => removeSample(root),
  };
}
