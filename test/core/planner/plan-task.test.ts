import { expect } from 'chai';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRegistry, defaultRoots, type CapabilityRegistry } from '../../../core/registry/index.js';
import { buildProjectIndex, planTask, type ProjectIndex } from '../../../core/planner/index.js';

const FIXTURES = fileURLToPath(new URL('../../../../fixtures/', import.meta.url));

describe('core/planner: planTask', () => {
  let registry: CapabilityRegistry;
  let express: ProjectIndex;
  before(async () => {
    registry = await loadRegistry({ roots: defaultRoots() });
    express = await buildProjectIndex({ root: path.join(FIXTURES, 'express-ts-api') });
  });

  it('is deterministic and its outcome is plain JSON', () => {
    const options = { catalogue: registry.list(), projectIndex: express };
    const a = planTask('audit security and performance of src/routes except tests', options);
    const b = planTask('audit security and performance of src/routes except tests', options);
    expect(a).to.deep.equal(b);
    expect(JSON.parse(JSON.stringify(a))).to.deep.equal(a);
  });

  it('plans a step as unavailable when its capability is not registered, and available once it is', () => {
    const withoutSecurity = registry.list().filter((m) => m.id !== 'analysis.security');
    const outcome = planTask('audit security', { catalogue: withoutSecurity, projectIndex: express });
    expect(outcome.kind === 'plan' && outcome.plan.steps[0]).to.include({ capability: 'analysis.security', available: false, reason: 'not built yet' });
    const registered = planTask('audit security', { catalogue: registry.list(), projectIndex: express });
    expect(registered.kind === 'plan' && registered.plan.steps[0]!.available).to.equal(true);
  });

  it('refines the previous plan it is given rather than starting over', () => {
    const first = planTask('find code smells in src/routes', { catalogue: registry.list(), projectIndex: express });
    expect(first.kind).to.equal('plan');
    if (first.kind !== 'plan') return;
    const refined = planTask('also include src/services', { catalogue: registry.list(), projectIndex: express, previousPlan: first.plan });
    expect(refined.kind === 'plan' && refined.plan.steps[0]!.input).to.deep.equal({ include: ['src/routes/**', 'src/services/**'] });
  });

  it('can leave the verify step out when the caller asks', () => {
    const outcome = planTask('rename priceOrder to quoteOrder', { catalogue: registry.list(), projectIndex: express, verify: false });
    expect(outcome.kind === 'plan' && outcome.plan.steps.map((s) => s.capability)).to.deep.equal(['refactoring.rename']);
  });

  it('lists what agentd can do when a task is outside the catalogue', () => {
    const outcome = planTask('deploy to AWS', { catalogue: registry.list(), projectIndex: express });
    expect(outcome.kind).to.equal('unsupported');
    if (outcome.kind !== 'unsupported') return;
    expect(outcome.capabilities.map((c) => c.id)).to.deep.equal(registry.list().map((m) => m.id));
    expect(outcome.message).to.include('deploy to AWS');
  });
});
