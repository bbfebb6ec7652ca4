/**
 * Test capability: proves steps of different jobs run at the same time. Each step drops a marker file
 * named after its job in `dir` (straight to disk, outside the workspace: test-only) and waits until
 * `expect` markers are there or `waitMs` passed. Steps that were queued behind a busy pool never meet.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'analysis.test-rendezvous',
  group: 'analysis',
  title: 'Rendezvous',
  description: 'Waits until the given number of concurrent steps have arrived, or gives up.',
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    required: ['dir', 'expect', 'waitMs'],
    properties: { dir: { type: 'string' }, expect: { type: 'integer', minimum: 1 }, waitMs: { type: 'integer', minimum: 0 } },
  },
  writes: false,
};

export async function run(input: { dir: string; expect: number; waitMs: number }, ctx: CapabilityContext): Promise<StepResult> {
  await writeFile(join(input.dir, ctx.jobId), '');
  const giveUpAt = Date.now() + input.waitMs;
  let seen = (await readdir(input.dir)).length;
  while (seen < input.expect && Date.now() < giveUpAt && !ctx.signal.aborted) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    seen = (await readdir(input.dir)).length;
  }
  return { summary: `${seen} of ${input.expect} arrived`, data: { met: seen >= input.expect, seen } };
}
