/** Test capability: waits N ms, reporting progress and stopping early when ctx.signal aborts. */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'analysis.test-slow',
  group: 'analysis',
  title: 'Slow',
  description: 'Waits the given milliseconds, honouring the abort signal.',
  version: '1.0.0',
  inputSchema: { type: 'object', required: ['ms'], properties: { ms: { type: 'integer', minimum: 0 } } },
  writes: false,
};

export async function run(input: { ms: number }, ctx: CapabilityContext): Promise<StepResult> {
  ctx.progress(0, `waiting ${input.ms} ms`);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, input.ms);
    ctx.signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(ctx.signal.reason);
      },
      { once: true },
    );
  });
  ctx.progress(100, 'waited');
  return { summary: `waited ${input.ms} ms` };
}
