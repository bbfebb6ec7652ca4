import { expect } from 'chai';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRegistry, defaultRoots, type CapabilityRegistry } from '../../../core/registry/index.js';
import { buildProjectIndex, type ProjectIndex } from '../../../core/planner/index.js';
import { finalizePlan, fitToSchema } from '../../../core/planner/finalize-plan.js';

const FIXTURES = fileURLToPath(new URL('../../../../fixtures/', import.meta.url));

describe('core/planner: finalising a plan', () => {
  let registry: CapabilityRegistry;
  let express: ProjectIndex;
  let legacyNoChecks: ProjectIndex;
  before(async function () {
    this.timeout(60_000);
    registry = await loadRegistry({ roots: defaultRoots() });
    express = await buildProjectIndex({ root: path.join(FIXTURES, 'express-ts-api') });
    const shop = await buildProjectIndex({ root: path.join(FIXTURES, 'refactoring-samples/shop') });
    legacyNoChecks = { ...shop, project: { ...shop.project, tsconfig: null, testCommand: null } };
  });

  it('drops input keys and enum items a closed schema does not accept, and says which', () => {
    const dropped: string[] = [];
    const schema = registry.get('analysis.smells')!.meta.inputSchema;
    const input = fitToSchema(
      { include: ['src/**'], severity: 'high', rules: { enable: ['smells/magic-number', 'smells/unknown'] } },
      schema,
      '',
      dropped,
    );
    expect(input).to.deep.equal({ include: ['src/**'], rules: { enable: ['smells/magic-number'] } });
    expect(dropped).to.deep.equal(['/severity', '/rules/enable[smells/unknown]']);
    expect(registry.validateInput('analysis.smells', input).valid).to.equal(true);
  });

  it('marks steps of capabilities that are not registered as unavailable, and notes it', () => {
    const plan = finalizePlan({
      intent: 'x',
      summary: 's',
      notes: [],
      catalogue: registry.list(),
      index: express,
      verify: true,
      drafts: [
        { capability: 'analysis.structure', input: {}, target: null, summary: 'a' },
        { capability: 'testing.visual-regression', input: {}, target: null, summary: 'b' },
      ],
    });
    expect(plan.steps.map((s) => [s.index, s.capability, s.available, s.reason])).to.deep.equal([
      [0, 'analysis.structure', true, undefined],
      [1, 'testing.visual-regression', false, 'not registered'],
    ]);
    expect(plan.notes.join(' ')).to.include('never faked');
  });

  it('appends refactoring.verify after a writing step with the checks the project has, once', () => {
    const drafts = [{ capability: 'refactoring.simplify', input: {}, target: null, summary: 'a' }];
    const plan = finalizePlan({ intent: 'x', summary: 's', notes: [], catalogue: registry.list(), index: express, verify: true, drafts });
    expect(plan.steps.map((s) => s.capability)).to.deep.equal(['refactoring.simplify', 'refactoring.verify']);
    expect(plan.steps[1]!.input).to.deep.equal({ checks: ['typecheck', 'tests'] });
    const without = finalizePlan({
      intent: 'x',
      summary: 's',
      notes: [],
      catalogue: registry.list(),
      index: legacyNoChecks,
      verify: true,
      drafts,
    });
    expect(without.steps.map((s) => s.capability)).to.deep.equal(['refactoring.simplify']);
    expect(without.notes.join(' ')).to.include('cannot be verified');
  });
});
