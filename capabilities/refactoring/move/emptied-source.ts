/**
 * A move that takes the last declaration out of its module leaves an empty file behind (only its
 * imports were left, and the service drops those once unused). Such a source is deleted — unless
 * something still imports it (an `import './x.js'` for side effects, a re-export the service did not
 * rewrite: it stays, and the type guard judges the result) or it is one of the package's public entry
 * points (package.json `main`/`module`/`types`/`exports`/`bin`, a built path mapped back to its source
 * through the tsconfig's `outDir`/`rootDir` or the usual dist|lib|build|out -> src layout; or a module a
 * tsconfig names in its `files` list, which its build starts from): then it keeps
 * `export { name } from '<target>'` (`export type` for an interface or type alias) so the package's
 * API does not lose the name, and the summary says which entry point made it stay.
 */
import { posix } from 'node:path';
import { ts, type Project } from 'ts-morph';
import type { FileEdits } from '../ts-project/file-edits.js';
import { toWorkspacePath, type LoadedProject } from '../ts-project/load-project.js';
import { specifierFor } from '../ts-project/module-specifiers.js';

export type EmptiedSource =
  | { outcome: 'kept' }
  | { outcome: 'deleted' }
  | { outcome: 're-exported'; entryPoint: string }
  | { outcome: 'still-imported'; by: string[] };

export interface EmptiedSites {
  sourcePath: string;
  target: string;
  statements: ts.Statement[];
  symbol: string;
  /** Files that import or re-export a path in the edited project. */
  dependents(path: string): string[];
}

const BUILT_DIRS = ['dist', 'lib', 'build', 'out'];

export function settleEmptiedSource(loaded: LoadedProject, edits: FileEdits, sites: EmptiedSites): EmptiedSource {
  const text = edits.get(sites.sourcePath);
  if (typeof text !== 'string' || !isEmptyModule(text)) return { outcome: 'kept' };
  const sourceRel = toWorkspacePath(sites.sourcePath);
  const entryPoint = publicEntryPoint(loaded, sourceRel) ?? tsconfigFilesEntry(loaded, sourceRel);
  if (entryPoint) {
    const typeOnly = sites.statements.every((s) => ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s));
    const like = specifierStyle(loaded.project, sites.sourcePath);
    const line = `export ${typeOnly ? 'type ' : ''}{ ${sites.symbol} } from '${specifierFor(sites.sourcePath, sites.target, like)}';\n`;
    const kept = text.trim() === '' ? '' : `${text.trimEnd()}\n`;
    edits.set(sites.sourcePath, kept + line);
    return { outcome: 're-exported', entryPoint };
  }
  const by = sites
    .dependents(sites.sourcePath)
    .filter((file) => file !== sites.sourcePath && edits.get(file) !== null)
    .map(toWorkspacePath);
  if (by.length > 0) return { outcome: 'still-imported', by };
  edits.set(sites.sourcePath, null);
  return { outcome: 'deleted' };
}

/** No statement left (comments and blank lines only). */
function isEmptyModule(text: string): boolean {
  return ts.createSourceFile('/empty-check.ts', text, ts.ScriptTarget.Latest, false).statements.length === 0;
}

/** The specifier ending the project's relative imports use (".js", ".ts" or none), from the file's own imports or any file's. */
function specifierStyle(project: Project, path: string): string {
  const files = [project.getSourceFile(path), ...project.getSourceFiles()];
  for (const file of files) {
    for (const declaration of file?.getImportDeclarations() ?? []) {
      const spec = declaration.getModuleSpecifierValue();
      if (spec.startsWith('.')) return posix.extname(spec);
    }
  }
  return '.js';
}

/** "package.json exports" etc. when the package names `sourceRel` (or what it builds to) as an entry point. */
function publicEntryPoint(loaded: LoadedProject, sourceRel: string): string | null {
  const manifest = loaded.originals.get('package.json');
  if (!manifest) return null;
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(manifest) as Record<string, unknown>;
  } catch {
    return null;
  }
  const options = loaded.project.getCompilerOptions();
  const outDir = options.outDir ? toWorkspacePath(options.outDir) : null;
  const rootDir = options.rootDir ? toWorkspacePath(options.rootDir) : null;
  const stem = sourceRel.replace(/\.[cm]?tsx?$/, '');
  for (const field of ['exports', 'main', 'module', 'types', 'typings', 'bin']) {
    for (const path of strings(pkg[field])) {
      if (candidates(path, outDir, rootDir).includes(stem)) return `package.json ${field}: "${path}"`;
    }
  }
  return null;
}

/** "tsconfig.json files" when a tsconfig names the module in its `files` list (an entry point the build starts from). */
function tsconfigFilesEntry(loaded: LoadedProject, sourceRel: string): string | null {
  for (const [rel, text] of loaded.originals) {
    if (!/(^|\/)tsconfig[^/]*\.json$/.test(rel) || rel.split('/').includes('node_modules')) continue;
    const files = (ts.parseConfigFileTextToJson(rel, text).config as { files?: unknown } | undefined)?.files;
    if (!Array.isArray(files)) continue;
    const listed = files.find((file) => typeof file === 'string' && posix.join(posix.dirname(rel), file) === sourceRel);
    if (listed) return `${rel} files: "${listed as string}"`;
  }
  return null;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** Source stems (no extension) an entry path can come from. */
function candidates(entry: string, outDir: string | null, rootDir: string | null): string[] {
  const rel = posix.normalize(entry.replace(/^\.\//, ''));
  const stem = rel.replace(/\.d\.[cm]?ts$/, '').replace(/\.[cm]?[jt]sx?$/, '');
  const found = [stem];
  const [first, ...rest] = stem.split('/');
  const built =
    outDir && (stem === outDir || stem.startsWith(`${outDir}/`))
      ? stem.slice(outDir.length + 1)
      : first && BUILT_DIRS.includes(first)
        ? rest.join('/')
        : null;
  if (built !== null) {
    if (rootDir !== null) found.push(rootDir === '' ? built : `${rootDir}/${built}`);
    found.push(`src/${built}`, built);
  }
  return found;
}
