/**
 * move/import-conventions: a gained relative import takes the `.ts` ending when the file's imports all
 * carry one (zustand), and a gained import's members are sorted when the project sorts them.
 */
import { expect } from 'chai';
import {
  followTsEndings,
  projectSortsImportMembers,
  sortGainedImportMembers,
} from '../../../../capabilities/refactoring/move/import-conventions.js';

const PERSIST = "import type { StateCreator, StoreApi } from '../vanilla.ts'\n\nexport const persist = 1\n";
const GAINED = "import type {\n  StateStorage,\n  JsonStorageOptions,\n} from './persist'\n\nexport const x = 1\n";

describe('capabilities/refactoring/move: import conventions', () => {
  it('adds the .ts ending to a relative import a new target gained, like its source file writes them', () => {
    const edits = new Map<string, string | null>([['/src/mw/moved.ts', GAINED]]);
    const originals: Record<string, string> = { '/src/mw/persist.ts': PERSIST };
    const exists = (p: string): boolean => p === '/src/mw/persist.ts';
    expect(followTsEndings(edits, (p) => originals[p], '/src/mw/persist.ts', exists)).to.equal(1);
    expect(edits.get('/src/mw/moved.ts')).to.include("} from './persist.ts'");
    // A source without endings: nothing added.
    const plain = new Map<string, string | null>([['/src/mw/moved.ts', GAINED]]);
    expect(followTsEndings(plain, () => "import { a } from './a'\n", '/src/mw/persist.ts', exists)).to.equal(0);
  });

  it("sorts a gained import's members by local name when the project sorts them, and leaves the imports a file had", () => {
    const sortedProject: [string, string][] = [
      ['/a.ts', "import { a, b } from './x'\n"],
      ['/b.ts', "import { Alpha, beta } from './x'\n"],
      ['/c.ts', "import { type C, d as e } from './x'\n"],
    ];
    expect(projectSortsImportMembers(sortedProject)).to.equal(true);
    expect(projectSortsImportMembers([...sortedProject, ['/d.ts', "import { z, y } from './x'\n"]])).to.equal(false);
    const had = "import { z, y } from './keep'\n";
    const edits = new Map<string, string | null>([['/m.ts', `${had}${GAINED}`]]);
    expect(sortGainedImportMembers(edits, () => had)).to.equal(1);
    expect(edits.get('/m.ts')).to.equal(
      `${had}import type {\n  JsonStorageOptions,\n  StateStorage,\n} from './persist'\n\nexport const x = 1\n`,
    );
  });
});
