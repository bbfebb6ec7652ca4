/** Test capability: stages one write (never touching the disk), with a log line and progress. */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'refactoring.test-writer',
  group: 'refactoring',
  title: 'Writer',
  description: 'Stages content at a path.',
  version: '1.0.0',
  inputSchema: { type: 'object', required: ['path', 'content'], properties: { path: { type: 'string' }, content: { type: 'string' } } },
  writes: true,
};

export async function run(input: { path: string; content: string }, ctx: CapabilityContext): Promise<StepResult> {
  ctx.log('info', `staging "${input.path}"`);
  ctx.progress(50, 'writing');
  await ctx.workspace.write(input.path, input.content);
  return {
    summary: `staged "${input.path}"`,
    findings: [
      {
        ruleId: 'test/staged',
        severity: 'info',
        message: `staged ${input.path}`,
        file: input.path,
        range: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 },
      },
    ],
    artifacts: [{ name: 'written.txt', mediaType: 'text/plain', content: input.path }],
  };
}
