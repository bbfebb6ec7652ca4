/**
 * The CI workflow's data: the project's real scripts in the order CI runs them (lint, type-check,
 * build, test — only those that exist), the package manager's install command and cache, the Node
 * version the project declares.
 */
import type { PackageManager } from '../../../core/index.js';
import type { ProjectFacts } from './project-facts.js';

const SCRIPT_ORDER = ['lint', 'typecheck', 'type-check', 'check-types', 'build', 'test'];

export interface CiData {
  nodeVersion: string;
  packageManager: PackageManager;
  install: string;
  run: string[];
  scripts: string[];
}

const INSTALL: Record<PackageManager, string> = {
  npm: 'npm ci',
  pnpm: 'pnpm install --frozen-lockfile',
  yarn: 'yarn install --frozen-lockfile',
  bun: 'bun install --frozen-lockfile',
  none: 'npm install',
};

const RUN: Record<PackageManager, string> = { npm: 'npm run', pnpm: 'pnpm run', yarn: 'yarn run', bun: 'bun run', none: 'npm run' };

export function ciDataFor(facts: ProjectFacts, packageManager: PackageManager, hasLockFile: boolean): CiData {
  const scripts = SCRIPT_ORDER.filter((s) => typeof facts.pkg?.scripts?.[s] === 'string');
  // A type-check script under any of its usual names runs once.
  const deduped = scripts.filter(
    (s, i) => !(['type-check', 'check-types'].includes(s) && scripts.slice(0, i).some((p) => ['typecheck', 'type-check'].includes(p))),
  );
  return {
    nodeVersion: facts.nodeVersion ?? '20',
    packageManager,
    install: packageManager === 'npm' && !hasLockFile ? 'npm install' : INSTALL[packageManager],
    run: deduped.map((s) => (s === 'test' && packageManager === 'npm' ? 'npm test' : `${RUN[packageManager]} ${s}`)),
    scripts: deduped,
  };
}
