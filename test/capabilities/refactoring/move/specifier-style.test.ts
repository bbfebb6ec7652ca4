/**
 * move/specifier-style: the specifiers a file gains follow its own style under tsconfig `paths`,
 * including a key without `*` that names one module (zustand's `"zustand": ["./src/index.ts"]` beside
 * `"zustand/*": ["./src/*.ts"]`), which matches only itself.
 */
import { expect } from 'chai';
import { followSpecifierStyle } from '../../../../capabilities/refactoring/move/specifier-style.js';

const OPTIONS = {
  configFilePath: '/tsconfig.json',
  paths: { zustand: ['./src/index.ts'], 'zustand/*': ['./src/*.ts'] },
};

describe('capabilities/refactoring/move: specifier style', () => {
  it('turns an alias a relative file gained into a relative path, never through the single-module key', () => {
    const edits = new Map<string, string | null>([
      ['/src/middleware/moved-combine.ts', "import type { StateCreator } from 'zustand/vanilla'\n"],
    ]);
    const originals: Record<string, string> = { '/src/middleware/combine.ts': "import type { StateCreator } from '../vanilla.ts'\n" };
    expect(followSpecifierStyle(edits, (p) => originals[p], '/src/middleware/combine.ts', OPTIONS)).to.equal(1);
    expect(edits.get('/src/middleware/moved-combine.ts')).to.equal("import type { StateCreator } from '../vanilla.ts'\n");
  });

  it('turns a relative path an alias file gained into the alias, the single-module key only for that module', () => {
    const edits = new Map<string, string | null>([
      [
        '/tests/basic.test.ts',
        "import { create } from 'zustand'\nimport { shallow } from '../src/vanilla/shallow.ts'\nimport { run } from '../src/index.ts'\n",
      ],
    ]);
    const originals: Record<string, string> = { '/tests/basic.test.ts': "import { create } from 'zustand'\n" };
    expect(followSpecifierStyle(edits, (p) => originals[p], '/src/a.ts', OPTIONS)).to.equal(2);
    expect(edits.get('/tests/basic.test.ts')).to.equal(
      "import { create } from 'zustand'\nimport { shallow } from 'zustand/vanilla/shallow'\nimport { run } from 'zustand'\n",
    );
  });
});
