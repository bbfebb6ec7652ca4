/** Test runner and command, package manager and schema tools: from package.json, lock files and file names. */
import type { PackageManager, SchemaTool, TestRunner } from '../contracts/index.js';
import { firstRootEntry, hasAnyDep, type ProjectFiles } from './project-files.js';

// npm init's placeholder is not a test command.
const NPM_PLACEHOLDER = /no test specified/;

export function detectTestCommand(files: ProjectFiles): string | null {
  const script = files.packageJson?.scripts?.test;
  return typeof script === 'string' && script.trim() !== '' && !NPM_PLACEHOLDER.test(script) ? script : null;
}

const RUNNER_IN_SCRIPT: Array<[RegExp, TestRunner]> = [
  [/\bvitest\b/, 'vitest'],
  [/\bjest\b/, 'jest'],
  [/\bmocha\b/, 'mocha'],
  [/\bnode\b[^&|;]*\s--test\b/, 'node:test'],
];

const RUNNER_CONFIGS: Array<[RegExp, TestRunner]> = [
  [/^vitest\.config\./, 'vitest'],
  [/^jest\.config\./, 'jest'],
  [/^\.mocharc(\.|$)/, 'mocha'],
];

export async function detectTestRunner(files: ProjectFiles): Promise<TestRunner> {
  const script = detectTestCommand(files) ?? '';
  for (const [pattern, runner] of RUNNER_IN_SCRIPT) if (pattern.test(script)) return runner;
  for (const [pattern, runner] of RUNNER_CONFIGS) if ([...files.rootEntries].some((name) => pattern.test(name))) return runner;
  if (hasAnyDep(files, ['vitest'])) return 'vitest';
  if (hasAnyDep(files, ['jest', 'ts-jest', '@jest/globals'])) return 'jest';
  if (hasAnyDep(files, ['mocha'])) return 'mocha';
  return (await usesNodeTest(files)) ? 'node:test' : 'none';
}

async function usesNodeTest(files: ProjectFiles): Promise<boolean> {
  const tests = files.files.filter((file) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(file)).slice(0, 20);
  for (const file of tests) {
    if (/from\s+['"]node:test['"]|require\(\s*['"]node:test['"]\s*\)/.test((await files.read(file)) ?? '')) return true;
  }
  return false;
}

const LOCK_FILES: Array<[string, PackageManager]> = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lockb', 'bun'],
  ['bun.lock', 'bun'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
];

export function detectPackageManager(files: ProjectFiles): PackageManager {
  const lock = LOCK_FILES.find(([name]) => files.rootEntries.has(name));
  if (lock) return lock[1];
  const declared = files.packageJson?.packageManager;
  const name = typeof declared === 'string' ? declared.split('@')[0] : '';
  if (name === 'npm' || name === 'yarn' || name === 'pnpm' || name === 'bun') return name;
  // A package.json without a lock file is installed with npm unless it says otherwise.
  return files.packageJson ? 'npm' : 'none';
}

interface SchemaRule {
  tool: SchemaTool;
  deps: string[];
  files?: RegExp;
}

const SCHEMA_RULES: SchemaRule[] = [
  { tool: 'prisma', deps: ['prisma', '@prisma/client'], files: /(^|\/)schema\.prisma$|\.prisma$/ },
  { tool: 'drizzle', deps: ['drizzle-orm', 'drizzle-kit'], files: /^drizzle\.config\.[cm]?[jt]s$/ },
  { tool: 'typeorm', deps: ['typeorm', '@nestjs/typeorm'], files: /^ormconfig\.(json|js|ts|ya?ml)$/ },
  { tool: 'knex', deps: ['knex'], files: /^knexfile\.[cm]?[jt]s$/ },
  { tool: 'sequelize', deps: ['sequelize', 'sequelize-typescript'], files: /^\.sequelizerc$/ },
  { tool: 'mongoose', deps: ['mongoose', '@nestjs/mongoose'] },
  { tool: 'sql', deps: [], files: /\.sql$/ },
];

export function detectSchemaTools(files: ProjectFiles): SchemaTool[] {
  const found = SCHEMA_RULES.filter(
    (rule) => hasAnyDep(files, rule.deps) || (rule.files !== undefined && files.files.some((file) => rule.files!.test(file))),
  ).map((rule) => rule.tool);
  return found.length > 0 ? found : ['none'];
}

export function detectTsconfig(files: ProjectFiles): string | null {
  return firstRootEntry(files, ['tsconfig.json', 'tsconfig.base.json']);
}
