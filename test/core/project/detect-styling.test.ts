import { expect } from 'chai';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { detectProject } from '../../../core/project/index.js';
import type { Styling } from '../../../core/contracts/index.js';

/**
 * Styling detection on small projects written to a temp folder. Tailwind v4 has no tailwind.config.*:
 * it is set up by `@tailwindcss/vite` (or postcss/cli) and a stylesheet that imports "tailwindcss".
 */
const CASES: Array<{ name: string; files: Record<string, string>; styling: Styling[] }> = [
  {
    name: 'Tailwind v4 through @tailwindcss/vite and @import "tailwindcss", no tailwindcss dependency',
    files: {
      'package.json': JSON.stringify({
        name: 'tw4',
        dependencies: { react: '^19.0.0' },
        devDependencies: { '@tailwindcss/vite': '^4.1.0' },
      }),
      'src/index.css': '@import "tailwindcss";\n',
    },
    styling: ['tailwind'],
  },
  {
    name: 'Tailwind v4 from the stylesheet alone',
    files: { 'package.json': JSON.stringify({ name: 'tw4-css' }), 'app/globals.css': "@import 'tailwindcss' source('../src');\n" },
    styling: ['tailwind'],
  },
  {
    name: 'a Tailwind entry beside a plain stylesheet and a CSS module',
    files: {
      'package.json': JSON.stringify({ name: 'mixed', devDependencies: { tailwindcss: '^3.4.0' } }),
      'src/tailwind.css': '@tailwind base;\n@tailwind components;\n',
      'src/legacy.css': 'body { margin: 0; }\n',
      'src/Button.module.css': '.button { color: red; }\n',
    },
    styling: ['css-modules', 'tailwind', 'plain-css'],
  },
  {
    name: 'plain CSS only',
    files: { 'package.json': JSON.stringify({ name: 'plain' }), 'styles/site.css': 'h1 { font-size: 2rem; }\n' },
    styling: ['plain-css'],
  },
];

describe('detectProject: styling', () => {
  const roots: string[] = [];
  after(async () => {
    await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
  });

  for (const { name, files, styling } of CASES) {
    it(`detects ${styling.join(' + ')} for ${name}`, async () => {
      const root = await mkdtemp(join(tmpdir(), 'agentd-styling-'));
      roots.push(root);
      for (const [path, content] of Object.entries(files)) {
        await mkdir(dirname(join(root, path)), { recursive: true });
        await writeFile(join(root, path), content);
      }
      expect((await detectProject(root)).styling).to.deep.equal(styling);
    });
  }
});
