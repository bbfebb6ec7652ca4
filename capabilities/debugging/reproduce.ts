/**
 * debugging.reproduce: from a bug report (a stack trace, the input, expected vs actual) one test in the
 * project's runner that calls the function with the reported input and asserts the expected behaviour
 * (the expected value, or that it does not throw); run in the sandbox through testing.run and staged
 * only when it fails now for the reported reason (the thrown error's message, or the reported actual
 * value). A stack trace is located through debugging.diagnose. Needs the project-code permission.
 */
import type { CapabilityContext, CapabilityMeta, JSONSchema, StepResult } from '../../core/index.js';
import { ERROR_INPUT_PROPERTIES } from './explain/error-input.js';
import { PLANNING } from './reproduce/planning.js';

export const meta: CapabilityMeta = {
  id: 'debugging.reproduce',
  group: 'debugging',
  title: 'Reproduce a bug',
  description:
    "Writes a failing test that reproduces a reported bug: the reported call (from a stack trace, the report's text or a structured call) asserted to behave as expected in the project's runner, run in the sandbox, and staged only when it fails now with the reported error or value.",
  version: '1.0.0',
  errors: [
    {
      code: 'reproduce_not_reproduced',
      description:
        'Nothing staged: the test asserting the expected behaviour passes now, so the reported behaviour did not occur; the message says what the call did.',
    },
    {
      code: 'reproduce_different_failure',
      description: 'Nothing staged: the test fails now, but not with the reported error or value; the message shows both.',
    },
  ],
  inputSchema: {
    type: 'object',
    properties: {
      report: {
        type: 'string',
        minLength: 1,
        maxLength: 200000,
        description:
          'The bug report: a stack trace and/or the call and what it did, e.g. "invoiceTotal({ lines: [] }) returns 0 but should return 5" or "lineTotal(…) throws TypeError: …".',
      },
      call: {
        type: 'object',
        description:
          'The call the report is about, for precision: the module (workspace-relative .js), the export, its arguments, and what it should do.',
        properties: {
          module: { type: 'string', minLength: 1 },
          export: { type: 'string', minLength: 1, pattern: '^[A-Za-z_$][\\w$]*$' },
          args: { type: 'array', maxItems: 20 },
          expected: { description: 'The value the call should return (JSON).' },
          actual: { description: 'The value it returns now, as reported (JSON).' },
          throws: { type: 'string', minLength: 1, description: 'The error it throws now, as reported ("TypeError: …" or the message).' },
        },
        required: ['module', 'export', 'args'],
        additionalProperties: false,
      },
      ...ERROR_INPUT_PROPERTIES,
      timeoutMs: { type: 'integer', minimum: 1000, maximum: 3_600_000 },
    },
    // Something to read the bug from: the report, a structured call, or the planner's pasted error / described task.
    anyOf: [{ required: ['report'] }, { required: ['call'] }, { required: ['error'] }, { required: ['description'] }],
    additionalProperties: false,
  } satisfies JSONSchema,
  writes: true,
  projectCode: {
    runs: "the reproducing test in the project's runner (it calls the project's function)",
    without: 'writes the test but neither runs nor stages it; the reproduction is reported as not run',
  },
  execution: { parses: 'none', composes: ['debugging.diagnose', 'testing.run'] },
  planning: PLANNING,
};

/** TypeScript (the literal reader) is loaded on first use, so discovering capabilities stays cheap. */
export async function run(
  input: Parameters<typeof import('./reproduce/run-reproduce.js').runReproduce>[0],
  ctx: CapabilityContext,
): Promise<StepResult> {
  return (await import('./reproduce/run-reproduce.js')).runReproduce(input, ctx);
}
