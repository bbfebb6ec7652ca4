/** What generation.validator reads of the project beyond ctx.project: its validation library and relative import specifiers. */
import type { CapabilityContext } from '../../../core/index.js';

export type Library = 'zod' | 'ajv' | 'guard';

/** zod when the project depends on it, else ajv when it does, else a hand-written guard. */
export async function detectLibrary(ctx: CapabilityContext): Promise<{ library: Library; reason: string }> {
  if (!(await ctx.workspace.exists('package.json'))) return { library: 'guard', reason: 'no package.json: a dependency-free type guard' };
  let pkg: Record<string, Record<string, string> | undefined> = {};
  try {
    pkg = JSON.parse(await ctx.workspace.read('package.json')) as typeof pkg;
  } catch {
    return { library: 'guard', reason: 'package.json is not valid JSON: a dependency-free type guard' };
  }
  const deps = { ...pkg.devDependencies, ...pkg.dependencies, ...pkg.peerDependencies };
  if (deps.zod) return { library: 'zod', reason: 'the project depends on zod' };
  if (deps.ajv) return { library: 'ajv', reason: 'the project depends on ajv' };
  return { library: 'guard', reason: 'the project uses neither zod nor ajv: a dependency-free type guard' };
}

/** The import specifier of `to` from `from` (workspace paths): `.js` for ES modules, none for CommonJS. */
export function relativeImport(from: string, to: string, esm: boolean): string {
  const a = from.split('/').slice(0, -1);
  const b = to.split('/');
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  const up = a.length - i;
  const rel = [...(up === 0 ? ['.'] : Array<string>(up).fill('..')), ...b.slice(i)].join('/');
  const bare = rel.replace(/\.(?:ts|tsx|mts|cts)$/, '');
  return esm ? `${bare}.js` : bare;
}

/** Whether relative imports end in `.js`: as the type's own file writes them, else as the module system needs (ESM yes, CommonJS no). */
export async function importsWithJs(ctx: CapabilityContext, file: string): Promise<boolean> {
  const specifiers = [...(await ctx.workspace.read(file)).matchAll(/\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  if (specifiers.some((s) => /\.js$/.test(s))) return true;
  if (specifiers.some((s) => !/\.[cm]?[jt]sx?$/.test(s))) return false;
  return ctx.project.moduleSystem === 'esm';
}
