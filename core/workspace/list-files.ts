/**
 * Walks a root the way `git ls-files --others --cached` would see it: .gitignore files (root and
 * nested, negations included) are honoured, node_modules and .git are always skipped, and so are files
 * a capability could not read anyway (over 100 KB, or with a well-known binary extension). The walk
 * remembers what it left out for a reason a user should hear — a file over 100 KB, a folder it was not
 * allowed to read — so analyses can list those as skipped instead of silently missing them.
 */
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { ListOptions } from '../contracts/index.js';
import { isInside } from './confine-path.js';
import { statSignature } from './read-cache.js';
import { MAX_FILE_BYTES, tooLarge, unreadable } from './text-file.js';

// `.agentd` is agentd's own state under workspace.path (job scratch folders, apply journals), never project code.
const ALWAYS_SKIPPED = new Set(['node_modules', '.git', '.agentd']);

/**
 * What users write FOR agentd inside a project's root `.agentd/`: generator template overrides and
 * scaffold folders. They are walked, but listed only when the include globs name `.agentd/` itself
 * (generation.scaffold does): they are templates, not the project's code, so analyses never see them.
 */
const USER_AGENTD_FOLDERS = new Set(['templates', 'scaffolds']);

function skippedEntry(dirRel: string, name: string): boolean {
  if (dirRel === '.agentd') return !USER_AGENTD_FOLDERS.has(name);
  if (name === '.agentd') return dirRel !== '';
  return ALWAYS_SKIPPED.has(name);
}

const isUserAgentdPath = (rel: string): boolean => rel.startsWith('.agentd/') && USER_AGENTD_FOLDERS.has(rel.split('/')[1] ?? '');

const BINARY_EXTENSIONS = new Set(
  (
    '.png .jpg .jpeg .gif .webp .ico .bmp .tiff .avif .pdf .zip .gz .tgz .bz2 .xz .7z .rar .jar .war ' +
    '.woff .woff2 .ttf .otf .eot .mp3 .mp4 .wav .ogg .webm .mov .avi .exe .dll .so .dylib .node .wasm ' +
    '.class .o .a .bin .dat .db .sqlite .lockb .psd'
  ).split(' '),
);

interface IgnoreLevel {
  /** POSIX dir of the .gitignore, relative to the root ('' for the root). */
  base: string;
  rules: Ignore;
}

/** Later levels (deeper .gitignore files) override earlier ones, as in git. */
function isIgnored(levels: IgnoreLevel[], rel: string, isDir: boolean): boolean {
  let ignored = false;
  for (const level of levels) {
    const local = level.base === '' ? rel : rel.slice(level.base.length + 1);
    const result = level.rules.test(isDir ? `${local}/` : local);
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}

// Synchronous on purpose, as in confine-path.ts: a walk stats every file, and each async fs call is a
// round trip through libuv's small thread pool that costs far more than the stat itself (measured on
// 632 files: ~25-45 ms per list() async, a few ms sync), and every analysis of a scan lists once.
function levelsFor(dirAbs: string, dirRel: string, parent: IgnoreLevel[]): IgnoreLevel[] {
  try {
    const text = readFileSync(join(dirAbs, '.gitignore'), 'utf8');
    return [...parent, { base: dirRel, rules: ignore().add(text) }];
  } catch {
    return parent;
  }
}

interface EntryKind {
  kind: 'file' | 'dir' | 'skip';
  size: number;
  /** A file's stat signature (read-cache.ts), so a read right after the walk need not stat it again. */
  signature?: string;
}

const SKIP: EntryKind = { kind: 'skip', size: 0 };

/** What kind of entry a directory entry is once symlinks are followed (inside the root only). */
function entryKind(abs: string, isLink: boolean, realRoot: string): EntryKind {
  try {
    if (isLink) {
      if (!isInside(realRoot, realpathSync.native(abs))) return SKIP;
    }
    const info = statSync(abs, { bigint: true });
    // Symlinked directories are not followed: they could form cycles.
    if (info.isDirectory()) return isLink ? SKIP : { kind: 'dir', size: 0 };
    // A symlinked file gets no signature: reading it goes through confinement again (overlay-workspace.ts).
    if (!info.isFile()) return SKIP;
    return isLink ? { kind: 'file', size: Number(info.size) } : { kind: 'file', size: Number(info.size), signature: statSignature(info) };
  } catch {
    return SKIP;
  }
}

/** Why the walk left a file or folder out (a folder's path ends with "/"). */
export interface Refusal {
  code: string;
  message: string;
}

/** The files of a walk (path -> stat signature, undefined for a symlinked file), and what it left out. */
export class WalkResult extends Map<string, string | undefined> {
  readonly refused = new Map<string, Refusal>();
}

function readEntries(dirAbs: string, dirRel: string, out: WalkResult): import('node:fs').Dirent[] {
  try {
    return readdirSync(dirAbs, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Gone since its parent was read, or not a folder after all: nothing to report.
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      const refusal = unreadable(dirRel === '' ? '.' : dirRel, error, 'Folder');
      out.refused.set(`${dirRel}/`, { code: refusal.code, message: refusal.message });
    }
    return [];
  }
}

function refuseTooLarge(rel: string, size: number, out: WalkResult): void {
  const error = tooLarge(rel, size);
  out.refused.set(rel, { code: error.code, message: error.message });
}

function walk(realRoot: string, dirRel: string, parentLevels: IgnoreLevel[], out: WalkResult): void {
  const dirAbs = dirRel === '' ? realRoot : join(realRoot, dirRel);
  const levels = levelsFor(dirAbs, dirRel, parentLevels);
  const subdirs: string[] = [];
  for (const entry of readEntries(dirAbs, dirRel, out)) {
    if (skippedEntry(dirRel, entry.name)) continue;
    const rel = dirRel === '' ? entry.name : `${dirRel}/${entry.name}`;
    const needsStat = entry.isSymbolicLink() || entry.isFile();
    const { kind, size, signature } = needsStat
      ? entryKind(join(dirAbs, entry.name), entry.isSymbolicLink(), realRoot)
      : { kind: entry.isDirectory() ? ('dir' as const) : ('skip' as const), size: 0 };
    if (kind === 'skip' || isIgnored(levels, rel, kind === 'dir')) continue;
    if (kind === 'dir') subdirs.push(rel);
    else if (BINARY_EXTENSIONS.has(extname(rel).toLowerCase())) continue;
    else if (size <= MAX_FILE_BYTES) out.set(rel, signature);
    else refuseTooLarge(rel, size, out);
  }
  for (const sub of subdirs) walk(realRoot, sub, levels, out);
}

/** A walk's files (POSIX paths relative to the root) with their stat signatures (undefined: a symlinked file), and its refusals. */
export type WalkedFiles = ReadonlyMap<string, string | undefined> & { readonly refused?: ReadonlyMap<string, Refusal> };

/** Walks a real root; a workspace view calls it on every list(). */
export type RootWalker = (realRoot: string) => WalkedFiles;

/**
 * A walker that walks each root once and hands every later caller the same result: the checks of one
 * scan list the project as it was when the first of them listed it, instead of each walking and
 * statting every file again (a scan of ten checks walked the tree thirteen times).
 */
export function walkOnce(): RootWalker {
  const walks = new Map<string, WalkedFiles>();
  return (realRoot) => {
    let walked = walks.get(realRoot);
    if (!walked) {
      walked = walkTextFilesWithSignatures(realRoot);
      walks.set(realRoot, walked);
    }
    return walked;
  };
}

/**
 * Every readable text file under the root, before list filters, with the stat signature of each regular
 * one (undefined for a symlinked file). Each was confined when walked: reached through real directories
 * only, and a symlinked file only when its real path is inside the root.
 */
export function walkTextFilesWithSignatures(realRoot: string): WalkResult {
  const out = new WalkResult();
  walk(realRoot, '', [], out);
  return out;
}

/** Every readable text file under the root, as sorted POSIX paths, before list filters. */
export async function walkTextFiles(realRoot: string): Promise<string[]> {
  return [...walkTextFilesWithSignatures(realRoot).keys()].sort();
}

/** The root-level ignore rules, for overlay files that exist on no walked path yet. */
export async function rootIgnoreRules(realRoot: string): Promise<(rel: string) => boolean> {
  const levels = levelsFor(realRoot, '', []);
  return (rel) => (!isUserAgentdPath(rel) && rel.split('/').some((part) => ALWAYS_SKIPPED.has(part))) || isIgnored(levels, rel, false);
}

const matchers = new Map<string, Ignore>();
const MAX_MATCHERS = 64;

/**
 * One gitignore matcher per list of patterns, kept for the process: an Ignore compiles each pattern
 * and remembers every path it was asked about, and the checks of a scan (and its reviews of findings)
 * ask the same lists about the same paths again and again.
 */
export function sharedIgnore(patterns: readonly string[]): Ignore {
  const key = patterns.join('\n');
  let matcher = matchers.get(key);
  if (!matcher) {
    if (matchers.size >= MAX_MATCHERS) matchers.delete(matchers.keys().next().value!);
    matcher = ignore().add([...patterns]);
    matchers.set(key, matcher);
  }
  return matcher;
}

/** Builds the include/exclude/extension predicate of `ListOptions`. */
export function listFilter(options: ListOptions = {}): (rel: string) => boolean {
  const include = options.include?.length ? sharedIgnore(options.include) : null;
  const exclude = options.exclude?.length ? sharedIgnore(options.exclude) : null;
  const extensions = options.extensions?.length
    ? new Set(options.extensions.map((ext) => (ext.startsWith('.') ? ext : `.${ext}`).toLowerCase()))
    : null;
  const namesAgentd = options.include?.some((pattern) => pattern.replace(/^\/+/, '').startsWith('.agentd/')) ?? false;
  return (rel) => {
    if (!namesAgentd && rel.startsWith('.agentd/')) return false;
    if (extensions && !extensions.has(extname(rel).toLowerCase())) return false;
    if (include && !include.ignores(rel)) return false;
    return !(exclude && exclude.ignores(rel));
  };
}
