/**
 * The ESLint flat config's parts: only packages the project can load. `@eslint/js` ships with ESLint 9;
 * typescript-eslint, react-hooks and eslint-config-prettier are used when the project lists them. The
 * packages the config imports that package.json does not list are reported, with the install command.
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
  const typescript = facts.hasTypeScript && facts.deps.has('typescript-eslint');
  const setup: EslintSetup = {
    file: facts.pkg?.type === 'module' ? 'eslint.config.js' : 'eslint.config.mjs',
    typescript,
    reactHooks: facts.deps.has('eslint-plugin-react-hooks'),
    prettier: facts.deps.has('eslint-config-prettier'),
    globals: facts.deps.has('globals'),
    ignores: ['dist/', 'build/', 'coverage/'],
    missing: [],
  };
  const wanted = ['eslint', '@eslint/js', ...(facts.hasTypeScript ? ['typescript-eslint'] : [])];
  setup.missing = wanted.filter((p) => !facts.deps.has(p));
  return { ...setup, installHint: setup.missing.length > 0 ? `${installCommand} ${setup.missing.join(' ')}` : null };
}
