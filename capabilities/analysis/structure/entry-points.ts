/**
 * Which files are entry points, so that nothing importing them is expected (the orphan-file
 * heuristics, documented in docs/structure.md through the rule text):
 * - named by package.json: main, module, browser, types, bin, exports (every path in it; a subpath
 *   pattern's folder), and any file path a script mentions;
 * - loaded by path from another file: `./x` literals, `new URL('x.js', import.meta.url)`, paths joined
 *   onto the module's own folder (dynamic-loads.ts);
 * - named by an HTML file's <script src>;
 * - index.*, main.* and server.* files (folder, app and service entries: `node src/server.js` is how a
 *   service starts, and nothing imports it);
 * - tests and their setup: *.test.*, *.spec.*, *.setup.*, setupTests.*, anything under test/, tests/,
 *   __tests__/, __mocks__/, spec/, e2e/, cypress/, playwright/;
 * - configuration: *.config.*, *rc.*, dot-files, every source file at the workspace root;
 * - tools' folders: bin/, scripts/, migrations/, seeds/, fixtures/, examples/, docs/, public/, static/,
 *   .storybook/, and *.stories.*, *.worker.*, declaration files;
 * - framework routes: in a Next.js project every file under app/ or pages/, and middleware.* and
 *   instrumentation.*; routes/ folders of file-system routers (Remix, SvelteKit, TanStack).
 */
import path from 'node:path/posix';
import { ModuleResolver } from '../import-graph/module-resolver.js';

const TEST_OR_TOOL_DIR =
  /(^|\/)(test|tests|__tests__|__mocks__|spec|e2e|cypress|playwright|bin|scripts|migrations|seeds|fixtures|examples|docs|public|static|\.storybook|routes)\//;
const CONVENTIONAL_NAME =
  /(^|\/)(index|main|server|setupTests|middleware|instrumentation)\.[^/]+$|\.(test|spec|setup|config|stories|story|worker|d)\.[^/]+$|rc\.[cm]?[jt]s$|(^|\/)\.[^/]+$/;

export interface EntryPointFacts {
  packageJson: unknown;
  /** Contents of the workspace's HTML files. */
  html: { file: string; content: string }[];
  nextProject: boolean;
}

export function isConventionalEntry(file: string, nextProject: boolean): boolean {
  if (!file.includes('/')) return true;
  if (TEST_OR_TOOL_DIR.test(file) || CONVENTIONAL_NAME.test(file)) return true;
  return nextProject && /(^|\/)(src\/)?(app|pages)\//.test(file);
}

/** Strings anywhere in a JSON value (package.json `exports` nests conditions). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/**
 * Folders that package.json `exports` subpath patterns expose (`./dist/plugins/*.js` → `dist/plugins/`),
 * with the same folder under src/ when the pattern names compiled output (dist/, lib/, build/, out/).
 */
export function declaredFolders(facts: EntryPointFacts): string[] {
  const pkg = (facts.packageJson ?? {}) as Record<string, unknown>;
  const folders = new Set<string>();
  for (const pattern of strings([pkg.exports, pkg.bin, pkg.main]).filter((s) => s.includes('*'))) {
    const head = path.normalize(pattern.slice(0, pattern.indexOf('*'))).replace(/^\.\/?/, '');
    const folder = head.endsWith('/') || head === '' ? head : path.dirname(head) === '.' ? '' : `${path.dirname(head)}/`;
    folders.add(folder);
    const compiled = /^(dist|lib|build|out)\//.exec(folder);
    if (compiled) folders.add(`src/${folder.slice(compiled[0].length)}`);
  }
  return [...folders];
}

/** Files named by package.json fields and scripts, and by HTML script tags. */
export function declaredEntries(facts: EntryPointFacts, resolver: ModuleResolver): Set<string> {
  const pkg = (facts.packageJson ?? {}) as Record<string, unknown>;
  const candidates = strings([pkg.main, pkg.module, pkg.browser, pkg.types, pkg.typings, pkg.bin, pkg.exports]);
  for (const script of strings(pkg.scripts))
    candidates.push(...script.split(/[\s"'=]+/).filter((t) => /[./]/.test(t) && !t.startsWith('-')));
  const out = new Set<string>();
  for (const candidate of candidates) {
    // A subpath pattern (`"./plugins/*": "./dist/plugins/*.js"`) exposes a folder: see declaredFolders.
    if (candidate.includes('*')) continue;
    const found = resolver.resolve('package.json', candidate.startsWith('.') || candidate.startsWith('/') ? candidate : `./${candidate}`);
    if (found) out.add(found);
    // A compiled entry (dist/index.js) stands for its source (src/index.ts): keep the base name's twins.
    else out.add(`\0${path.basename(candidate).replace(/\.[^.]+$/, '')}`);
  }
  for (const { file, content } of facts.html) {
    for (const match of content.matchAll(/<script[^>]*\ssrc=["']([^"']+)["']/gi)) {
      const found = resolver.resolve(file, match[1]!.startsWith('/') ? match[1]! : `./${match[1]}`);
      if (found) out.add(found);
    }
  }
  return out;
}
