/**
 * A temp copy of a fixture under fixtures/generation/ with agentd's node_modules linked in, a
 * generator run on it through a real local context, and its staged changes applied to the copy (what
 * the user gets after approving).
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLocalContext } from '../../../../core/context/index.js';
import { applyChanges, changesFromStaged } from '../../../../core/workspace/index.js';
import { isAgentdError, type CapabilityContext, type Change, type StepResult } from '../../../../core/index.js';
import type { InvokeScope } from '../../../../core/contracts/context.js';

// Compiled to dist/test/capabilities/generation/db-proof/: the repository is five levels up.
export const repo = fileURLToPath(new URL('../../../../../', import.meta.url));

export type Generator<I> = (input: I, ctx: CapabilityContext) => Promise<StepResult>;

export interface Project {
  root: string;
  read(rel: string): Promise<string>;
  /** `invoke`: what ctx.invoke may run (the registry's invokeScope of the generator), for generators that compose others. */
  generate<I>(generator: Generator<I>, input: I, invoke?: InvokeScope): Promise<{ result: StepResult; changes: Change[] }>;
  refusal<I>(generator: Generator<I>, input: I): Promise<{ code: string; message: string }>;
  dispose(): Promise<void>;
}

export async function copyFixture(name: string): Promise<Project> {
  const root = await mkdtemp(path.join(tmpdir(), `agentd-gen-db-${name}-`));
  await cp(path.join(repo, 'fixtures', 'generation', name), root, { recursive: true });
  await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return {
    root,
    read: (rel) => readFile(path.join(root, rel), 'utf8'),
    async generate(generator, input, invoke) {
      const handle = await createLocalContext({ root, limits: { maxToolCalls: 1000 }, ...(invoke ? { invoke } : {}) });
      const result = await generator(input, handle.ctx);
      const changes = await changesFromStaged(root, handle.staged());
      await applyChanges(root, changes);
      return { result, changes };
    },
    async refusal(generator, input) {
      const handle = await createLocalContext({ root, limits: { maxToolCalls: 1000 } });
      try {
        await generator(input, handle.ctx);
      } catch (error) {
        if (isAgentdError(error)) return { code: error.code, message: error.message };
        throw error;
      }
      throw new Error(`expected a refusal for ${JSON.stringify(input)}`);
    },
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}

/** agentd's TypeScript on a project (tsc --noEmit -p, or on given files with the project's options). */
export function typecheck(root: string, args: string[] = ['-p', 'tsconfig.json']): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', ...args],
      { cwd: root, encoding: 'utf8', maxBuffer: 20_000_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** Prettier idempotence under the project's config: formatting the file again changes nothing. */
export async function prettierIdempotent(root: string, rel: string): Promise<boolean> {
  const prettier = await import('prettier');
  const file = path.join(root, rel);
  const text = await readFile(file, 'utf8');
  const options = (await prettier.resolveConfig(file)) ?? {};
  return (await prettier.format(text, { ...options, filepath: file })) === text;
}
