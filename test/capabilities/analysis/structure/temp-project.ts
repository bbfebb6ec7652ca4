/** Small real projects on disk for the analysis tests: a map of relative path -> content, written to a temp folder. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalContext } from '../../../../core/context/index.js';
import type { CapabilityContext, StepResult } from '../../../../core/index.js';

export async function writeProject(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-analysis-'));
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  return root;
}

export async function removeProject(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true });
}

/** Runs a capability's `run` on a temporary project and removes the project afterwards. */
export async function runOn<I>(files: Record<string, string>, run: (input: I, ctx: CapabilityContext) => Promise<StepResult>, input: I): Promise<StepResult> {
  const root = await writeProject(files);
  try {
    const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 10_000 } });
    return await run(input, ctx);
  } finally {
    await removeProject(root);
  }
}
