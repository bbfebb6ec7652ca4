/**
 * How a declared package can be in use without any source file importing it (the unused-dependency
 * heuristics, as documented in the rule):
 * - type packages: every `@types/*` counts as used (the compiler loads them without an import);
 * - tool plugins and presets, loaded by name from a tool's configuration: ESLint plugins/configs,
 *   typescript-eslint, Prettier/Babel/PostCSS/Rollup/Vite/Stylelint/commitlint plugins, Tailwind,
 *   autoprefixer, webpack loaders, Storybook addons;
 * - command-line tools: the package (or its well-known binary) is named in a package.json script;
 * - anything named in a configuration file at the workspace root (`*config*`, `*rc*`, dot-files,
 *   tsconfig `types`), or in a CI workflow;
 * - `typescript` when the project has a tsconfig or TypeScript sources, `tslib` with `importHelpers`.
 */

const ECOSYSTEM = [
  /^@types\//,
  /^eslint-(plugin|config|formatter|import-resolver)-/,
  /^@[^/]+\/eslint-(plugin|config)(-|$)/,
  /^@typescript-eslint\//,
  /^typescript-eslint$/,
  /^@eslint\//,
  /^prettier-plugin-/,
  /^@[^/]+\/prettier-(plugin|config)/,
  /^babel-(plugin|preset)-/,
  /^@babel\//,
  /^postcss-/,
  /^autoprefixer$/,
  /^tailwindcss$/,
  /^@tailwindcss\//,
  /^stylelint-/,
  /^@commitlint\//,
  /^@vitejs\/plugin-/,
  /^vite-plugin-/,
  /^rollup-plugin-/,
  /^@rollup\/plugin-/,
  /-loader$/,
  /^@storybook\//,
  /^@testing-library\/jest-dom$/,
  /^ts-node$/,
  /^tsx$/,
  /^@swc\/core$/,
  /^esbuild-register$/,
];

/** Packages whose command differs from the package name. */
const BINARIES: Record<string, string[]> = {
  typescript: ['tsc', 'tsserver'],
  '@playwright/test': ['playwright'],
  'npm-run-all': ['run-s', 'run-p', 'npm-run-all'],
  'npm-run-all2': ['run-s', 'run-p'],
  'webpack-cli': ['webpack'],
  '@swc/cli': ['swc'],
  '@changesets/cli': ['changeset'],
  'sequelize-cli': ['sequelize'],
  '@nestjs/cli': ['nest'],
  '@biomejs/biome': ['biome'],
  'http-server': ['http-server'],
  '@angular/cli': ['ng'],
  typeorm: ['typeorm'],
  'drizzle-kit': ['drizzle-kit'],
  '@vue/cli-service': ['vue-cli-service'],
  'react-scripts': ['react-scripts'],
  'ts-jest': ['jest'],
  '@vitest/coverage-v8': ['vitest'],
  c8: ['c8'],
  nyc: ['nyc'],
  jscpd: ['jscpd'],
  mocha: ['mocha', '_mocha'],
  husky: ['husky'],
  'lint-staged': ['lint-staged'],
};

export interface UsageContext {
  scripts: Record<string, string>;
  /** Text of root configuration files and CI workflows. */
  configText: string;
  hasTypeScript: boolean;
  importHelpers: boolean;
}

function mentioned(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(^|[\\s"'\`(=/:@,])${escaped}($|[\\s"'\`)/,;:@])`).test(text);
}

/** Why a package counts as used without an import, or null. */
export function implicitUse(name: string, usage: UsageContext): string | null {
  if (ECOSYSTEM.some((pattern) => pattern.test(name))) return 'tool plugin or type package, loaded by name';
  const scripts = Object.values(usage.scripts).join('\n');
  if ([name, ...(BINARIES[name] ?? [])].some((word) => mentioned(scripts, word))) return 'named in a package.json script';
  if (mentioned(usage.configText, name)) return 'named in a configuration file';
  if (name === 'typescript' && usage.hasTypeScript) return 'the project is written in TypeScript';
  if (name === 'tslib' && usage.importHelpers) return 'tsconfig importHelpers';
  return null;
}
