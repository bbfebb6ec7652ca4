import { expect } from 'chai';
import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProjectContext } from '../../../core/contracts/index.js';
import { detectProject, getProjectContext } from '../../../core/project/index.js';
import { cacheStats, clearCaches, resetCacheStats } from '../../../core/cache/thread-caches.js';
import { parseCachedAsync } from '../../../core/parsing/cached-parse.js';
import { flatParserAvailable } from '../../../core/parsing/flat-parser.js';
import { makeTree, removeTree } from '../workspace/temp-tree.js';

const samples = fileURLToPath(new URL('../../../../test/support/workspaces/', import.meta.url));

type Expected = Omit<ProjectContext, 'codeStyle'> & { codeStyle: ProjectContext['codeStyle'] };

const space = (size: number) => ({ style: 'space' as const, size });
const tab = (size: number) => ({ style: 'tab' as const, size });

const CASES: Array<{ sample: string; expected: Expected }> = [
  {
    sample: 'react-vite',
    expected: {
      name: 'react-vite-sample',
      language: 'typescript',
      moduleSystem: 'esm',
      frameworks: ['react'],
      framework: 'react',
      styling: ['css-modules'],
      themeFile: 'src/theme.ts',
      codeStyle: {
        source: 'prettier',
        quotes: 'single',
        semicolons: false,
        indent: space(2),
        configFiles: ['package.json'],
        prettier: { configFile: 'package.json', runsCode: false },
      },
      testRunner: 'vitest',
      testCommand: 'vitest run',
      packageManager: 'pnpm',
      schemaTools: ['none'],
      tsconfig: 'tsconfig.json',
    },
  },
  {
    sample: 'next-tailwind',
    expected: {
      name: 'next-tailwind-sample',
      language: 'typescript',
      moduleSystem: 'esm',
      frameworks: ['next', 'react'],
      framework: 'next',
      styling: ['tailwind'],
      themeFile: null,
      codeStyle: {
        source: 'prettier',
        quotes: 'double',
        semicolons: true,
        indent: tab(2),
        configFiles: ['.prettierrc.json'],
        prettier: { configFile: '.prettierrc.json', runsCode: false },
      },
      testRunner: 'jest',
      testCommand: 'jest --ci',
      packageManager: 'yarn',
      schemaTools: ['prisma'],
      tsconfig: 'tsconfig.json',
    },
  },
  {
    sample: 'express-eslint-cjs',
    expected: {
      name: 'express-eslint-sample',
      language: 'javascript',
      moduleSystem: 'commonjs',
      frameworks: ['express'],
      framework: 'express',
      styling: ['none'],
      themeFile: null,
      codeStyle: { source: 'eslint', quotes: 'single', semicolons: true, indent: space(4), configFiles: ['.eslintrc.json'] },
      testRunner: 'mocha',
      testCommand: "mocha 'test/**/*.test.js'",
      packageManager: 'npm',
      schemaTools: ['knex', 'sql'],
      tsconfig: null,
    },
  },
  {
    sample: 'nest-flat-eslint',
    expected: {
      name: 'nest-sample',
      language: 'typescript',
      moduleSystem: 'esm',
      frameworks: ['nestjs', 'express'],
      framework: 'nestjs',
      styling: ['none'],
      themeFile: null,
      // quotes and semicolons from the flat config; indentation (which it does not set) from the sources
      codeStyle: { source: 'eslint', quotes: 'double', semicolons: false, indent: space(4), configFiles: ['eslint.config.mjs'] },
      testRunner: 'jest',
      testCommand: 'jest',
      packageManager: 'bun',
      schemaTools: ['typeorm'],
      tsconfig: 'tsconfig.json',
    },
  },
  {
    sample: 'vue-editorconfig',
    expected: {
      name: 'vue-sample',
      language: 'javascript',
      moduleSystem: 'esm',
      frameworks: ['vue'],
      framework: 'vue',
      styling: ['plain-css'],
      themeFile: null,
      codeStyle: { source: 'editorconfig', quotes: 'single', semicolons: false, indent: tab(4), configFiles: ['.editorconfig'] },
      testRunner: 'node:test',
      testCommand: 'node --test test/',
      packageManager: 'npm',
      schemaTools: ['sequelize'],
      tsconfig: null,
    },
  },
  {
    sample: 'fastify-inferred',
    expected: {
      name: 'fastify-sample',
      language: 'javascript',
      moduleSystem: 'esm',
      frameworks: ['fastify'],
      framework: 'fastify',
      styling: ['none'],
      themeFile: null,
      codeStyle: { source: 'inferred', quotes: 'double', semicolons: true, indent: space(4), configFiles: [] },
      testRunner: 'none',
      testCommand: null,
      packageManager: 'npm',
      schemaTools: ['drizzle'],
      tsconfig: null,
    },
  },
  {
    sample: 'react-styled-emotion',
    expected: {
      name: 'react-styled-sample',
      language: 'javascript',
      moduleSystem: 'esm',
      frameworks: ['react'],
      framework: 'react',
      styling: ['styled-components', 'emotion'],
      themeFile: 'src/styles/theme.js',
      // JSX attribute values are double-quoted by convention and do not count
      codeStyle: { source: 'inferred', quotes: 'single', semicolons: true, indent: space(2), configFiles: [] },
      testRunner: 'mocha',
      testCommand: null,
      packageManager: 'yarn',
      schemaTools: ['mongoose'],
      tsconfig: null,
    },
  },
  {
    sample: 'svelte-kit',
    expected: {
      name: 'svelte-sample',
      language: 'javascript',
      moduleSystem: 'esm',
      frameworks: ['svelte'],
      framework: 'svelte',
      styling: ['none'],
      themeFile: null,
      codeStyle: { source: 'inferred', quotes: 'double', semicolons: true, indent: space(2), configFiles: [] },
      testRunner: 'none',
      testCommand: null,
      packageManager: 'npm',
      schemaTools: ['none'],
      tsconfig: null,
    },
  },
  {
    sample: 'empty',
    expected: {
      name: null,
      language: 'javascript',
      moduleSystem: 'commonjs',
      frameworks: [],
      framework: 'none',
      styling: ['none'],
      themeFile: null,
      codeStyle: { source: 'inferred', quotes: 'double', semicolons: true, indent: space(2), configFiles: [] },
      testRunner: 'none',
      testCommand: null,
      packageManager: 'none',
      schemaTools: ['none'],
      tsconfig: null,
    },
  },
];

describe('detectProject (sample projects under test/support/workspaces)', () => {
  for (const { sample, expected } of CASES) {
    it(`detects the context of "${sample}" from its files`, async () => {
      const context = await detectProject(samples + sample);
      expect(context).to.deep.equal(expected);
    });
  }
});

describe('getProjectContext', () => {
  it('detects a project once for callers that ask while it is being detected (a scan asks early, then every check)', async () => {
    clearCaches();
    const root = `${samples}react-vite`;
    const [first, second] = await Promise.all([getProjectContext(root), getProjectContext(root)]);
    expect(second).to.equal(first);
    expect(first.framework).to.equal('react');
  });
});

describe('detectProject: the inferred style sample and the parse cache', () => {
  it("parses a large file's sampled part apart, leaving the whole file's cached parse in place", async function () {
    if (!flatParserAvailable()) this.skip();
    clearCaches();
    // Over the sample's 60,000 characters: the style is read from its first part only.
    const big = `export const rows = [\n${"  'row',\n".repeat(9000)}];\n`;
    const root = await makeTree({ 'src/big.ts': big });
    try {
      const base = await realpath(root);
      const whole = await parseCachedAsync(join(base, 'src/big.ts'), 'src/big.ts', big);
      const project = await detectProject(base);
      expect(project.codeStyle).to.include({ source: 'inferred', quotes: 'single', semicolons: true });
      resetCacheStats();
      expect(await parseCachedAsync(join(base, 'src/big.ts'), 'src/big.ts', big)).to.equal(whole);
      expect(cacheStats().parse).to.include({ hits: 1, misses: 0 });
    } finally {
      await removeTree(root);
    }
  });
});
