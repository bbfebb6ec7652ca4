/**
 * debugging.typecheck: the project's type-check over every tsconfig project (solution configs and
 * their references, app and test configs) through the TypeScript compiler API in this process, the
 * diagnostics grouped by cause and by file and explained from the error catalogue. Runs nothing of the
 * project: agentd's own TypeScript, no compiler plugins, reads confined to the workspace.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { PLANNING } from './typecheck/planning.js';

export const meta: CapabilityMeta = {
  id: 'debugging.typecheck',
  group: 'debugging',
  title: 'Type-check',
  description:
    'Runs the TypeScript type-check over every tsconfig project of the workspace in-process and groups the diagnostics by cause and file, with explanations and which ones debugging.fix can fix.',
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    properties: {
      tsconfig: {
        type: 'array',
        items: { type: 'string', minLength: 1 },
        description: 'Configs to check (workspace-relative); default: every tsconfig*.json / jsconfig.json and their references.',
      },
      maxDiagnostics: { type: 'integer', minimum: 1, maximum: 10000 },
      description: { type: 'string', maxLength: 20000 },
      include: { type: 'array', items: { type: 'string' } },
      exclude: { type: 'array', items: { type: 'string' } },
    },
    additionalProperties: false,
  },
  writes: false,
  planning: PLANNING,
  execution: { parses: 'ts-program' },
};

/** The TypeScript compiler is loaded on first use, so discovering capabilities (which imports every module for its meta) stays cheap. */
export async function run(
  input: Parameters<typeof import('./typecheck/run-step.js').runTypecheckStep>[0],
  ctx: CapabilityContext,
): Promise<StepResult> {
  return (await import('./typecheck/run-step.js')).runTypecheckStep(input, ctx);
}
