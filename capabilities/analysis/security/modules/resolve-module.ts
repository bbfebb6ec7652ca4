/**
 * Resolving a relative module specifier to one of the scanned files, as Node and TypeScript do for the
 * simple cases: the exact path, an added extension, `.js` written for a `.ts` source, `index` files.
 * Bare specifiers (packages) and tsconfig `paths` are not resolved: only relative imports are followed.
 */
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts'];
const TS_FOR_JS: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };

export class ModuleResolver {
  private readonly known = new Map<string, string | null>();

  constructor(private readonly files: ReadonlySet<string>) {}

  resolve(importer: string, specifier: string): string | null {
    if (!specifier.startsWith('.')) return null;
    const key = `${importer}\0${specifier}`;
    const cached = this.known.get(key);
    if (cached !== undefined) return cached;
    const resolved = this.lookup(path.posix.normalize(path.posix.join(path.posix.dirname(importer), specifier)));
    this.known.set(key, resolved);
    return resolved;
  }

  private lookup(base: string): string | null {
    if (base.startsWith('..')) return null;
    const ext = path.posix.extname(base);
    const candidates = [base, ...EXTENSIONS.map((e) => base + e)];
    for (const ts of TS_FOR_JS[ext] ?? []) candidates.push(base.slice(0, -ext.length) + ts);
    candidates.push(...EXTENSIONS.map((e) => path.posix.join(base, `index${e}`)));
    return candidates.find((c) => this.files.has(c)) ?? null;
  }
}
