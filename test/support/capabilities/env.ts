/** Test capability: reports the names of the environment variables its thread (the executor process) sees. */
import type { CapabilityMeta, StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'analysis.test-env',
  group: 'analysis',
  title: 'Environment',
  description: 'Returns the names of the environment variables of the process it runs in.',
  version: '1.0.0',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  writes: false,
};

export async function run(): Promise<StepResult> {
  return {
    summary: `${Object.keys(process.env).length} variables`,
    data: { names: Object.keys(process.env).sort(), values: Object.values(process.env) },
  };
}
