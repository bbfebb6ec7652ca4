/** Test capability: runs a Node script through ctx.tools.runCommand (the sandbox) and returns what it printed. */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'analysis.test-run-node',
  group: 'analysis',
  title: 'Run node',
  description: 'Runs `node -e <source>` in the workspace through ctx.tools.runCommand.',
  version: '1.0.0',
  inputSchema: { type: 'object', required: ['source'], properties: { source: { type: 'string' } }, additionalProperties: false },
  writes: false,
  projectCode: { runs: 'the script it is given', without: 'nothing (it fails)' },
};

export async function run(input: { source: string }, ctx: CapabilityContext): Promise<StepResult> {
  const result = await ctx.tools.runCommand(process.execPath, ['-e', input.source]);
  return { summary: `exit ${result.exitCode}: ${result.stdout.trim()}`, data: { ...result } };
}
