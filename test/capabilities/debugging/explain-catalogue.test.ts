import { expect } from 'chai';
import { ERROR_CATALOGUE } from '../../../capabilities/debugging/explain/catalogue/index.js';
import { CATEGORIES } from '../../../capabilities/debugging/explain/entry.js';
import { bestMatch, matchErrors } from '../../../capabilities/debugging/explain/match-error.js';
import { lookPattern } from '../../../capabilities/debugging/explain/project-lines.js';

describe('debugging.explain catalogue (data)', () => {
  it('holds at least 150 entries with unique ids, from every family', () => {
    expect(ERROR_CATALOGUE.length).to.be.at.least(150);
    const ids = ERROR_CATALOGUE.map((e) => e.id);
    expect(new Set(ids).size, `duplicate ids: ${ids.filter((id, i) => ids.indexOf(id) !== i).join(', ')}`).to.equal(ids.length);
    const families = new Set(ERROR_CATALOGUE.map((e) => e.family));
    expect([...families].sort()).to.deep.equal(['library', 'nextjs', 'node', 'react', 'runtime', 'system', 'typescript']);
    expect(ERROR_CATALOGUE.filter((e) => e.family === 'typescript').length).to.be.at.least(40);
    expect(ERROR_CATALOGUE.filter((e) => e.family === 'node').length).to.be.at.least(25);
  });

  it('every entry has an explanation, causes, fixes, a known category and patterns that compile', () => {
    for (const e of ERROR_CATALOGUE) {
      expect(e.explanation.length, e.id).to.be.greaterThan(20);
      expect(e.causes.length, e.id).to.be.greaterThan(0);
      expect(e.fixes.length, e.id).to.be.greaterThan(0);
      expect(CATEGORIES as readonly string[], e.id).to.include(e.category);
      expect(() => new RegExp(e.pattern), e.id).not.to.throw();
      if (e.look) expect(() => new RegExp(e.look!.replace(/\$\d/g, 'x')), e.id).not.to.throw();
    }
  });

  it('every entry is the best match for its own example message', () => {
    const wrong: string[] = [];
    for (const e of ERROR_CATALOGUE) {
      const best = bestMatch(e.example);
      if (best?.entry.id !== e.id) wrong.push(`${e.id} -> ${best?.entry.id ?? 'nothing'} (${JSON.stringify(e.example.slice(0, 80))})`);
    }
    expect(wrong, wrong.join('\n')).to.deep.equal([]);
  });

  it('every look pattern that needs a quoted name gets one from the example', () => {
    for (const e of ERROR_CATALOGUE.filter((x) => x.look && /\$\d/.test(x.look))) {
      const m = matchErrors(e.example).find((x) => x.entry.id === e.id)!;
      expect(lookPattern(m), `${e.id}: ${e.look}`).to.be.instanceOf(RegExp);
    }
  });

  it('finds every error of a tsc log, by code, in order', () => {
    const log = [
      "src/a.ts(3,7): error TS2552: Cannot find name 'usr'. Did you mean 'user'?",
      "src/b.ts(10,1): error TS2304: Cannot find name 'formatPrice'.",
      "src/c.ts:4:9 - error TS18048: 'row' is possibly 'undefined'.",
    ].join('\n');
    expect(matchErrors(log).map((m) => m.entry.id)).to.deep.equal(['typescript/TS2552', 'typescript/TS2304', 'typescript/TS18048']);
    expect(matchErrors(log)[1]!.groups[0]).to.equal('formatPrice');
  });

  it('reads hostile input in bounded work: 200,000-character lines and 100,000 lines end (they took minutes before the line cap and anchors)', function () {
    this.timeout(60_000);
    for (const text of [
      'a.'.repeat(100_000),
      'x'.repeat(200_000),
      "Type '".repeat(30_000),
      `${'a.'.repeat(999)}\n`.repeat(100),
      'e\n'.repeat(100_000),
    ]) {
      expect(matchErrors(text)).to.deep.equal([]);
    }
    expect(matchErrors(`${'x'.repeat(5000)}\nTypeError: user.getFullName is not a function`)[0]!.entry.id).to.equal(
      'runtime/not-a-function',
    );
  });

  it('prefers the more specific wording: a React error over the generic runtime one, a did-you-mean over the plain one', () => {
    expect(bestMatch('ReferenceError: window is not defined')!.entry.id).to.equal('nextjs/window-not-defined');
    expect(bestMatch('ReferenceError: fooBar is not defined')!.entry.id).to.equal('runtime/not-defined');
    expect(bestMatch("Cannot find name 'usr'. Did you mean 'user'?")!.entry.id).to.equal('typescript/TS2552');
    expect(bestMatch('nothing to see here')).to.equal(null);
  });
  it("explains the real messages of bench/debugging-real-bugs.json that had no entry (TS2344, TS2536, TS2312, TS2790, TS2578, TS2574, TS2550) and TS6133 with the fix's category", () => {
    // Messages as TypeScript reported them at the parents of real fix commits (io-ts, typebox, zustand, remeda, ts-essentials).
    const real: [string, string, string][] = [
      [
        "Type 'Filter[K & keyof Filter]' does not satisfy the constraint 'DeepModify<T[K & keyof T]>'.",
        'typescript/TS2344',
        'type-mismatch',
      ],
      ["Type '[P[K], UndefinedType]' does not satisfy the constraint '[Any]'.", 'typescript/TS2344', 'type-mismatch'],
      ["Type '\"_A\"' cannot be used to index type 'RT'.", 'typescript/TS2536', 'type-mismatch'],
      [
        'An interface can only extend an object type or intersection of object types with statically known members.',
        'typescript/TS2312',
        'type-mismatch',
      ],
      ["The operand of a 'delete' operator must be optional.", 'typescript/TS2790', 'type-mismatch'],
      ["Unused '@ts-expect-error' directive.", 'typescript/TS2578', 'config'],
      ["'isDraft' is declared but its value is never read.", 'typescript/TS6133', 'config'],
      ['A rest element type must be an array type.', 'typescript/TS2574', 'type-mismatch'],
      [
        "Property 'values' does not exist on type 'ObjectConstructor'. Do you need to change your target library? Try changing the 'lib' compiler option to 'es2017' or later.",
        'typescript/TS2550',
        'config',
      ],
    ];
    for (const [message, id, category] of real) {
      const code = id.slice('typescript/'.length);
      for (const text of [message, `src/index.ts(3,7): error ${code}: ${message}`]) {
        const best = bestMatch(text)!;
        expect(best.entry.id, text).to.equal(id);
        expect(best.entry.category, text).to.equal(category);
      }
    }
    // A plain missing property stays TS2339, not the library-target entry.
    expect(bestMatch("Property 'nmae' does not exist on type 'User'.")!.entry.id).to.equal('typescript/TS2339');
  });
});
