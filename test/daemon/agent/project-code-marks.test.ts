import { expect } from 'chai';
import type { CapabilityMeta } from '../../../core/index.js';
import type { Plan } from '../../../core/planner/index.js';
import { withProjectCodeMarks } from '../../../daemon/agent/plan-record.js';

const meta = (id: string, projectCode?: CapabilityMeta['projectCode']): CapabilityMeta => ({
  id,
  group: 'analysis',
  title: id,
  description: id,
  version: '1.0.0',
  inputSchema: {},
  writes: false,
  ...(projectCode ? { projectCode } : {}),
});

const catalogue = [
  meta('analysis.lint', { runs: "the project's eslint.config.* and its plugins", without: "agentd's built-in rules" }),
  meta('analysis.security'),
];

const plan: Plan = {
  intent: 'audit',
  summary: 'audit',
  notes: ['a note'],
  steps: [
    { index: 0, capability: 'analysis.security', input: {}, target: null, summary: 's', available: true },
    { index: 1, capability: 'analysis.lint', input: {}, target: null, summary: 'l', available: true },
    { index: 2, capability: 'testing.run', input: {}, target: null, summary: 't', available: false, reason: 'not built yet' },
  ],
};

describe('plan: steps that would run project code are marked', () => {
  it('without the permission: marked not_allowed, with a note saying what the step does instead', () => {
    const marked = withProjectCodeMarks(plan, catalogue, false);
    expect(marked.steps.map((step) => step.projectCode)).to.deep.equal([undefined, 'not_allowed', undefined]);
    expect(marked.notes).to.deep.equal([
      'a note',
      "Step 2 (analysis.lint) would run the project's eslint.config.* and its plugins; project code is not allowed for this job, so it does this instead: agentd's built-in rules.",
    ]);
    expect(plan.steps[1]!.projectCode, 'the plan it was given is unchanged').to.equal(undefined);
  });

  it('with it: marked allowed, no note', () => {
    const marked = withProjectCodeMarks(plan, catalogue, true);
    expect(marked.steps.map((step) => step.projectCode)).to.deep.equal([undefined, 'allowed', undefined]);
    expect(marked.notes).to.deep.equal(['a note']);
  });
});
