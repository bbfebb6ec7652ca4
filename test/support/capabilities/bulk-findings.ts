/** Test capability: reports `count` findings and as many rows of data — a large result. */
import type { CapabilityMeta, Finding, StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'analysis.test-bulk-findings',
  group: 'analysis',
  title: 'Bulk findings',
  description: 'Reports the given number of findings and rows of data.',
  version: '1.0.0',
  inputSchema: { type: 'object', required: ['count'], properties: { count: { type: 'integer', minimum: 0 } } },
  writes: false,
};

export async function run(input: { count: number }): Promise<StepResult> {
  const findings: Finding[] = Array.from({ length: input.count }, (_, i) => ({
    ruleId: 'test/bulk',
    severity: i % 10 === 0 ? 'high' : 'low',
    message: `finding ${i}`,
    file: `src/f${i % 700}.js`,
    range: { startLine: i + 1, startColumn: 1, endLine: i + 1, endColumn: 2 },
  }));
  return { summary: `${input.count} findings`, findings, data: { rows: Array.from({ length: input.count }, (_, i) => `row ${i}`) } };
}
