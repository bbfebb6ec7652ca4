/** Test capability: appends a marker line to every listed `.js` file — a large change set, staged fast. */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'refactoring.test-bulk-writer',
  group: 'refactoring',
  title: 'Bulk writer',
  description: 'Stages a marker line at the end of every .js file of the workspace.',
  version: '1.0.0',
  inputSchema: { type: 'object', required: ['marker'], properties: { marker: { type: 'string' } } },
  writes: true,
};

export async function run(input: { marker: string }, ctx: CapabilityContext): Promise<StepResult> {
  const paths = await ctx.workspace.list({ extensions: ['.js'] });
  const { files } = await ctx.workspace.readMany(paths);
  for (const file of files) await ctx.workspace.write(file.path, `${file.content}// ${input.marker}\n`);
  return { summary: `marked ${files.length} files` };
}
