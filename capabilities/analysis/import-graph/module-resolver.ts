/**
 * Resolves an import specifier to a workspace file the way TypeScript's bundler/node16 resolution
 * does for the common cases: relative paths with or without an extension, `.js` written for a `.ts`
 * source (ESM TypeScript), directory index files, and tsconfig `paths` (with `baseUrl`), one `*` per
 * pattern as TypeScript allows. `extends` chains and package.json `exports` of local workspaces are
 * not followed (documented in docs: an import they would resolve stays unresolved).
 */
import path from 'node:path/posix';
import { isRelative } from './package-name.js';

import { SOURCE_EXTENSIONS } from '../../../core/index.js';

export { SOURCE_EXTENSIONS };
const TRY_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'];
/** ESM TypeScript imports the emitted name: `./a.js` means `./a.ts`. */
const EMITTED_TO_SOURCE: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.d.ts'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts', '.d.mts'],
  '.cjs': ['.cts', '.d.cts'],
};

export interface PathAliases {
  /** POSIX dir, relative to the root, that `paths` targets are relative to. */
  baseDir: string;
  patterns: { prefix: string; suffix: string; wildcard: boolean; targets: string[] }[];
}

export class ModuleResolver {
  constructor(
    private readonly files: ReadonlySet<string>,
    private readonly aliases: PathAliases | null = null,
  ) {}

  /** The workspace file `specifier` means when imported from `fromFile`, or null. */
  resolve(fromFile: string, specifier: string): string | null {
    const clean = specifier.split(/[?#]/)[0]!;
    if (isRelative(clean)) {
      const base = clean.startsWith('/') ? clean.slice(1) : path.join(path.dirname(fromFile), clean);
      return this.resolvePath(path.normalize(base));
    }
    return this.resolveAlias(clean);
  }

  /** True when a tsconfig `paths` pattern claims the specifier (so it is not a package). */
  isAlias(specifier: string): boolean {
    return this.aliases?.patterns.some((p) => matchPattern(p, specifier) !== null) ?? false;
  }

  private resolveAlias(specifier: string): string | null {
    if (!this.aliases) return null;
    for (const pattern of this.aliases.patterns) {
      const star = matchPattern(pattern, specifier);
      if (star === null) continue;
      for (const target of pattern.targets) {
        const found = this.resolvePath(path.normalize(path.join(this.aliases.baseDir, target.replace('*', star))));
        if (found) return found;
      }
    }
    return null;
  }

  private resolvePath(base: string): string | null {
    if (base.startsWith('..')) return null;
    const candidates = [base];
    const ext = path.extname(base);
    for (const replacement of EMITTED_TO_SOURCE[ext] ?? []) candidates.push(base.slice(0, -ext.length) + replacement);
    for (const extension of TRY_EXTENSIONS) candidates.push(base + extension);
    for (const extension of TRY_EXTENSIONS) candidates.push(path.join(base, `index${extension}`));
    return candidates.find((c) => this.files.has(c)) ?? null;
  }
}

function matchPattern(pattern: PathAliases['patterns'][number], specifier: string): string | null {
  if (!pattern.wildcard) return specifier === pattern.prefix ? '' : null;
  if (!specifier.startsWith(pattern.prefix) || !specifier.endsWith(pattern.suffix)) return null;
  if (specifier.length < pattern.prefix.length + pattern.suffix.length) return null;
  return specifier.slice(pattern.prefix.length, specifier.length - pattern.suffix.length);
}

/** Reads `compilerOptions.baseUrl` and `paths` of a parsed tsconfig at `tsconfigPath`. */
export function aliasesFromTsconfig(tsconfigPath: string, tsconfig: unknown): PathAliases | null {
  const options = (tsconfig as { compilerOptions?: { baseUrl?: unknown; paths?: unknown } } | null)?.compilerOptions;
  const paths = options?.paths;
  if (!paths || typeof paths !== 'object') return null;
  const configDir = path.dirname(tsconfigPath);
  const baseDir = path.normalize(path.join(configDir, typeof options.baseUrl === 'string' ? options.baseUrl : '.'));
  const patterns = Object.entries(paths as Record<string, unknown>)
    .filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].every((t) => typeof t === 'string'))
    .map(([key, targets]) => {
      const star = key.indexOf('*');
      return star === -1
        ? { prefix: key, suffix: '', wildcard: false, targets }
        : { prefix: key.slice(0, star), suffix: key.slice(star + 1), wildcard: true, targets };
    })
    // Longest prefix first, as TypeScript picks the most specific pattern.
    .sort((a, b) => b.prefix.length - a.prefix.length);
  return { baseDir: baseDir === '.' ? '' : baseDir, patterns };
}
