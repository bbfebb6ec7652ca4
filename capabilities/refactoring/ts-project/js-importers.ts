/**
 * JavaScript files outside every tsconfig project that import the project's modules — a test suite in
 * `test/*.js` next to a TypeScript `src/` (yup's `test/yup.js` imports `../src/util/reach`), a JS
 * script — join the loaded project, so a rename or move rewrites their imports and uses too; without
 * them the refactoring type-checks clean and the tests break. They are added with `allowJs` (and
 * `checkJs` off: their own type errors are not the refactoring's), found by their relative import,
 * export or require specifiers that resolve to a file the project already holds.
 */
import { posix } from 'node:path';
import type { Project } from 'ts-morph';

const JS = /\.(?:c|m)?jsx?$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"\n]+)\1/gm;
const TRY_EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '/index.ts', '/index.tsx', '/index.js'];
const JS_TO_TS: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };

/** Adds the JS importers of the project's files; returns their workspace paths. */
export function addJsImporters(project: Project, originals: Map<string, string>, toProjectPath: (rel: string) => string): string[] {
  const held = new Set(project.getSourceFiles().map((f) => f.getFilePath().replace(/^\/+/, '')));
  const importers = [...originals.keys()].filter(
    (path) => JS.test(path) && !held.has(path) && !/(^|\/)node_modules\//.test(path) && importsAnyOf(path, originals.get(path)!, held),
  );
  if (importers.length === 0) return [];
  const options = project.getCompilerOptions();
  if (!options.allowJs) project.compilerOptions.set({ allowJs: true, checkJs: false });
  for (const path of importers) project.addSourceFileAtPath(toProjectPath(path));
  return importers;
}

function importsAnyOf(path: string, text: string, held: Set<string>): boolean {
  for (const match of text.matchAll(SPECIFIER)) {
    const target = posix.join(posix.dirname(path), match[2]!);
    if (candidates(target).some((c) => held.has(c))) return true;
  }
  return false;
}

/** The files a relative specifier may name: as written, with an extension or index added, `.js` → `.ts`. */
function candidates(target: string): string[] {
  const found = TRY_EXTENSIONS.map((ext) => target + ext);
  const ext = posix.extname(target);
  for (const ts of JS_TO_TS[ext] ?? []) found.push(target.slice(0, -ext.length) + ts);
  return found;
}
