/** What project detection looks at: the root's entries, package.json and the list of text files. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { walkTextFiles, type RootWalker } from '../workspace/list-files.js';
import { realRoot } from '../workspace/confine-path.js';

export interface PackageJson {
  name?: string;
  type?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  packageManager?: string;
  prettier?: unknown;
  eslintConfig?: unknown;
  [key: string]: unknown;
}

export interface ProjectFiles {
  root: string;
  /** Names directly in the root (files and folders). */
  rootEntries: Set<string>;
  packageJson: PackageJson | null;
  /** Every dependency name of package.json (all dependency kinds). */
  deps: Set<string>;
  /** Text files, POSIX paths relative to the root (.gitignore honoured, node_modules skipped). */
  files: string[];
  /** Reads a root-relative text file, or null. */
  read(rel: string): Promise<string | null>;
}

async function readOrNull(abs: string): Promise<string | null> {
  try {
    return await readFile(abs, 'utf8');
  } catch {
    return null;
  }
}

function parsePackageJson(text: string | null): PackageJson | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as PackageJson) : null;
  } catch {
    return null;
  }
}

/** `walk`: a walk of the root shared with the caller's other work (a scan's); default: a walk of its own. */
export async function loadProjectFiles(root: string, walk?: RootWalker): Promise<ProjectFiles> {
  const base = await realRoot(root);
  const [entries, files, pkgText] = await Promise.all([
    readdir(base).catch(() => [] as string[]),
    walk ? [...walk(base).keys()].sort() : walkTextFiles(base),
    readOrNull(join(base, 'package.json')),
  ]);
  const packageJson = parsePackageJson(pkgText);
  const deps = new Set<string>();
  for (const kind of ['dependencies', 'devDependencies', 'peerDependencies'] as const) {
    for (const name of Object.keys(packageJson?.[kind] ?? {})) deps.add(name);
  }
  return {
    root: base,
    rootEntries: new Set(entries),
    packageJson,
    deps,
    files,
    read: (rel) => readOrNull(join(base, ...rel.split('/'))),
  };
}

/** The first of `names` present in the root, or null. */
export function firstRootEntry(files: ProjectFiles, names: readonly string[]): string | null {
  return names.find((name) => files.rootEntries.has(name)) ?? null;
}

export function hasAnyDep(files: ProjectFiles, names: readonly string[]): boolean {
  return names.some((name) => files.deps.has(name));
}
