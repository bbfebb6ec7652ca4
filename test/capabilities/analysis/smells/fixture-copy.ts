/** Copies a project from fixtures/ to a temp folder, so capability tests never touch the originals. */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLocalContext } from '../../../../core/context/index.js';
import type { StepResult } from '../../../../core/index.js';
import type { CapabilityRun } from './rule-table.js';

// Compiled to dist/test/capabilities/analysis/smells/: the repository root is five levels up.
export const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));

export async function copyFixture(name: string): Promise<{ root: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), `agentd-${name}-`));
  await cp(path.join(REPO, 'fixtures', name), root, { recursive: true });
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

export async function runOnFixture(name: string, run: CapabilityRun, input: unknown = {}, previous: StepResult[] = []): Promise<StepResult> {
  const { root, remove } = await copyFixture(name);
  try {
    const { ctx } = await createLocalContext({ root, previous, limits: { maxToolCalls: 10_000 } });
    return await run(input as never, ctx);
  } finally {
    await remove();
  }
}

export const where = (result: StepResult, ruleId: string): string[] =>
  (result.findings ?? []).filter((f) => f.ruleId === ruleId).map((f) => `${f.file}:${f.range.startLine}`);
