/** A well-formed capability: the registry accepts it and validates inputs against its schema. */
import type { CapabilityMeta, StepResult } from '../../../../../core/index.js';
import { describeInput } from './ok/describe-input.js';

export const meta: CapabilityMeta = {
  id: 'analysis.ok',
  group: 'analysis',
  title: 'OK',
  description: 'A valid test capability.',
  version: '1.2.3-beta.1',
  writes: false,
  inputSchema: {
    type: 'object',
    properties: {
      paths: { type: 'array', items: { type: 'string' } },
      depth: { type: 'integer', minimum: 0 },
      mode: { enum: ['fast', 'full'] },
    },
    required: ['paths'],
    additionalProperties: false,
  },
};

export async function run(input: { paths: string[] }): Promise<StepResult> {
  return { summary: describeInput(input.paths) };
}
