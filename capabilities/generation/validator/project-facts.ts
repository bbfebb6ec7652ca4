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

/** How generated API input checks validate a body: with the project's zod or ajv, or hand-written checks. */
export type ValidationLibrary = 'zod' | 'ajv' | 'manual';

export interface ValidationChoice {
  library: ValidationLibrary;
  /** zod's major version (3 or 4: their APIs differ), when the library is zod. */
  zodMajor: 3 | 4 | null;
  reason: string;
}

/** The major version of a version or range ("^3.23.8" -> 3), or null. */
function majorOf(version: string | undefined): number | null {
  const match = /(\d+)(?:\.\d+)?/.exec(version ?? '');
  return match ? Number(match[1]) : null;
}

/** zod 3 or 4: the installed version, else the declared range, else 4 (npm's current major). */
export async function zodMajor(ctx: CapabilityContext): Promise<{ major: 3 | 4; from: string }> {
  try {
    const installed = JSON.parse(await ctx.workspace.read('node_modules/zod/package.json')) as { version?: string };
    const major = majorOf(installed.version);
    if (major === 3 || major === 4) return { major, from: `installed zod ${installed.version}` };
  } catch {
    // not installed (or not readable in this workspace): the declared range says
  }
  let declared: string | undefined;
  try {
    const pkg = JSON.parse(await ctx.workspace.read('package.json')) as Record<string, Record<string, string> | undefined>;
    declared = pkg.dependencies?.zod ?? pkg.devDependencies?.zod ?? pkg.peerDependencies?.zod;
  } catch {
    // no package.json: the default below
  }
  const major = majorOf(declared);
  if (major !== null && major <= 3) return { major: 3, from: `package.json zod ${declared}` };
  if (major === 4) return { major: 4, from: `package.json zod ${declared}` };
  return { major: 4, from: 'no zod version found: zod 4, the current major on npm' };
}

/**
 * The library of the input checks: the requested one, else as generation.validator chooses (zod when the
 * project depends on it, else ajv, else hand-written checks); for zod, its major version.
 */
export async function chooseValidation(ctx: CapabilityContext, requested: 'auto' | ValidationLibrary = 'auto'): Promise<ValidationChoice> {
  const detected = requested === 'auto' ? await detectLibrary(ctx) : null;
  const library: ValidationLibrary = detected
    ? detected.library === 'guard'
      ? 'manual'
      : detected.library
    : (requested as ValidationLibrary);
  const reason = detected
    ? detected.reason.replace('a dependency-free type guard', 'hand-written checks')
    : `validation: "${library}" was asked for`;
  if (library !== 'zod') return { library, zodMajor: null, reason };
  const zod = await zodMajor(ctx);
  return { library, zodMajor: zod.major, reason: `${reason}; ${zod.from}` };
}
