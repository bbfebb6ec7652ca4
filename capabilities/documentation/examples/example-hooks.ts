/**
 * Module hooks of the example runner (run-examples.ts), registered in its child process: the package's
 * public specifiers (`@fixtures/toolkit`, `@fixtures/toolkit/text`) resolve to the entry modules the
 * examples are about — the sources, not a build that may be missing or stale — and TypeScript modules
 * load as the JavaScript the capability transpiled them to (ts.transpileModule in the parent: types
 * dropped, nothing checked; the child never loads the compiler). A relative `./x.js`
 * that does not exist resolves to `./x.ts` (NodeNext style), and an extensionless one to `x.ts`,
 * `x.tsx` or `x/index.ts` (bundler style).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface ResolveContext {
  parentURL?: string;
  conditions: string[];
}
type NextResolve = (specifier: string, context: ResolveContext) => Promise<{ url: string; format?: string | null }>;
type NextLoad = (url: string, context: { format?: string | null }) => Promise<{ format: string; source?: string | Buffer | null }>;

let modules: Record<string, string> = {};
let transpiled: Record<string, string> = {};

export function initialize(data: { modules: Record<string, string>; transpiled: Record<string, string> }): void {
  modules = data.modules;
  transpiled = data.transpiled;
}

const TS_FILE = /\.(ts|tsx|mts)$/;

function tsAlternative(specifier: string, parentURL: string): string | null {
  if (!specifier.startsWith('.') || !parentURL.startsWith('file:')) return null;
  const base = fileURLToPath(new URL(specifier, parentURL));
  const candidates = /\.[cm]?js$/.test(base)
    ? [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base.replace(/\.mjs$/, '.mts')]
    : [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}.js`, `${base}/index.js`];
  const found = candidates.find((c) => c !== base && existsSync(c));
  return found ? pathToFileURL(found).href : null;
}

export async function resolve(
  specifier: string,
  context: ResolveContext,
  next: NextResolve,
): Promise<{ url: string; shortCircuit?: boolean }> {
  const mapped = modules[specifier];
  if (mapped) return { url: pathToFileURL(mapped).href, shortCircuit: true };
  try {
    return await next(specifier, context);
  } catch (error) {
    const alternative = context.parentURL ? tsAlternative(specifier, context.parentURL) : null;
    if (alternative) return { url: alternative, shortCircuit: true };
    throw error;
  }
}

export async function load(
  url: string,
  context: { format?: string | null },
  next: NextLoad,
): Promise<{ format: string; source?: string | Buffer | null; shortCircuit?: boolean }> {
  if (!url.startsWith('file:') || !TS_FILE.test(url)) return next(url, context);
  const source = transpiled[fileURLToPath(url)];
  if (source === undefined) throw new Error(`${fileURLToPath(url)}: a TypeScript module the examples' program did not include`);
  return { format: 'module', source, shortCircuit: true };
}
