/**
 * The planner knows capabilities only through their metadata: every first-party capability declares
 * `planning`, its planning data is consistent (strategies get what they need, roles exist, fields name
 * inputs the capability accepts), and the registry's meta schema refuses malformed planning data.
 */
import { expect } from 'chai';
import type { CapabilityMeta } from '../../../core/contracts/index.js';
import { intentTable, parseKeywords } from '../../../core/planner/intent-table.js';
import { defaultRoots, loadPlanned, loadRegistry } from '../../../core/registry/index.js';
import { InputValidators } from '../../../core/registry/input-validators.js';

describe('core/planner: capability planning metadata', () => {
  let metas: CapabilityMeta[] = [];
  before(async function () {
    this.timeout(60_000);
    metas = (await loadRegistry({ roots: defaultRoots() })).list();
  });

  it('is declared by every registered first-party capability', () => {
    expect(metas.length).to.be.at.least(30);
    expect(metas.filter((m) => !m.planning).map((m) => m.id)).to.deep.equal([]);
  });

  it('gives each strategy what it needs and names roles some capability plays', () => {
    const roles = new Set(metas.flatMap((m) => m.planning?.roles ?? []));
    for (const meta of metas) {
      const p = meta.planning!;
      if (p.strategy === 'debug') expect(p.debug, `${meta.id} planning.debug`).to.be.an('object');
      if (p.strategy === 'generate') expect(p.generates, `${meta.id} planning.generates`).to.be.an('object');
      if (p.precededBy) expect(roles.has(p.precededBy), `${meta.id} precededBy ${p.precededBy}`).to.equal(true);
      for (const s of p.supersedes ?? [])
        expect(
          intentTable(metas).some((i) => i.id === s.intent),
          `${meta.id} supersedes ${s.intent}`,
        ).to.equal(true);
    }
    // The roles the planner relies on for every plan that writes, and for dedupe.
    expect([...roles]).to.include.members(['verify-writes', 'find-duplicates']);
  });

  it('fills only input fields the capability accepts (the first key of each field path is in its inputSchema)', () => {
    for (const meta of metas) {
      const properties = Object.keys((meta.inputSchema.properties as Record<string, unknown> | undefined) ?? {});
      for (const field of meta.planning?.fields ?? [])
        expect(properties, `${meta.id} field ${field.field}`).to.include(field.field.split('.')[0]);
    }
  });

  it('declares parseable keywords and unique intent ids with one label', () => {
    const table = intentTable(metas);
    expect(table.length).to.be.at.least(28);
    for (const intent of table) {
      expect(intent.keywords.length, intent.id).to.be.above(0);
      expect(
        intent.keywords.every(([phrase, weight]) => phrase.length > 0 && Number.isFinite(weight) && weight > 0),
        intent.id,
      ).to.equal(true);
    }
    expect(parseKeywords('sql injection=4,smell!=3.5,audit')).to.deep.equal([
      ['sql injection', 4],
      ['smell!', 3.5],
      ['audit', 3],
    ]);
  });

  it('is checked by the registry meta schema: malformed planning data is refused, null is accepted', () => {
    const validators = new InputValidators();
    const base = metas.find((m) => m.id === 'analysis.naming')!;
    expect(validators.metaProblems({ ...base, planning: null })).to.deep.equal([]);
    expect(validators.metaProblems(base)).to.deep.equal([]);
    const bad = [
      { ...base.planning, strategy: 'guess' },
      { ...base.planning, intents: [{ id: 'x', label: 'x', keywords: 'a=heavy' }] },
      { ...base.planning, fields: [{ field: 'rules', from: 'vocabulary' }] },
      { ...base.planning, fields: [{ field: 'top', from: 'count', vocabulary: [] }] },
      { ...base.planning, roles: ['everything'] },
    ];
    for (const planning of bad) expect(validators.metaProblems({ ...base, planning }), JSON.stringify(planning)).to.not.deep.equal([]);
  });

  it('lists in capabilities/planned.ts only capabilities not registered yet, each a valid meta with planning data', async () => {
    const planned = await loadPlanned(defaultRoots());
    const validators = new InputValidators();
    // Empty since testing.e2e, the last of CAPABILITIES.md, was built; whatever is listed must still hold.
    // A capability that gets built deletes its planned entry (capabilities/README.md, "Writing one").
    expect(
      planned.filter((p) => metas.some((m) => m.id === p.id)).map((p) => p.id),
      'built, still listed in planned.ts',
    ).to.deep.equal([]);
    for (const entry of planned) {
      expect(validators.metaProblems(entry), entry.id).to.deep.equal([]);
      expect(entry.planning?.intents.length, entry.id).to.be.above(0);
    }
  });
});
