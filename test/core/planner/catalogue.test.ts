import { expect } from 'chai';
import { loadRegistry, defaultRoots } from '../../../core/registry/index.js';
import { CATALOGUE, INTENTS } from '../../../core/planner/index.js';

describe('core/planner: the catalogue and the intents table', () => {
  it('holds the 50 capabilities of CAPABILITIES.md in six groups of 12/10/8/8/6/6', () => {
    const counts: Record<string, number> = {};
    for (const c of CATALOGUE) counts[c.group] = (counts[c.group] ?? 0) + 1;
    expect(CATALOGUE).to.have.length(50);
    expect(counts).to.deep.equal({ generation: 12, analysis: 10, refactoring: 8, testing: 8, documentation: 6, debugging: 6 });
  });

  it('knows every registered capability, and every intent plans a catalogued one', async () => {
    const registry = await loadRegistry({ roots: defaultRoots() });
    const ids = new Set(CATALOGUE.map((c) => c.id));
    expect(registry.list().map((m) => m.id).filter((id) => !ids.has(id))).to.deep.equal([]);
    expect(INTENTS.flatMap((i) => i.capabilities).filter((id) => !ids.has(id))).to.deep.equal([]);
  });

  it('gives every intent a unique id and at least one keyword', () => {
    expect(new Set(INTENTS.map((i) => i.id)).size).to.equal(INTENTS.length);
    expect(INTENTS.filter((i) => i.keywords.length === 0)).to.deep.equal([]);
  });
});
