/**
 * What generation.config reads besides the detected context: package.json (scripts, dependencies,
 * engines), .nvmrc / .node-version, the folders that hold sources, and which config files exist.
 */
import type { CapabilityContext } from '../../../core/index.js';

export interface PackageJson {
  name?: string;
  type?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  engines?: { node?: string };
  prettier?: unknown;
  eslintConfig?: unknown;
}

export type ConfigKind = 'tsconfig' | 'eslint' | 'prettier' | 'editorconfig' | 'ci';
export const CONFIG_KINDS: readonly ConfigKind[] = ['tsconfig', 'eslint', 'prettier', 'editorconfig', 'ci'];

export interface ProjectFacts {
  pkg: PackageJson | null;
  deps: Set<string>;
  /** Top-level folders holding .ts/.tsx/.js sources (src, test, lib…), sorted. */
  sourceFolders: string[];
  hasTypeScript: boolean;
  hasJsx: boolean;
  /** Node major version from .nvmrc/.node-version/engines, or null. */
  nodeVersion: string | null;
  /** Existing config files per kind. */
  existing: Record<ConfigKind, string[]>;
  /** The Vite/Next-style bundler setup (decides tsconfig's module resolution). */
  bundler: boolean;
}

const EXISTING: Record<ConfigKind, RegExp> = {
  tsconfig: /^tsconfig\.json$/,
  eslint: /^(eslint\.config\.[cm]?[jt]s|\.eslintrc(\.(json|ya?ml|[cm]?js))?)$/,
  prettier: /^(\.prettierrc(\.(json5?|ya?ml|toml|[cm]?[jt]s))?|prettier\.config\.[cm]?[jt]s)$/,
  editorconfig: /^\.editorconfig$/,
  ci: /^\.github\/workflows\/[^/]+\.ya?ml$/,
};

function nodeMajor(text: string | undefined): string | null {
  const match = text?.match(/(\d{2,})/);
  return match ? match[1]! : null;
}

export async function readProjectFacts(ctx: CapabilityContext): Promise<ProjectFacts> {
  const files = await ctx.workspace.list({ exclude: ['dist/**', 'build/**', 'coverage/**'] });
  const read = async (path: string): Promise<string | undefined> => (files.includes(path) ? ctx.workspace.read(path) : undefined);
  const pkgText = await read('package.json');
  let pkg: PackageJson | null;
  try {
    pkg = pkgText ? (JSON.parse(pkgText) as PackageJson) : null;
  } catch {
    pkg = null;
  }
  const deps = new Set([...Object.keys(pkg?.dependencies ?? {}), ...Object.keys(pkg?.devDependencies ?? {})]);
  const sources = files.filter((f) => /\.(?:[cm]?[jt]sx?)$/.test(f) && f.includes('/') && !/(^|\/)(\.|node_modules)/.test(f));
  const sourceFolders = [...new Set(sources.map((f) => f.split('/')[0]!))].sort();
  const existing = Object.fromEntries(CONFIG_KINDS.map((kind) => [kind, files.filter((f) => EXISTING[kind].test(f))])) as Record<
    ConfigKind,
    string[]
  >;
  if (pkg?.prettier !== undefined) existing.prettier.push('package.json#prettier');
  if (pkg?.eslintConfig !== undefined) existing.eslint.push('package.json#eslintConfig');
  const nodeVersion = nodeMajor(await read('.nvmrc')) ?? nodeMajor(await read('.node-version')) ?? nodeMajor(pkg?.engines?.node);
  return {
    pkg,
    deps,
    sourceFolders,
    hasTypeScript: files.some((f) => /\.[cm]?tsx?$/.test(f)),
    hasJsx: files.some((f) => /\.[jt]sx$/.test(f)),
    nodeVersion,
    existing,
    bundler: deps.has('vite') || deps.has('next') || files.some((f) => /^vite\.config\.[cm]?[jt]s$/.test(f)),
  };
}
