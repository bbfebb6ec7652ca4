/**
 * move/import-conventions: a gained relative import takes the `.ts` ending when the file's imports all
 * carry one (zustand), and a gained import's members are sorted when the project sorts them.
 */
import { expect } from 'chai';
import {
  followTsEndings,
  projectSortsImportMembers,
  projectUsesTsEndings,
  sortGainedImportMembers,
} from '../../../../capabilities/refactoring/move/import-conventions.js';

const PERSIST = "import type { StateCreator, StoreApi } from '../vanilla.ts'\n\nexport const persist = 1\n";
const GAINED = "import type {\n  StateStorage,\n  JsonStorageOptions,\n} from './persist'\n\nexport const x = 1\n";

describe('capabilities/refactoring/move: import conventions', () => {
  it('adds the .ts ending to a relative import a new target gained, like its source file writes them', () => {
    const edits = new Map<string, string | null>([['/src/mw/moved.ts', GAINED]]);
    const originals: Record<string, string> = { '/src/mw/persist.ts': PERSIST };
    const exists = (p: string): boolean => p === '/src/mw/persist.ts';
    expect(followTsEndings(edits, (p) => originals[p], '/src/mw/persist.ts', exists, false)).to.equal(1);
    expect(edits.get('/src/mw/moved.ts')).to.include("} from './persist.ts'");
    // A source without endings: nothing added.
    const plain = new Map<string, string | null>([['/src/mw/moved.ts', GAINED]]);
    expect(followTsEndings(plain, () => "import { a } from './a'\n", '/src/mw/persist.ts', exists, true)).to.equal(0);
  });

  it("follows the project's .ts endings when neither the target nor its source has a relative import (zustand's vanilla.ts)", () => {
    const project: [string, string][] = [
      ['/src/react.ts', "import { createStore } from './vanilla.ts'\nimport type { StoreApi } from './vanilla.ts'\n"],
      ['/src/traditional.ts', "import { createStore } from './vanilla.ts'\n"],
      ['/src/index.ts', "export * from './vanilla.ts'\nimport pkg from 'zustand'\n"],
    ];
    expect(projectUsesTsEndings(project)).to.equal(true);
    expect(projectUsesTsEndings([...project, ['/src/a.ts', "import './b'\n"]])).to.equal(false);
    expect(projectUsesTsEndings(project.slice(0, 1))).to.equal(false);
    // An example app's asset imports (zustand's examples/starter) do not count against the convention.
    expect(
      projectUsesTsEndings([...project, ['/examples/src/index.tsx', "import mascot from './logo.svg'\nimport './index.css'\n"]]),
    ).to.equal(true);
    const gained = "import type { StoreMutators } from './vanilla'\n\nexport type Mutate = StoreMutators\n";
    const exists = (p: string): boolean => p === '/src/vanilla.ts';
    const edits = new Map<string, string | null>([['/src/moved.ts', gained]]);
    const originals: Record<string, string> = { '/src/vanilla.ts': 'export interface StoreMutators {}\n' };
    expect(followTsEndings(edits, (p) => originals[p], '/src/vanilla.ts', exists, false)).to.equal(0);
    expect(followTsEndings(edits, (p) => originals[p], '/src/vanilla.ts', exists, true)).to.equal(1);
    expect(edits.get('/src/moved.ts')).to.include("from './vanilla.ts'");
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
