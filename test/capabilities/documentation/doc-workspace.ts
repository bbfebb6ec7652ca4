/**
 * Test support for the documentation capabilities: a project from fixtures/ (documentation/toolkit) copied to a
 * temp folder, a capability run on it through a real local context, and the staged overlay applied
 * to the copy (so the test reads what a user would get after approving).
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLocalContext } from '../../../core/context/index.js';
import { applyChanges, changesFromStaged } from '../../../core/workspace/index.js';
import { isAgentdError, type CapabilityContext, type Change, type StepResult } from '../../../core/index.js';

// Compiled to dist/test/capabilities/documentation/: the repository root is four levels up.
export const repo = fileURLToPath(new URL('../../../../', import.meta.url));

export type CapabilityRun = (input: never, ctx: CapabilityContext) => Promise<StepResult>;

export interface DocWorkspace {
  root: string;
  read(rel: string): Promise<string>;
  apply(capability: CapabilityRun, input: object): Promise<{ result: StepResult; changes: Change[] }>;
  refusal(capability: CapabilityRun, input: object): Promise<{ code: string; message: string }>;
  dispose(): Promise<void>;
}

export async function copyFixture(name: string): Promise<DocWorkspace> {
  const root = await mkdtemp(path.join(tmpdir(), `agentd-docs-${path.basename(name)}-`));
  await cp(path.join(repo, 'fixtures', name), root, { recursive: true });
  return {
    root,
    read: (rel) => readFile(path.join(root, rel), 'utf8'),
    async apply(capability, input) {
      const handle = await createLocalContext({ root, limits: { maxToolCalls: 1000 } });
      const result = await capability(input as never, handle.ctx);
      const changes = await changesFromStaged(root, handle.staged());
      await applyChanges(root, changes);
      return { result, changes };
    },
    async refusal(capability, input) {
      const handle = await createLocalContext({ root, limits: { maxToolCalls: 1000 } });
      try {
        await capability(input as never, handle.ctx);
      } catch (error) {
        if (isAgentdError(error)) return { code: error.code, message: error.message };
        throw error;
      }
      throw new Error(`expected a refusal for ${JSON.stringify(input)}`);
    },
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}
