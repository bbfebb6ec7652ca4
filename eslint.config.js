// agentd's own lint configuration (`npm run lint`). Formatting is Prettier's (.prettierrc.json, checked
// by `npm run format:check`); ESLint checks correctness. Project fixtures, generator templates and sample
// workspaces are inputs with their own styles, so neither tool touches them (.prettierignore says the same).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Node's globals, for the few plain .js/.mjs scripts (TypeScript checks the .ts files' names itself). */
const nodeGlobals = Object.fromEntries(
  ['process', 'console', 'URL', 'Buffer', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'structuredClone'].map((name) => [
    name,
    'readonly',
  ]),
);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'build/**',
      'node_modules/**',
      'fixtures/**',
      'capabilities/generation/*/templates/**',
      'test/support/workspaces/**',
      'docs/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: nodeGlobals },
    rules: {
      // `_name` marks a parameter or binding kept for its position; `{ drop, ...rest }` drops a key.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests read loosely typed HTTP bodies and use chai's property assertions (`expect(x).to.be.true`).
    files: ['test/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
);
