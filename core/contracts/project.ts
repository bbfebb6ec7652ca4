/** Facts about the job's project, detected from its files alone. */

export type Framework = 'react' | 'next' | 'vue' | 'svelte' | 'express' | 'fastify' | 'nestjs' | 'none';
export type Styling = 'css-modules' | 'tailwind' | 'styled-components' | 'emotion' | 'plain-css' | 'none';
export type TestRunner = 'mocha' | 'vitest' | 'jest' | 'node:test' | 'none';
export type PackageManager = 'npm' | 'yarn' | 'pnpm' | 'bun' | 'none';
export type SchemaTool = 'prisma' | 'drizzle' | 'typeorm' | 'knex' | 'sequelize' | 'mongoose' | 'sql' | 'none';

export interface CodeStyle {
  source: 'prettier' | 'eslint' | 'editorconfig' | 'inferred';
  quotes: 'single' | 'double';
  semicolons: boolean;
  indent: { style: 'space' | 'tab'; size: number };
  /** Paths of the config files found (relative to the root). */
  configFiles: string[];
  /**
   * The root's Prettier config, when there is one. `runsCode`: loading it (a JS/TS config, a shared
   * config module) or formatting with it (plugins) runs the project's code — it was not loaded for
   * detection, and `tools.format` uses it only with the project-code permission, in the sandbox.
   */
  prettier?: { configFile: string; runsCode: boolean };
}

export interface ProjectContext {
  name: string | null;
  language: 'typescript' | 'javascript';
  moduleSystem: 'esm' | 'commonjs';
  frameworks: Framework[];
  /** The main framework (first of `frameworks`), or 'none'. */
  framework: Framework;
  styling: Styling[];
  /** A theme file, if one is found (e.g. src/theme.ts). */
  themeFile: string | null;
  codeStyle: CodeStyle;
  testRunner: TestRunner;
  testCommand: string | null;
  packageManager: PackageManager;
  schemaTools: SchemaTool[];
  tsconfig: string | null;
}
