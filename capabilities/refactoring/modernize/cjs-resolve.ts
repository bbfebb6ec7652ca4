/** Resolving a relative `require` specifier to a workspace file, and the ESM specifier for it. */
import path from 'node:path';
import { builtinModules } from 'node:module';

const TRY_EXTENSIONS = ['.js', '.cjs', '.mjs', '.jsx', '.ts', '.tsx', '.json'];

export function isRelative(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..';
}

export function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(specifier);
}

/** The workspace file (POSIX, root-relative) a relative specifier in `from` names, as Node's require would find it. */
export function resolveLocal(from: string, specifier: string, files: Set<string>): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [base, ...TRY_EXTENSIONS.map((ext) => base + ext), ...TRY_EXTENSIONS.map((ext) => `${base}/index${ext}`)];
  return candidates.find((c) => files.has(c)) ?? null;
}

/** The specifier an ES module in `from` uses for `target`: relative, with its extension. */
export function esmSpecifier(from: string, target: string): string {
  let rel = path.posix.relative(path.posix.dirname(from), target);
  if (!rel.startsWith('.')) rel = `./${rel}`;
  // TypeScript sources are imported by their emitted name.
  return rel
    .replace(/\.tsx?$/, '.js')
    .replace(/\.mts$/, '.mjs')
    .replace(/\.cts$/, '.cjs');
}
