/**
 * The project's own checks: the type-check (its `typecheck` script, else `tsc --noEmit -p <tsconfig>`
 * with the project's TypeScript or agentd's) and its test command (`npm test` when package.json has a
 * test script). Commands take the tree to check as an argument, because `tools.runCommand` always
 * starts in the workspace root and the checks run in temp copies.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { CapabilityContext } from '../../../core/index.js';
import type { CheckName } from './options.js';

export interface PlannedCheck {
  name: CheckName;
  /** For reports: the command as a user would type it. */
  label: string;
  command(tree: string): { command: string; args: string[] };
}

interface PackageJson {
  scripts?: Record<string, unknown>;
}

async function readPackageJson(ctx: CapabilityContext): Promise<PackageJson | null> {
  if (!(await ctx.workspace.exists('package.json'))) return null;
  try {
    return JSON.parse(await ctx.workspace.read('package.json')) as PackageJson;
  } catch {
    return null;
  }
}

function npmScript(script: string): (tree: string) => { command: string; args: string[] } {
  // `npm --prefix <tree>` runs the script with the tree as its working directory.
  return (tree) => ({ command: 'npm', args: ['--prefix', tree, 'run', script, '--silent'] });
}

function tscPath(root: string): string {
  const own = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  return existsSync(own) ? path.join('node_modules', 'typescript', 'bin', 'tsc') : createRequire(import.meta.url).resolve('typescript/bin/tsc');
}

export async function planChecks(ctx: CapabilityContext, wanted: CheckName[]): Promise<PlannedCheck[]> {
  const scripts = (await readPackageJson(ctx))?.scripts ?? {};
  const checks: PlannedCheck[] = [];
  if (wanted.includes('typecheck')) {
    if (typeof scripts.typecheck === 'string') checks.push({ name: 'typecheck', label: 'npm run typecheck', command: npmScript('typecheck') });
    else {
      const tsconfig = ctx.project.tsconfig ?? ((await ctx.workspace.exists('tsconfig.json')) ? 'tsconfig.json' : null);
      if (tsconfig) {
        const tsc = tscPath(ctx.workspace.root);
        checks.push({
          name: 'typecheck',
          label: `tsc --noEmit -p ${tsconfig}`,
          command: (tree) => ({ command: process.execPath, args: [path.isAbsolute(tsc) ? tsc : path.join(tree, tsc), '--noEmit', '-p', path.join(tree, tsconfig)] }),
        });
      }
    }
  }
  if (wanted.includes('tests') && hasRealTestScript(scripts.test)) {
    checks.push({ name: 'tests', label: 'npm test', command: npmScript('test') });
  }
  return checks;
}

/**
 * `npm init`'s placeholder ("echo \"Error: no test specified\" && exit 1") fails on both sides; running
 * it would only report a test suite that does not exist, so it counts as no test script.
 */
function hasRealTestScript(script: unknown): boolean {
  return typeof script === 'string' && script.trim() !== '' && !/no test specified/.test(script);
}

/** Why a requested check is not planned, in the words the refusal and the report use. */
export function missingCheckReason(name: CheckName): string {
  return name === 'typecheck' ? 'there is no tsconfig.json and no "typecheck" script' : 'there is no "test" script (or only npm\'s "no test specified" placeholder)';
}
