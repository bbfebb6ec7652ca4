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
  /**
   * Answers by importing folder and specifier: the files of a folder import the same neighbours, and
   * a relative specifier means the same file from anywhere in its folder (an alias from anywhere).
   */
  private readonly answers = new Map<string, string | null>();

  constructor(
    private readonly files: ReadonlySet<string>,
    private readonly aliases: PathAliases | null = null,
  ) {}

  /** The workspace file `specifier` means when imported from `fromFile`, or null. */
  resolve(fromFile: string, specifier: string): string | null {
    const relative = isRelative(specifier.split(/[?#]/)[0]!);
    const key = relative ? `${path.dirname(fromFile)}\0${specifier}` : `\0${specifier}`;
    let answer = this.answers.get(key);
    if (answer === undefined) {
      answer = this.resolveUncached(fromFile, specifier);
      this.answers.set(key, answer);
    }
    return answer;
  }

  private resolveUncached(fromFile: string, specifier: string): string | null {
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

  /** The first existing of: base, base with its emitted extension swapped for a source one, base + an extension, base/index + an extension. */
  private resolvePath(base: string): string | null {
    if (base.startsWith('..')) return null;
    const files = this.files;
    if (files.has(base)) return base;
    const ext = path.extname(base);
    for (const replacement of EMITTED_TO_SOURCE[ext] ?? []) {
      const candidate = base.slice(0, -ext.length) + replacement;
      if (files.has(candidate)) return candidate;
    }
    for (const extension of TRY_EXTENSIONS) if (files.has(base + extension)) return base + extension;
    // Made as they are tried: most imports resolve before any index file is asked for.
    for (const extension of TRY_EXTENSIONS) {
      const candidate = path.join(base, `index${extension}`);
      if (files.has(candidate)) return candidate;
    }
    return null;
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
