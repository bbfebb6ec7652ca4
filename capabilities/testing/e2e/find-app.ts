/**
 * How testing.e2e serves the project's pages, read from its files (no project code runs here):
 * - `script`: a package.json `start`/`dev`/`serve`/`preview` script that is one plain `node <file>`
 *   invocation, in a project whose code reads `process.env.PORT` (so the tests can choose a free port);
 * - `static`: else a folder of HTML files (public/, dist/, build/, www/, site/, static/ or the root,
 *   the first with an index.html), served as files by a small static server written into the test.
 * And where the crawl starts: `/`, the HTML files of the folder the app serves statically
 * (`express.static('public')`, `serveStatic(...)`, `@fastify/static`'s `root`), and the GET routes
 * declared with a literal path (`app.get('/tasks', …)`; the probe keeps those answering HTML).
 */
import path from 'node:path';

export type ServerSpec = { kind: 'script'; script: string; entry: string; args: string[] } | { kind: 'static'; dir: string };

export interface AppPlan {
  server: ServerSpec | null;
  /** Why no server could be chosen (each candidate's reason). */
  reasons: string[];
  seeds: string[];
  /** Where each seed came from (summary and data). */
  seedSources: Record<string, string>;
}

export interface AppFiles {
  /** package.json's scripts, or null without one. */
  scripts: Record<string, string> | null;
  /** Workspace-relative paths of every file considered (sources and HTML). */
  files: string[];
  read(file: string): Promise<string>;
}

const SCRIPT_NAMES = ['start', 'dev', 'serve', 'preview'];
const STATIC_DIRS = ['public', 'dist', 'build', 'www', 'site', 'static', '.'];
const SHELL = /&&|\|\||[|;<>$`]/;
const STATIC_CALL = /(?:express\.static|serveStatic|serve-static|sirv)\(\s*(?:path\.(?:join|resolve)\(([^)]*)\)|['"]([^'"]+)['"])/g;
const FASTIFY_ROOT = /root:\s*path\.(?:join|resolve)\(([^)]*)\)|root:\s*['"]([^'"]+)['"]/g;
const GET_ROUTE = /\.get\(\s*(['"`])(\/[^'"`]*)\1/g;

/** The last string literal of a path.join(...) argument list: `path.join(here, '..', 'public')` → public. */
function folderOf(joinArgs: string | undefined, literal: string | undefined): string | null {
  if (literal) return literal.replace(/^\.\//, '').replace(/\/$/, '');
  const strings = [...(joinArgs ?? '').matchAll(/['"]([^'"]+)['"]/g)].map((m) => m[1]!).filter((s) => s !== '..' && s !== '.');
  return strings.length > 0 ? strings[strings.length - 1]!.replace(/^\.\//, '').replace(/\/$/, '') : null;
}

function pageUrl(dir: string, file: string): string {
  const rel = dir === '.' ? file : path.posix.relative(dir, file);
  if (rel === 'index.html') return '/';
  if (rel.endsWith('/index.html')) return `/${rel.slice(0, -'index.html'.length)}`;
  return `/${rel}`;
}

/** `node src/server.js` (flags before the file dropped) → the entry and its arguments; anything else → null. */
function nodeInvocation(script: string): { entry: string; args: string[] } | null {
  if (SHELL.test(script)) return null;
  const words = script.trim().split(/\s+/);
  if (words[0] !== 'node') return null;
  let i = 1;
  while (i < words.length && words[i]!.startsWith('-')) i += 1;
  const entry = words[i];
  if (!entry || !/\.[cm]?js$/.test(entry)) return null;
  return { entry: entry.replace(/^\.\//, ''), args: words.slice(i + 1) };
}

export async function planApp(input: AppFiles): Promise<AppPlan> {
  const reasons: string[] = [];
  const sources = input.files.filter((f) => /\.[cm]?js$/.test(f));
  const html = input.files.filter((f) => f.endsWith('.html'));
  const texts = new Map<string, string>();
  for (const f of sources) texts.set(f, await input.read(f));
  const readsPort = [...texts.values()].some((t) => /process\.env(?:\.PORT\b|\[['"]PORT['"]\])/.test(t));

  let server: ServerSpec | null = null;
  for (const name of SCRIPT_NAMES) {
    const script = input.scripts?.[name];
    if (!script) continue;
    const call = nodeInvocation(script);
    if (!call) reasons.push(`the "${name}" script (${script}) is not one plain "node <file>" invocation`);
    else if (!input.files.includes(call.entry)) reasons.push(`the "${name}" script starts ${call.entry}, which does not exist`);
    else if (!readsPort) reasons.push(`the "${name}" script's server does not read process.env.PORT, so no free port can be given to it`);
    else {
      server = { kind: 'script', script: name, ...call };
      break;
    }
  }

  const staticDirs: string[] = [];
  for (const text of texts.values()) {
    for (const m of text.matchAll(STATIC_CALL)) {
      const dir = folderOf(m[1], m[2]);
      if (dir) staticDirs.push(dir);
    }
    if (/@fastify\/static/.test(text))
      for (const m of text.matchAll(FASTIFY_ROOT)) {
        const dir = folderOf(m[1], m[2]);
        if (dir) staticDirs.push(dir);
      }
  }
  if (!server) {
    const dir = STATIC_DIRS.find((d) => html.includes(d === '.' ? 'index.html' : `${d}/index.html`));
    if (dir) {
      server = { kind: 'static', dir };
      staticDirs.unshift(dir);
    } else
      reasons.push(`no folder with an index.html (looked in ${STATIC_DIRS.map((d) => (d === '.' ? 'the root' : `${d}/`)).join(', ')})`);
  }

  const seedSources: Record<string, string> = { '/': 'the root' };
  for (const dir of [...new Set(staticDirs)]) {
    for (const file of html.filter((f) => (dir === '.' ? !f.includes('/') : f.startsWith(`${dir}/`))).sort()) {
      seedSources[pageUrl(dir, file)] ??= file;
    }
  }
  if (server?.kind === 'script')
    for (const [file, text] of texts)
      for (const m of text.matchAll(GET_ROUTE)) if (!/[:*?(]/.test(m[2]!)) seedSources[m[2]!] ??= `GET route in ${file}`;
  return { server, reasons, seeds: Object.keys(seedSources), seedSources };
}
