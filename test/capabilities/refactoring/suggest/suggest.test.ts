import { expect } from 'chai';
import { loadRegistry, defaultRoots, type CapabilityRegistry } from '../../../../core/registry/index.js';
import type { StepResult } from '../../../../core/index.js';
import type { Suggestion } from '../../../../capabilities/refactoring/suggest/suggestion.js';
import { applyStaged, copyOf, fixture, removeCopies, runOn, typecheck } from '../modernize/sample-copy.js';

let registry: CapabilityRegistry;

/** suggest composes complexity, smells and duplication through ctx.invoke: its context gets the registry's scope for it. */
async function suggest(
  root: string,
  input: Record<string, unknown> = {},
  previous: StepResult[] = [],
): Promise<{ suggestions: Suggestion[]; result: StepResult }> {
  const { result } = await runOn('refactoring.suggest', root, input, { previous });
  return { result, suggestions: (result.data as { suggestions: Suggestion[] }).suggestions };
}

describe('capabilities/refactoring/suggest', function () {
  this.timeout(120_000);
  before(async () => {
    registry = await loadRegistry({ roots: defaultRoots() });
  });
  after(removeCopies);

  function expectValid(suggestions: Suggestion[]): void {
    expect(suggestions.length).to.be.greaterThan(0);
    for (const s of suggestions) {
      const validation = registry.validateInput(s.apply.capability, s.apply.input);
      expect(validation.valid, `${s.title}: ${JSON.stringify(validation)}`).to.equal(true);
      expect(s.score).to.be.within(1, 100);
      expect(s.rationale).to.be.a('string').and.not.equal('');
    }
    const scores = suggestions.map((s) => s.score);
    expect(scores).to.deep.equal([...scores].sort((a, b) => b - a));
  }

  it('proposes extract-function for the long functions of the Express fixture with ranges extract-function accepts', async () => {
    const root = await copyOf(fixture('express-ts-api'), { linkNodeModules: true });
    // The fixture's own dependencies (pg, ...) are not installed here: compare with its errors before.
    const baseline = await typecheck(root);
    const { suggestions, result } = await suggest(root);
    expectValid(suggestions);
    expect(result.summary).to.include('ran complexity, smells, duplication');
    expect(result.summary).to.include('each tried without staging');
    const extract = suggestions.filter((s) => s.apply.capability === 'refactoring.extract-function');
    expect(extract.length).to.be.greaterThan(0);
    expect(extract[0]!.findings.some((f) => f.ruleId.startsWith('complexity/') || f.ruleId.startsWith('smells/'))).to.equal(true);
    const { result: extracted, staged } = await runOn('refactoring.extract-function', root, extract[0]!.apply.input as never);
    expect(extracted.summary).to.match(/^Extracted lines/);
    expect(staged.map((s) => s.path)).to.deep.equal([(extract[0]!.apply.input as { file: string }).file]);
    await applyStaged(root, staged);
    const check = await typecheck(root);
    expect(check.output).to.equal(baseline.output);
  });

  it('proposes modernize for var-heavy legacy files, one file each', async () => {
    const root = await copyOf(fixture('legacy-js-package'));
    const { suggestions } = await suggest(root);
    expectValid(suggestions);
    const modernize = suggestions.filter((s) => s.apply.capability === 'refactoring.modernize');
    expect(modernize.map((s) => (s.apply.input as { include: string[] }).include[0])).to.include.members([
      'lib/store.js',
      'lib/counters.js',
      'lib/format.js',
    ]);
    expect(modernize.find((s) => (s.apply.input as { include: string[] }).include[0] === 'lib/counters.js')!.rationale).to.match(
      /\d+ var declarations/,
    );
  });

  it('turns a clone found by an earlier analysis.duplication step into a dedupe step that works', async () => {
    const root = await copyOf(fixture('refactoring-samples', 'dedupe-ts'));
    const { result: clones } = await runOn('analysis.duplication', root, { minTokens: 20, minLines: 3 });
    const { suggestions } = await suggest(root, { analyze: false }, [clones]);
    expectValid(suggestions);
    const merge = suggestions.find(
      (s) => s.apply.capability === 'refactoring.dedupe' && JSON.stringify(s.apply.input).includes('orders.ts'),
    )!;
    expect(merge.findings[0]!.ruleId).to.equal('duplication/clone');
    const { result, staged } = await runOn('refactoring.dedupe', root, merge.apply.input as never);
    expect(result.changes!.map((c) => c.path)).to.deep.equal(['src/orders.ts']);
    await applyStaged(root, staged);
    expect((await typecheck(root)).code).to.equal(0);
  });

  it('proposes simplify with just the dead-code rules a file needs, and that step removes them', async () => {
    const root = await copyOf(fixture('refactoring-samples', 'simplify-ts'));
    const { suggestions } = await suggest(root, { analyze: false });
    expectValid(suggestions);
    const dead = suggestions.find((s) => s.apply.capability === 'refactoring.simplify')!;
    expect(dead.apply.input).to.deep.equal({
      rules: ['unused-imports', 'unused-variables', 'unreachable-code'],
      include: ['src/report.ts'],
    });
    const { result } = await runOn('refactoring.simplify', root, dead.apply.input as never);
    expect(result.changes!.map((c) => c.path)).to.deep.equal(['src/report.ts']);
  });

  it('writes nothing and honours the limit', async () => {
    const root = await copyOf(fixture('legacy-js-package'));
    const { suggestions, result } = await suggest(root, { limit: 2 });
    expect(suggestions).to.have.length(2);
    expect(result.changes ?? []).to.deep.equal([]);
  });
});
