/**
 * The meta-test of issue #19: every registered first-party capability meets every requirement of
 * support/contract-requirements.ts (a tester suite, a docs section, ...). A capability listed for a
 * requirement in support/known-gaps.json shows as a pending test naming the gap (reported, never
 * silent); a listed capability that now meets it fails until it is taken off the list, and an unlisted
 * one that does not meet it fails.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultRoots, discoverModules } from '../../core/registry/index.js';
import type { CapabilityMeta } from '../../core/index.js';
import { REQUIREMENTS } from './support/contract-requirements.js';
import { REPO } from './support/sample-runs.js';

const GAPS = JSON.parse(readFileSync(path.join(REPO, 'test', 'capabilities', 'support', 'known-gaps.json'), 'utf8')) as Record<
  string,
  string[]
>;

describe('every first-party capability meets the capability contract', function () {
  this.timeout(60_000);
  let metas: CapabilityMeta[] = [];

  before(async () => {
    const modules = await discoverModules(defaultRoots()[0]!);
    metas = await Promise.all(modules.map(async (m) => ((await import(m.modulePath)) as { meta: CapabilityMeta }).meta));
    expect(metas.length).to.be.above(20);
  });

  for (const requirement of REQUIREMENTS) {
    describe(requirement.name, () => {
      it('known gaps name registered capabilities only', () => {
        const ids = new Set(metas.map((m) => m.id));
        expect((GAPS[requirement.name] ?? []).filter((id) => !ids.has(id))).to.deep.equal([]);
      });

      it('every capability not listed as a known gap meets it; every listed one still misses it', function () {
        const gaps = new Set(GAPS[requirement.name] ?? []);
        const unexpected = metas.map((m) => [m.id, requirement.missing(m)] as const).filter(([id, why]) => why !== null && !gaps.has(id));
        const closed = metas.filter((m) => gaps.has(m.id) && requirement.missing(m) === null).map((m) => m.id);
        expect(
          unexpected.map(([id, why]) => `${id}: ${why}`),
          'missing (add it, or list it in known-gaps.json)',
        ).to.deep.equal([]);
        expect(closed, `meets "${requirement.name}" now: take it off known-gaps.json`).to.deep.equal([]);
      });

      for (const id of GAPS[requirement.name] ?? []) {
        it(`${id} has a ${requirement.name} (known gap)`, function () {
          const meta = metas.find((m) => m.id === id);
          const why = meta ? requirement.missing(meta) : 'not registered';
          if (why !== null) this.skip();
        });
      }
    });
  }
});
