import { expect } from 'chai';
import type { CapabilityMeta } from '../../../core/index.js';
import type { Plan } from '../../../core/planner/index.js';
import { isVerifyStep, stagingSteps, verifyStep, withCatalogueRoles } from '../../../daemon/agent/plan-record.js';

const meta = (id: string, roles?: ('verify-writes' | 'build-structure')[]): CapabilityMeta => ({
  id,
  group: id.split('.')[0] as CapabilityMeta['group'],
  title: id,
  description: id,
  version: '1.0.0',
  inputSchema: { type: 'object' },
  writes: false,
  ...(roles ? { planning: { intents: [], strategy: 'scope' as const, roles } } : {}),
});

const CATALOGUE = [meta('refactoring.rename'), meta('refactoring.verify', ['verify-writes'])];

const step = (index: number, capability: string, roles?: string[]) => ({
  index,
  capability,
  input: {},
  target: null,
  summary: capability,
  available: true,
  ...(roles ? { roles } : {}),
});

describe('plan steps by role', () => {
  it('finds the verification step by its role, whatever the capability is called', () => {
    const plan = {
      intent: 'rename',
      summary: '',
      notes: [],
      steps: [step(0, 'refactoring.rename'), step(1, 'acme.check', ['verify-writes'])],
    };
    expect(verifyStep(plan as Plan)?.capability).to.equal('acme.check');
    expect(stagingSteps(plan as Plan).map((s) => s.capability)).to.deep.equal(['refactoring.rename']);
    expect(isVerifyStep({})).to.equal(false);
  });

  it("gives a plan recorded before steps carried roles its capabilities' roles, so approval still verifies", () => {
    const old = { intent: 'rename', summary: '', notes: [], steps: [step(0, 'refactoring.rename'), step(1, 'refactoring.verify')] } as Plan;
    expect(verifyStep(old)).to.equal(null);
    const refilled = withCatalogueRoles(old, CATALOGUE)!;
    expect(verifyStep(refilled)?.index).to.equal(1);
    expect(refilled.steps[0]!.roles).to.equal(undefined);
    expect(withCatalogueRoles(null, CATALOGUE)).to.equal(null);
  });
});
