/**
 * The ESLint flat config's parts. `@eslint/js` ships with ESLint 9; a TypeScript project gets
 * typescript-eslint and a React project eslint-plugin-react-hooks whether or not package.json lists
 * them yet — without typescript-eslint a flat config lints no `.ts`/`.tsx` file at all, which is not the
 * config someone asking for one in a TypeScript project wants; eslint-config-prettier and globals are
 * used when the project lists them. The packages the config needs that package.json does not list are
 * reported, with the install command.
 */
import type { ProjectFacts } from './project-facts.js';

export interface EslintSetup {
  /** The config file name: eslint.config.js for ESM packages, eslint.config.mjs otherwise. */
  file: string;
  typescript: boolean;
  reactHooks: boolean;
  prettier: boolean;
  globals: boolean;
  ignores: string[];
  /** Packages imported by the config that package.json does not list. */
  missing: string[];
}

export function eslintSetupFor(facts: ProjectFacts, installCommand: string): EslintSetup & { installHint: string | null } {
  const reactHooks = facts.deps.has('eslint-plugin-react-hooks') || facts.deps.has('react');
  const setup: EslintSetup = {
    file: facts.pkg?.type === 'module' ? 'eslint.config.js' : 'eslint.config.mjs',
    typescript: facts.hasTypeScript,
    reactHooks,
    prettier: facts.deps.has('eslint-config-prettier'),
    globals: facts.deps.has('globals'),
    ignores: ['dist/', 'build/', 'coverage/'],
    missing: [],
  };
  const wanted = [
    'eslint',
    '@eslint/js',
    ...(facts.hasTypeScript ? ['typescript-eslint'] : []),
    ...(reactHooks ? ['eslint-plugin-react-hooks'] : []),
  ];
  setup.missing = wanted.filter((p) => !facts.deps.has(p));
  return { ...setup, installHint: setup.missing.length > 0 ? `${installCommand} ${setup.missing.join(' ')}` : null };
}
