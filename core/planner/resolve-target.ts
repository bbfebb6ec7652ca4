/**
 * Resolves what a task names — a path, a folder by name, a symbol — against the project index.
 * A name that is not there is never guessed: the caller gets the close candidates to ask about.
 */
import { closeNames } from './fuzzy-words.js';
import type { IndexedSymbol, ProjectIndex } from './types.js';

export type PathResolution =
  | { status: 'found'; path: string; kind: 'file' | 'folder' }
  | { status: 'ambiguous'; options: string[] }
  | { status: 'missing'; suggestions: string[] };

export type SymbolResolution =
  | { status: 'found'; symbol: IndexedSymbol }
  | { status: 'ambiguous'; options: IndexedSymbol[] }
  | { status: 'missing'; suggestions: string[] };

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'];

export function normalisePath(text: string): string {
  return text.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
}

const basename = (p: string): string => p.slice(p.lastIndexOf('/') + 1);
const hasExtension = (p: string): boolean => /\.[A-Za-z0-9]+$/.test(basename(p));

function candidatesOf(norm: string): string[] {
  return hasExtension(norm)
    ? [norm]
    : [norm, ...SOURCE_EXTENSIONS.map((e) => norm + e), ...SOURCE_EXTENSIONS.map((e) => `${norm}/index${e}`)];
}

export function resolvePath(text: string, index: ProjectIndex): PathResolution {
  const norm = normalisePath(text);
  const files = new Set(index.files);
  const folders = new Set(index.folders);
  if (folders.has(norm)) return { status: 'found', path: norm, kind: 'folder' };
  for (const candidate of candidatesOf(norm)) {
    if (files.has(candidate)) return { status: 'found', path: candidate, kind: 'file' };
  }
  // A path written relative to a subfolder or absolute (stack traces): match by suffix.
  const suffixes = candidatesOf(norm.replace(/^\/+/, '')).map((c) => `/${c}`);
  // Either side may be the longer one: "pricing.ts" ends a project path, "/home/me/app/src/db.ts" ends with one.
  const fileHits = index.files.filter((f) => suffixes.some((s) => `/${f}`.endsWith(s) || s.endsWith(`/${f}`)));
  const folderHits = index.folders.filter((f) => `/${f}`.endsWith(`/${norm.replace(/^\/+/, '')}`));
  const hits = [...new Set([...folderHits, ...fileHits])];
  if (hits.length === 1) return { status: 'found', path: hits[0]!, kind: folders.has(hits[0]!) ? 'folder' : 'file' };
  if (hits.length > 1) return { status: 'ambiguous', options: hits.slice(0, 5) };
  // "README", "TaskList.module": a file named without its extension.
  if (!norm.includes('/')) {
    const stems = index.files.filter((f) => basename(f).replace(/\.[^.]+$/, '') === norm);
    if (stems.length === 1) return { status: 'found', path: stems[0]!, kind: 'file' };
  }
  return { status: 'missing', suggestions: pathSuggestions(norm, index) };
}

function pathSuggestions(norm: string, index: ProjectIndex): string[] {
  const all = [...index.folders, ...index.files];
  const direct = closeNames(norm, all);
  if (direct.length > 0) return direct;
  const wanted = basename(norm);
  const names = closeNames(wanted, all.map(basename));
  const stemmed = closeNames(
    wanted.replace(/\.[^.]+$/, ''),
    all.map((p) => basename(p).replace(/\.[^.]+$/, '')),
  );
  const picked = new Set([...names, ...stemmed]);
  return all.filter((p) => picked.has(basename(p)) || picked.has(basename(p).replace(/\.[^.]+$/, ''))).slice(0, 3);
}

/** A folder named in prose ("the hooks folder", "in components"): singular and plural both count. */
export function foldersNamed(word: string, index: ProjectIndex): string[] {
  const lower = word.toLowerCase();
  const forms = new Set([lower, lower.endsWith('s') ? lower.slice(0, -1) : `${lower}s`]);
  const hits = index.folders.filter((f) => forms.has(basename(f).toLowerCase()));
  // The shallowest wins when a name repeats at several depths (src/components over src/a/components).
  const depth = (p: string): number => p.split('/').length;
  const shallowest = Math.min(...hits.map(depth));
  return hits.filter((h) => depth(h) === shallowest);
}

export function resolveSymbol(name: string, index: ProjectIndex, inFile?: string): SymbolResolution {
  let exact = index.symbols.filter((s) => s.name === name);
  if (inFile !== undefined && exact.some((s) => s.file === inFile)) exact = exact.filter((s) => s.file === inFile);
  const byFile = [...new Map(exact.map((s) => [s.file, s])).values()];
  if (byFile.length === 1) return { status: 'found', symbol: byFile[0]! };
  if (byFile.length > 1) return { status: 'ambiguous', options: byFile };
  return {
    status: 'missing',
    suggestions: closeNames(
      name,
      index.symbols.map((s) => s.name),
    ),
  };
}

/** Globs that mean "the tests": test folders of the project plus the usual test-file names. */
export function testGlobs(index: ProjectIndex): string[] {
  const folders = index.folders.filter((f) => /^(test|tests|__tests__|spec|specs|e2e)$/.test(basename(f)));
  const shallow = folders.filter((f) => !folders.some((o) => o !== f && f.startsWith(`${o}/`)));
  return [...shallow.map((f) => `${f}/**`), '**/*.test.*', '**/*.spec.*'];
}

/** The include glob for a resolved path. */
export function globFor(path: string, kind: 'file' | 'folder'): string {
  return kind === 'folder' ? `${path}/**` : path;
}
