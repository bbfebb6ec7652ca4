/**
 * Module hooks of the example runner (run-examples.ts), registered in its child process. An example
 * imports `agentd-example:<n>/<public specifier>`: the specifier resolves to the entry module the
 * examples are about (the sources, not a build that may be missing or stale) tagged `?agentd-example=<n>`,
 * and every workspace module it imports carries the same tag — so each example gets its own instances
 * of the package's modules and no example sees state another left (a plugin enabled, a cache filled).
 * Dependencies under node_modules are shared. TypeScript modules load as the JavaScript the capability
 * transpiled them to (the child never loads the compiler). A relative `./x.js` that does not exist
 * resolves to `./x.ts` (NodeNext style), an extensionless one to `x.ts`, `x.tsx` or `x/index.ts`.
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
let root = '/';

export function initialize(data: { modules: Record<string, string>; transpiled: Record<string, string>; root: string }): void {
  modules = data.modules;
  transpiled = data.transpiled;
  root = data.root.endsWith('/') ? data.root : `${data.root}/`;
}

const TS_FILE = /\.(ts|tsx|mts)$/;
const TAGGED = /^agentd-example:(\d+)\/(.+)$/;

function tsAlternative(specifier: string, parentURL: string): string | null {
  if (!specifier.startsWith('.') || !parentURL.startsWith('file:')) return null;
  const base = fileURLToPath(new URL(specifier, parentURL));
  const candidates = /\.[cm]?js$/.test(base)
    ? [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base.replace(/\.mjs$/, '.mts')]
    : [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}.js`, `${base}/index.js`];
  const found = candidates.find((c) => c !== base && existsSync(c));
  return found ? pathToFileURL(found).href : null;
}

function tag(url: string, example: string | null): string {
  if (!example || !url.startsWith('file:')) return url;
  const file = fileURLToPath(url);
  if (!file.startsWith(root) || file.includes('/node_modules/')) return url;
  const plain = url.replace(/[?#].*$/, '');
  return `${plain}?agentd-example=${example}`;
}

export async function resolve(
  specifier: string,
  context: ResolveContext,
  next: NextResolve,
): Promise<{ url: string; shortCircuit?: boolean }> {
  const tagged = TAGGED.exec(specifier);
  if (tagged) {
    const file = modules[tagged[2]!];
    if (!file) throw new Error(`${tagged[2]}: no entry module the examples can load (a declaration file only?)`);
    return { url: tag(pathToFileURL(file).href, tagged[1]!), shortCircuit: true };
  }
  const example = context.parentURL ? new URL(context.parentURL).searchParams.get('agentd-example') : null;
  try {
    const resolved = await next(specifier, context);
    return { ...resolved, url: tag(resolved.url, example) };
  } catch (error) {
    const alternative = context.parentURL ? tsAlternative(specifier, context.parentURL) : null;
    if (alternative) return { url: tag(alternative, example), shortCircuit: true };
    throw error;
  }
}

export async function load(
  url: string,
  context: { format?: string | null },
  next: NextLoad,
): Promise<{ format: string; source?: string | Buffer | null; shortCircuit?: boolean }> {
  if (!url.startsWith('file:') || !TS_FILE.test(url.replace(/[?#].*$/, ''))) return next(url, context);
  const source = transpiled[fileURLToPath(url)];
  if (source === undefined) throw new Error(`${fileURLToPath(url)}: a TypeScript module the examples' program did not include`);
  return { format: 'module', source, shortCircuit: true };
}
