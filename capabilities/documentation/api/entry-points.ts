/**
 * A package's public entry points from its package.json: every subpath of `exports` (conditions
 * preferred in the order types, import, default, require, node; `*` patterns are skipped and
 * reported), else `types`/`typings`, else `main`. Each target is mapped back to the source module that
 * produces it: the file itself when it is TypeScript, the same path with a .ts extension, or the
 * tsconfig's `outDir` replaced by its `rootDir` (then `src/`), so `./dist/index.d.ts` documents
 * `src/index.ts`. A declaration file is used only when no source exists.
 */
import path from 'node:path';
import type ts from 'typescript';

export interface EntryPoint {
  /** The import specifier suffix: "." or "./text". */
  subpath: string;
  /** What package.json names, e.g. "./dist/index.d.ts". */
  target: string;
  /** The workspace-relative module documented. */
  file: string;
}

export interface EntryPoints {
  entries: EntryPoint[];
  /** Targets no module could be found for (or patterns), with the reason. */
  unresolved: { subpath: string; target: string; reason: string }[];
  /** Where the entry points came from. */
  source: 'exports' | 'types' | 'main' | 'input' | 'fallback' | 'modules';
}

const CONDITIONS = ['types', 'import', 'default', 'require', 'node'];

type ExportsValue = string | null | ExportsValue[] | { [key: string]: ExportsValue };

/** The one target a conditional exports value resolves to for documentation purposes. */
function pickTarget(value: ExportsValue): string | null {
  if (typeof value === 'string') return value;
  if (value === null) return null;
  if (Array.isArray(value)) return value.map(pickTarget).find((t) => t !== null) ?? null;
  for (const condition of CONDITIONS)
    if (condition in value) {
      const picked = pickTarget(value[condition]!);
      if (picked) return picked;
    }
  for (const nested of Object.values(value)) {
    const picked = pickTarget(nested);
    if (picked) return picked;
  }
  return null;
}

function subpathTargets(exportsField: ExportsValue): [string, string | null][] {
  if (typeof exportsField === 'string' || Array.isArray(exportsField)) return [['.', pickTarget(exportsField)]];
  if (exportsField && typeof exportsField === 'object') {
    const keys = Object.keys(exportsField);
    if (keys.length > 0 && keys.every((k) => k.startsWith('.'))) return keys.map((k) => [k, pickTarget(exportsField[k]!)]);
    return [['.', pickTarget(exportsField)]];
  }
  return [];
}

/** The source module a published target comes from, or null. */
export function sourceOf(target: string, files: ReadonlySet<string>, options: ts.CompilerOptions, packageDir = ''): string | null {
  const rel = path.posix.normalize(path.posix.join(packageDir, target.replace(/^\.\//, '')));
  if (/\.(m|c)?tsx?$/.test(rel) && !/\.d\.(m|c)?ts$/.test(rel) && files.has(rel)) return rel;
  const base = rel.replace(/\.d\.(m|c)?ts$|\.(m|c)?jsx?$|\.(m|c)?tsx?$/, '');
  const bases = [base];
  const outDir = options.outDir ? path.posix.relative('/', options.outDir) : null;
  const rootDir = options.rootDir ? path.posix.relative('/', options.rootDir) : null;
  if (outDir && (base === outDir || base.startsWith(`${outDir}/`)))
    bases.push(path.posix.join(rootDir ?? 'src', base.slice(outDir.length)));
  const published = /^(dist|lib|build|out)\//.exec(base);
  if (published) bases.push(base.replace(published[0], 'src/'), base.slice(published[0].length));
  for (const b of bases) for (const ext of ['.ts', '.tsx', '.mts', '.cts']) if (files.has(b + ext)) return b + ext;
  for (const b of bases)
    for (const ext of ['.d.ts', '.d.mts', '.d.cts', '.js', '.mjs', '.cjs', '.jsx']) if (files.has(b + ext)) return b + ext;
  return null;
}

/** `explicit`: entry modules the caller named (workspace-relative), bypassing package.json. */
export function findEntryPoints(
  packageJson: Record<string, unknown> | null,
  files: ReadonlySet<string>,
  options: ts.CompilerOptions,
  explicit?: readonly string[],
): EntryPoints {
  const entries: EntryPoint[] = [];
  const unresolved: EntryPoints['unresolved'] = [];
  const add = (subpath: string, target: string): void => {
    if (target.includes('*')) return void unresolved.push({ subpath, target, reason: 'subpath patterns are not expanded' });
    if (!/\.(m|c)?[jt]sx?$/.test(target)) return void unresolved.push({ subpath, target, reason: 'not a module (no API)' });
    const file = sourceOf(target, files, options);
    if (file) entries.push({ subpath, target, file });
    else unresolved.push({ subpath, target, reason: 'no source module or declaration file for it in the workspace' });
  };
  if (explicit && explicit.length > 0) {
    for (const target of explicit) add(target === explicit[0] ? '.' : `./${target.replace(/\.[^.]+$/, '')}`, target);
    return { entries, unresolved, source: 'input' };
  }
  const pkg = packageJson ?? {};
  if (pkg.exports !== undefined) {
    for (const [subpath, target] of subpathTargets(pkg.exports as ExportsValue)) {
      if (target) add(subpath, target);
      else unresolved.push({ subpath, target: String(target), reason: 'no usable condition' });
    }
    return { entries, unresolved, source: 'exports' };
  }
  const types = (pkg.types ?? pkg.typings) as string | undefined;
  if (typeof types === 'string') {
    add('.', types);
    return { entries, unresolved, source: 'types' };
  }
  if (typeof pkg.main === 'string') {
    add('.', pkg.main);
    return { entries, unresolved, source: 'main' };
  }
  for (const guess of ['src/index.ts', 'index.ts', 'src/index.js', 'index.js'])
    if (files.has(guess)) {
      entries.push({ subpath: '.', target: `./${guess}`, file: guess });
      break;
    }
  return { entries, unresolved, source: 'fallback' };
}

const TEST_FILE = /(^|\/)(test|tests|__tests__|spec)\/|\.(test|spec)\.[cm]?[jt]sx?$/;
export const MAX_MODULE_ENTRIES = 200;

/**
 * An application publishes no entry point: each source module (tests and declaration files left out)
 * is then its own entry, so its exports are documented module by module.
 */
export function moduleEntryPoints(files: readonly string[]): EntryPoints {
  const modules = files.filter((f) => /\.(m|c)?[jt]sx?$/.test(f) && !/\.d\.(m|c)?ts$/.test(f) && !TEST_FILE.test(f)).sort();
  const entries = modules.slice(0, MAX_MODULE_ENTRIES).map((file) => ({ subpath: `./${file}`, target: `./${file}`, file }));
  const unresolved = modules
    .slice(MAX_MODULE_ENTRIES)
    .map((file) => ({ subpath: `./${file}`, target: `./${file}`, reason: `over ${MAX_MODULE_ENTRIES} modules: narrow with include` }));
  return { entries, unresolved, source: 'modules' };
}
