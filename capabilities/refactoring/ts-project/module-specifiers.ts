/** Resolving a module specifier to a project file, and writing one in the style the file already uses. */
import { posix } from 'node:path';
import { ts } from 'ts-morph';

export function resolveSpecifier(program: ts.Program, fromFile: ts.SourceFile, specifier: string): string | undefined {
  const host: ts.ModuleResolutionHost = {
    fileExists: (name) => program.getSourceFile(name) !== undefined,
    readFile: (name) => program.getSourceFile(name)?.text,
  };
  const resolved = ts.resolveModuleName(
    specifier,
    fromFile.fileName,
    program.getCompilerOptions(),
    host,
    undefined,
    undefined,
    fromFile.impliedNodeFormat,
  );
  const target = resolved.resolvedModule?.resolvedFileName;
  return target && program.getSourceFile(target) ? target : undefined;
}

const JS_FOR_TS: Record<string, string> = { '.ts': '.js', '.tsx': '.js', '.mts': '.mjs', '.cts': '.cjs' };

/** A relative specifier from `fromFile` to `toFile`, with an extension written like `like` (".js", ".ts" or none). */
export function specifierFor(fromFile: string, toFile: string, like: string): string {
  let relative = posix.relative(posix.dirname(fromFile), toFile);
  if (!relative.startsWith('.')) relative = `./${relative}`;
  const ext = posix.extname(toFile);
  const stem = relative.slice(0, relative.length - ext.length);
  if (/\.[cm]?jsx?$/.test(like)) return stem + (JS_FOR_TS[ext] ?? ext);
  if (/\.[cm]?tsx?$/.test(like)) return relative;
  return stem.endsWith('/index') ? stem.slice(0, -'/index'.length) || '.' : stem;
}
