import { expect } from 'chai';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRegistry, defaultRoots, type CapabilityRegistry } from '../../../core/registry/index.js';
import { buildProjectIndex, planTask, type ProjectIndex } from '../../../core/planner/index.js';

const FIXTURES = fileURLToPath(new URL('../../../../fixtures/', import.meta.url));

describe('core/planner: planTask', () => {
  let registry: CapabilityRegistry;
  let express: ProjectIndex;
  before(async function () {
    this.timeout(60_000);
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

  it('answers that it does not know how to plan a registered capability without planning data, and plans it once it has some', () => {
    for (const planning of [undefined, null]) {
      const unplanned = registry.list().map((m) => (m.id === 'analysis.security' ? { ...m, planning } : m));
      const outcome = planTask('audit security', { catalogue: unplanned, projectIndex: express });
      expect(outcome.kind).to.equal('unsupported');
      expect(outcome.kind === 'unsupported' && outcome.message).to.include(
        'analysis.security (Security) is registered but declares no planning data',
      );
    }
    const registered = planTask('audit security', { catalogue: registry.list(), projectIndex: express });
    expect(registered.kind === 'plan' && registered.plan.steps[0]!.available).to.equal(true);
  });

  it('plans a capability from its metadata alone: intents, strategy, field vocabulary, summary (no planner edit)', () => {
    const base = registry.list().find((m) => m.id === 'analysis.naming')!;
    const meta = {
      ...base,
      id: 'analysis.licenses',
      title: 'Licenses',
      inputSchema: { type: 'object', properties: { include: {}, exclude: {}, allow: { type: 'array' } }, additionalProperties: false },
      planning: {
        intents: [{ id: 'check-licenses', label: 'check licenses', keywords: 'license=4,licenses=4,licence=4,spdx=4' }],
        strategy: 'scope' as const,
        stepTitle: 'License check',
        fields: [
          {
            field: 'allow',
            from: 'vocabulary' as const,
            vocabulary: [
              { value: 'MIT', phrases: ['mit'] },
              { value: 'Apache-2.0', phrases: ['apache'] },
            ],
          },
        ],
      },
    };
    const outcome = planTask('check the licences of src, only MIT allowed', {
      catalogue: [...registry.list(), meta],
      projectIndex: express,
    });
    expect(outcome.kind).to.equal('plan');
    if (outcome.kind !== 'plan') return;
    expect(outcome.plan.intent).to.equal('check-licenses');
    expect(outcome.plan.steps.map((s) => [s.capability, s.input, s.summary, s.available])).to.deep.equal([
      ['analysis.licenses', { include: ['src/**'], allow: ['MIT'] }, 'License check of src/ (MIT)', true],
    ]);
  });

  it('refines the previous plan it is given rather than starting over', () => {
    const first = planTask('find code smells in src/routes', { catalogue: registry.list(), projectIndex: express });
    expect(first.kind).to.equal('plan');
    if (first.kind !== 'plan') return;
    const refined = planTask('also include src/services', { catalogue: registry.list(), projectIndex: express, previousPlan: first.plan });
    expect(refined.kind === 'plan' && refined.plan.steps[0]!.input).to.deep.equal({ include: ['src/routes/**', 'src/services/**'] });
  });

  it('keeps the declaration a plan was limited to through a refinement, until the user names another place', () => {
    const options = { catalogue: registry.list(), projectIndex: express };
    const first = planTask('find code smells in function priceOrder', options);
    if (first.kind !== 'plan') expect.fail(JSON.stringify(first));
    const focus = first.plan.filters!.symbol!;
    expect(focus).to.include({ name: 'priceOrder', file: 'src/services/pricing.ts' });
    const severe = planTask('only high severity', { ...options, previousPlan: first.plan });
    if (severe.kind !== 'plan') expect.fail(JSON.stringify(severe));
    expect(severe.plan.filters).to.deep.equal({ minSeverity: 'high', symbol: focus });
    const elsewhere = planTask('only src/routes', { ...options, previousPlan: severe.plan });
    if (elsewhere.kind !== 'plan') expect.fail(JSON.stringify(elsewhere));
    expect(elsewhere.plan.filters).to.deep.equal({ minSeverity: 'high' });
    expect(elsewhere.plan.notes).to.include('Refined: no longer limited to priceOrder (src/services/pricing.ts).');
  });

  it('counts the verify step it adds in the plan summary', () => {
    const outcome = planTask('rename priceOrder to quoteOrder', { catalogue: registry.list(), projectIndex: express });
    expect(outcome.kind === 'plan' && outcome.plan.steps.map((s) => s.capability)).to.deep.equal([
      'refactoring.rename',
      'refactoring.verify',
    ]);
    expect(outcome.kind === 'plan' && outcome.plan.summary).to.match(/: 2 step\(s\)\.$/);
    const unverified = planTask('rename priceOrder to quoteOrder', { catalogue: registry.list(), projectIndex: express, verify: false });
    expect(unverified.kind === 'plan' && unverified.plan.summary).to.match(/: 1 step\(s\)\.$/);
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

  it('reads intent words as the task, not as folders of the same name, unless the task names the folder', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'agentd-planner-'));
    try {
      for (const file of ['src/quality/score.ts', 'src/security/auth.ts', 'src/naming/rules.ts', 'src/performance/timer.ts']) {
        await mkdir(path.join(root, path.dirname(file)), { recursive: true });
        await writeFile(path.join(root, file), 'export const x = 1;\n');
      }
      const index = await buildProjectIndex({ root });
      const plan = (task: string) => planTask(task, { catalogue: registry.list(), projectIndex: index });
      for (const [task, capability] of [
        ['assess the code quality', 'analysis.quality'],
        ['audit security', 'analysis.security'],
        ['check naming', 'analysis.naming'],
        ['find performance problems', 'analysis.performance'],
      ] as const) {
        const outcome = plan(task);
        expect(outcome.kind, task).to.equal('plan');
        if (outcome.kind !== 'plan') continue;
        expect(
          outcome.plan.steps.map((s) => s.capability),
          task,
        ).to.deep.equal([capability]);
        expect(outcome.plan.steps[0]!.input, task).to.deep.equal({});
      }
      const inFolder = plan('audit security in the security folder');
      expect(inFolder.kind === 'plan' && inFolder.plan.steps[0]!.input).to.deep.equal({ include: ['src/security/**'] });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('asks for the name, without a "which one" and no options, when nothing in the project is close', async () => {
    const legacy = await buildProjectIndex({ root: path.join(FIXTURES, 'legacy-js-package') });
    const outcome = planTask('rename formatName to fmtName', { catalogue: registry.list(), projectIndex: legacy });
    expect(outcome).to.deep.include({ kind: 'question', options: [], replaces: 'formatName' });
    expect(outcome.kind === 'question' && outcome.message).to.equal(
      'I could not find a declaration named "formatName" in the project, nor one with a close name; type the name you meant.',
    );
    const turns = [
      { role: 'user' as const, message: 'rename formatName to fmtName' },
      { role: 'agent' as const, message: outcome.kind === 'question' ? outcome.message : '' },
    ];
    const answered = planTask('fullName', { catalogue: registry.list(), projectIndex: legacy, turns });
    expect(answered.kind === 'plan' && answered.plan.steps[0]!.input).to.deep.include({ symbol: 'fullName', newName: 'fmtName' });
  });
});
