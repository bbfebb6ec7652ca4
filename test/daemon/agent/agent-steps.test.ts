import { expect } from 'chai';
import type { CapabilityLookup } from '../../../core/engine/index.js';
import { withAgentSteps } from '../../../daemon/agent/agent-steps.js';
import { meta as planMeta, PLAN_STEP_ID } from '../../../daemon/agent/plan-step.js';

const registryOf = (ids: string[]): CapabilityLookup => ({
  get: (id) => (ids.includes(id) ? { meta: { ...planMeta, id }, modulePath: `/capabilities/${id}.js` } : undefined),
});

describe('the agent steps lookup', () => {
  it('keeps the id rule: the planning step is group.name like every capability', () => {
    expect(PLAN_STEP_ID).to.match(/^[a-z]+\.[a-z][a-z0-9-]*$/);
  });

  it('finds the planning step and the registry capabilities alike', () => {
    const lookup = withAgentSteps(registryOf(['analysis.complexity']));
    expect(lookup.get(PLAN_STEP_ID)?.modulePath).to.match(/plan-step\.js$/);
    expect(lookup.get('analysis.complexity')?.modulePath).to.equal('/capabilities/analysis.complexity.js');
    expect(lookup.get('analysis.nothing')).to.equal(undefined);
  });

  it('refuses a registry that declares the reserved planning id, naming it', () => {
    expect(() => withAgentSteps(registryOf([PLAN_STEP_ID]))).to.throw(`"${PLAN_STEP_ID}" is reserved`);
  });
});
