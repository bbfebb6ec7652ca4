import { expect } from 'chai';
import { InputValidators } from '../../../core/registry/input-validators.js';
import { checkParsesSources, checkReadsParseProduct, executionIndex, readExecutionIndex } from '../../../core/registry/execution-index.js';
import { defaultRoots, loadRegistry } from '../../../core/registry/index.js';
import type { CapabilityMeta } from '../../../core/index.js';

const base: CapabilityMeta = {
  id: 'analysis.example',
  group: 'analysis',
  title: 'Example',
  description: 'An example.',
  version: '1.0.0',
  inputSchema: { type: 'object' },
  writes: false,
};

describe('core/registry: meta.execution', () => {
  it('accepts the documented fields and refuses anything else, naming the field', () => {
    const validators = new InputValidators();
    expect(
      validators.metaProblems({
        ...base,
        execution: { parses: 'none', composes: ['analysis.complexity'], cost: 'heavy', thread: 'second' },
      }),
    ).to.deep.equal([]);
    expect(validators.metaProblems({ ...base, execution: { parses: 'ast' } }).map((p) => p.path)).to.include('/meta/execution/parses');
    expect(validators.metaProblems({ ...base, execution: { composes: ['complexity'] } }).map((p) => p.path)).to.include(
      '/meta/execution/composes/0',
    );
    expect(validators.metaProblems({ ...base, execution: { threads: 2 } }).map((p) => p.path)).to.include('/meta/execution/threads');
  });

  it('every id a first-party capability composes is registered', async () => {
    const registry = await loadRegistry({ roots: defaultRoots() });
    for (const meta of registry.list()) {
      for (const id of meta.execution?.composes ?? []) expect(registry.has(id), `${meta.id} composes ${id}`).to.equal(true);
    }
  });

  it("the build's index tells the scan's prefetch which checks parse nothing", () => {
    const entries = executionIndex([{ ...base, id: 'analysis.manifests', execution: { parses: 'none' } }, base]);
    expect(checkParsesSources('manifests', 'analysis', entries)).to.equal(false);
    expect(checkParsesSources('analysis.manifests', 'analysis', entries)).to.equal(false);
    expect(checkParsesSources('example', 'analysis', entries)).to.equal(true);
    // Unknown to the index (a plugin's check): assumed to parse.
    expect(checkParsesSources('acme/analysis.other', 'analysis', entries)).to.equal(true);
  });

  it("the build's index tells the prefetch which checks read tokens, themselves or through what they compose", () => {
    const entries = executionIndex([
      { ...base, id: 'analysis.clones', execution: { tokens: true } },
      { ...base, id: 'analysis.score', execution: { composes: ['analysis.clones'] } },
      { ...base, id: 'analysis.loop', execution: { composes: ['analysis.loop', 'analysis.other'] } },
      base,
    ]);
    expect(checkReadsParseProduct('clones', 'analysis', 'tokens', entries)).to.equal(true);
    expect(checkReadsParseProduct('analysis.score', 'analysis', 'tokens', entries)).to.equal(true);
    expect(checkReadsParseProduct('all', 'analysis', 'tokens', entries)).to.equal(true);
    expect(checkReadsParseProduct('example', 'analysis', 'tokens', entries)).to.equal(false);
    // A composition that names itself or an id the index lacks ends.
    expect(checkReadsParseProduct('loop', 'analysis', 'tokens', entries)).to.equal(false);
    expect(checkReadsParseProduct('acme/analysis.other', 'analysis', 'tokens', entries)).to.equal(false);
    expect(checkReadsParseProduct('all', 'analysis', 'tokens', executionIndex([base]))).to.equal(false);
    expect(
      checkReadsParseProduct('all', 'analysis', 'tokens', readExecutionIndex()),
      "the build's own index: duplication reads tokens",
    ).to.equal(true);
  });

  it('the same for the complexity metrics, each product on its own', () => {
    const entries = executionIndex([
      { ...base, id: 'analysis.metrics', execution: { metrics: true } },
      { ...base, id: 'analysis.clones', execution: { tokens: true } },
      { ...base, id: 'analysis.score', execution: { composes: ['analysis.metrics'] } },
    ]);
    expect(checkReadsParseProduct('metrics', 'analysis', 'metrics', entries)).to.equal(true);
    expect(checkReadsParseProduct('score', 'analysis', 'metrics', entries)).to.equal(true);
    expect(checkReadsParseProduct('score', 'analysis', 'tokens', entries)).to.equal(false);
    expect(checkReadsParseProduct('clones', 'analysis', 'metrics', entries)).to.equal(false);
    const own = readExecutionIndex();
    expect(checkReadsParseProduct('complexity', 'analysis', 'metrics', own), "the build's own index: complexity reads metrics").to.equal(
      true,
    );
    expect(checkReadsParseProduct('smells', 'analysis', 'metrics', own), 'smells measures functions through complexity').to.equal(true);
    expect(checkReadsParseProduct('quality', 'analysis', 'metrics', own), 'quality composes complexity').to.equal(true);
    expect(checkReadsParseProduct('naming', 'analysis', 'metrics', own)).to.equal(false);
  });
});
