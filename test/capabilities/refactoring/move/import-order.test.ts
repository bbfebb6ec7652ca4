/**
 * move/import-order: a relative import a file gained goes to its ordered place among the file's own
 * relative imports when the project keeps them in order (ESLint import/order `alphabetize`), and only then.
 */
import { expect } from 'chai';
import { orderGainedImports, projectOrdersRelativeImports } from '../../../../capabilities/refactoring/move/import-order.js';

const ORDERED: [string, string][] = [
  ['/src/a.ts', "import React from 'react'\nimport { b } from './b.ts'\nimport { c } from './c.ts'\n"],
  ['/src/mw/d.ts', "import { x } from '../vanilla.ts'\nimport { y } from '../zeta.ts'\nimport { e } from './e.ts'\n"],
  ['/src/f.ts', "import type { A } from './Alpha.ts'\nimport { b } from './beta.ts'\n"],
];

describe('capabilities/refactoring/move: ordered relative imports', () => {
  it('reads the convention from the project: three files in order, not one out of order among few', () => {
    expect(projectOrdersRelativeImports(ORDERED)).to.equal(true);
    expect(projectOrdersRelativeImports([...ORDERED, ['/src/g.ts', "import { z } from './z.ts'\nimport { a } from './a.ts'\n"]])).to.equal(
      false,
    );
    expect(projectOrdersRelativeImports(ORDERED.slice(0, 2))).to.equal(false);
  });

  it("moves a gained import to its place (zustand's traditional.ts), keeps the rest byte for byte, and leaves imports the file had", () => {
    const had =
      "import React from 'react'\nimport { createStore } from './vanilla.ts'\nimport type {\n  Mutate,\n  StoreApi,\n} from './vanilla.ts'\n\nexport const x = 1\n";
    const after = had.replace("} from './vanilla.ts'\n", "} from './vanilla.ts'\nimport type { UseBound } from './moved-UseBound.ts'\n");
    const edits = new Map<string, string | null>([['/src/traditional.ts', after]]);
    expect(orderGainedImports(edits, () => had)).to.equal(1);
    expect(edits.get('/src/traditional.ts')).to.equal(
      "import React from 'react'\nimport type { UseBound } from './moved-UseBound.ts'\nimport { createStore } from './vanilla.ts'\nimport type {\n  Mutate,\n  StoreApi,\n} from './vanilla.ts'\n\nexport const x = 1\n",
    );
    // An import the move edited (a member taken out) is still one the file had: zustand's devtools.ts.
    const devtools =
      "import type {} from '@redux-devtools/extension'\nimport type {\n  StateCreator,\n  StoreApi,\n} from '../vanilla.ts'\n";
    const edited =
      "import type {} from '@redux-devtools/extension'\nimport type {\n  StoreApi,\n} from '../vanilla.ts'\nimport type { StateCreator } from '../moved-StateCreator.ts'\n";
    const devtoolsEdits = new Map<string, string | null>([['/src/middleware/devtools.ts', edited]]);
    expect(orderGainedImports(devtoolsEdits, () => devtools)).to.equal(1);
    expect(devtoolsEdits.get('/src/middleware/devtools.ts')).to.equal(
      "import type {} from '@redux-devtools/extension'\nimport type { StateCreator } from '../moved-StateCreator.ts'\nimport type {\n  StoreApi,\n} from '../vanilla.ts'\n",
    );
    // Already in its place, or a file whose own imports are out of order among the gained one's group: unchanged.
    const inPlace = new Map<string, string | null>([['/src/t.ts', "import { a } from './a.ts'\nimport { b } from './b.ts'\n"]]);
    expect(orderGainedImports(inPlace, () => "import { a } from './a.ts'\n")).to.equal(0);
    // Parents and siblings are separate groups: a gained parent import is not put among siblings.
    const parent = "import { e } from './e.ts'\nimport { v } from '../vanilla.ts'\n";
    const parentEdits = new Map<string, string | null>([['/src/mw/p.ts', parent]]);
    expect(orderGainedImports(parentEdits, () => "import { e } from './e.ts'\n")).to.equal(0);
    expect(parentEdits.get('/src/mw/p.ts')).to.equal(parent);
  });
});
