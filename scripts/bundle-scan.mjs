#!/usr/bin/env node
/**
 * Bundles what `agentd scan` runs (its command line, cli/commands/scan-runtime.ts, the scan it loads,
 * the analysis checks and the plugin runner) into one CommonJS script, dist/bundle/scan/scan-runtime.cjs
 * (esbuild; npm packages left as `require`s but for yargs and a few small ones: bundledPackages), then writes V8's code cache for it, dist/bundle/scan/scan-runtime.cache,
 * by running `agentd scan` over fixtures/ (cli/commands/code-cache.ts). Node's ES module loader reads,
 * resolves and compiles each of a scan's ~500 modules on its own; one script that V8 takes compiled
 * from its cache took a one-file scan from ~0.67 s (compiled modules) to ~0.29 s (docs/scan.md, Speed).
 * cli/commands/scan-bundle.ts loads it.
 *
 * What keeps the bundle equivalent to the compiled modules:
 * - `import.meta.url` in each bundled module is its compiled file's URL, worked out at run time from
 *   the bundle's own location, so the files a module finds beside itself (the addon, data, workers,
 *   runner scripts) are the same ones, wherever the package is installed.
 * - Modules the registry imports by path (the analysis checks, the plugin runner, planned.js) are
 *   provided to core/registry/module-source.ts from the bundle: importing the compiled file would load
 *   a second copy of core beside the bundle's. What a scan loads late (scan-run, each check) stays
 *   uninitialised until it is asked for, as its own ES module would.
 * - Each bundled module announces itself as it is initialised, to
 *   `globalThis.__agentdModuleInitialised` when a test has set one (test/cli/scan-start-up.test.ts
 *   records which modules a scan ran); otherwise the call is skipped.
 * cli/commands/scan-bundle.ts uses the bundle only when it was built after the last `tsc`.
 * Runs after `tsc` (npm run build, prepare, test, bench).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { asciiOnly } from './scan-bundle-ascii.mjs';
import { importSites, rewriteOutsideImports } from './scan-bundle-imports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const outdir = path.join(dist, 'bundle', 'scan');
const posix = (file) => file.split(path.sep).join('/');
const fromBundle = (file) => posix(path.relative(outdir, file));
const fromDist = (file) => posix(path.relative(dist, file));

/**
 * What a scan may import by path: the analysis checks (capabilities/analysis/*.js, core/scan's catalog),
 * capabilities/planned.js and the plugin runner. No other group's capability runs in a scan; were one
 * imported, core/registry/module-source.ts would load its compiled file.
 */
async function modulesByPath() {
  const analysis = path.join(dist, 'capabilities', 'analysis');
  const files = [path.join(dist, 'capabilities', 'planned.js'), path.join(dist, 'plugins', 'sandbox', 'bind-capability.js')];
  for (const entry of await readdir(analysis, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.js')) files.push(path.join(analysis, entry.name));
  }
  return files.sort();
}

function entrySource(byPath) {
  const provided = byPath
    .map((file) => `  [fileURLToPath(new URL(${JSON.stringify(fromBundle(file))}, base)), () => import(${JSON.stringify(file)})],`)
    .join('\n');
  return [
    `import { fileURLToPath } from 'node:url';`,
    `import { base } from 'agentd:bundle-base';`,
    `import { provideModules } from ${JSON.stringify(path.join(dist, 'core', 'registry', 'module-source.js'))};`,
    `provideModules([\n${provided}\n]);`,
    `export * from ${JSON.stringify(path.join(dist, 'cli', 'commands', 'scan-runtime.js'))};`,
    `export { runScanCommandLine } from ${JSON.stringify(path.join(dist, 'cli', 'commands', 'scan-command-line.js'))};`,
    '',
  ].join('\n');
}

/** The virtual modules: the entry, and the URL of the bundle. */
function virtualModules(entry) {
  return {
    name: 'agentd-virtual',
    setup(build) {
      build.onResolve({ filter: /^agentd:/ }, (args) => ({ path: args.path, namespace: 'agentd' }));
      build.onLoad({ filter: /.*/, namespace: 'agentd' }, (args) => {
        if (args.path === 'agentd:scan-entry') return { contents: entry, loader: 'js', resolveDir: dist };
        // The bundle's own URL (cli/commands/scan-bundle.ts runs it with its path as __filename), and
        // the URL of a file of a bundled npm package, wherever it is installed.
        return {
          contents: [
            `import { createRequire } from 'node:module';`,
            `import path from 'node:path';`,
            `import { pathToFileURL } from 'node:url';`,
            `export const base = pathToFileURL(__filename).href;`,
            // Not found from here (a copy nested elsewhere): the bundle's own URL, which only moves
            // where yargs looks for its translations.
            `export function packageFileUrl(name, inner) {`,
            `  try {`,
            `    const entry = createRequire(__filename).resolve(name);`,
            `    const marker = path.sep + path.join('node_modules', ...name.split('/')) + path.sep;`,
            `    const at = entry.lastIndexOf(marker);`,
            `    if (at !== -1) return pathToFileURL(path.join(entry.slice(0, at + marker.length), inner)).href;`,
            `  } catch {}`,
            `  return base;`,
            `}`,
            '',
          ].join('\n'),
          loader: 'js',
          resolveDir: dist,
        };
      });
    },
  };
}

/**
 * Each compiled module announces its initialisation (see the header), one that reads
 * `import.meta.url` gets its own file's URL, relative to the bundle, and its dynamic imports of what
 * is not bundled go through the loader (scan-bundle-imports.mjs).
 */
const compiledModule = {
  name: 'agentd-compiled-module',
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined; // a bundled package's: bundledPackages
      let contents = rewriteOutsideImports(await readFile(args.path, 'utf8'), fromBundle(args.path));
      if (contents.includes('import.meta.url')) {
        contents =
          `import { base as __agentd_base } from 'agentd:bundle-base';\n` +
          `var __agentd_meta_url = new URL(${JSON.stringify(fromBundle(args.path))}, __agentd_base).href;\n` +
          contents;
      }
      contents = `globalThis.__agentdModuleInitialised?.(${JSON.stringify(fromDist(args.path))});\n${contents}`;
      return { contents, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

/**
 * The command line's npm packages (yargs and what it imports) go into the bundle, so that a scan
 * started from it (cli/scan-launch.ts) compiles none of them: they come with the code cache; so do the
 * two small pure-JavaScript packages every scan loads (lru-cache for core's caches, ignore for the
 * walk's gitignore rules). Every other package stays a `require` of the installed one. A bundled package's file that reads
 * `import.meta.url` gets its installed file's URL, found at run time (packages may be hoisted).
 */
const BUNDLED_PACKAGES = new Set([
  'yargs',
  'yargs-parser',
  'cliui',
  'y18n',
  'escalade',
  'string-width',
  'strip-ansi',
  'ansi-regex',
  'wrap-ansi',
  'ansi-styles',
  'get-east-asian-width',
  'emoji-regex',
  'get-caller-file',
  'lru-cache',
  'ignore',
]);
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const bundledPackages = {
  name: 'agentd-bundled-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || !BUNDLED_PACKAGES.has(packageOf(args.path))) return { path: args.path, external: true };
      return undefined;
    });
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.(m?js|cjs)$/ }, async (args) => {
      let contents = await readFile(args.path, 'utf8');
      if (contents.includes('import.meta.url')) {
        const at = args.path.lastIndexOf(`${path.sep}node_modules${path.sep}`) + `${path.sep}node_modules${path.sep}`.length;
        const rest = args.path.slice(at).split(path.sep);
        const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
        const inner = rest.slice(name.split('/').length).join('/');
        contents =
          `import { packageFileUrl as __agentd_package_file_url } from 'agentd:bundle-base';\n` +
          `var __agentd_meta_url = __agentd_package_file_url(${JSON.stringify(name)}, ${JSON.stringify(inner)});\n` +
          contents;
      }
      return { contents, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

/**
 * string-width makes two `Intl.Segmenter`s and compiles Unicode-property regexes as it loads (~10 ms
 * each on a 2-core machine), and its modules would load with the bundle, on every scan; only help text
 * and wrapping measure widths. Each import of it gets a stand-in that loads the real module (bundled,
 * initialised on first call) when a width is first asked for.
 */
const lazyStringWidth = {
  name: 'agentd-lazy-string-width',
  setup(build) {
    build.onResolve({ filter: /^string-width$/ }, async (args) => {
      if (args.pluginData === 'real') return undefined;
      const real = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'real' });
      if (real.errors.length > 0) return { errors: real.errors };
      return { path: real.path, namespace: 'agentd-lazy-string-width' };
    });
    build.onLoad({ filter: /.*/, namespace: 'agentd-lazy-string-width' }, (args) => ({
      contents:
        `let real;\n` +
        `export default function stringWidth(string, options) {\n` +
        `  real ??= require(${JSON.stringify(args.path)}).default;\n` +
        `  return real(string, options);\n}\n`,
      loader: 'js',
      resolveDir: path.dirname(args.path),
    }));
  },
};

const byPath = await modulesByPath();
await rm(outdir, { recursive: true, force: true });
await esbuild.build({
  entryPoints: [{ in: 'agentd:scan-entry', out: 'scan-runtime' }],
  outdir,
  outExtension: { '.js': '.cjs' },
  // Every bundled module was an ES module, so strict: a CommonJS script is not unless it says so.
  banner: { js: '"use strict";' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  define: { 'import.meta.url': '__agentd_meta_url' },
  plugins: [virtualModules(entrySource(byPath)), lazyStringWidth, bundledPackages, compiledModule],
  logLevel: 'error',
  legalComments: 'none',
  absWorkingDir: root,
});
const bundled = path.join(outdir, 'scan-runtime.cjs');
await writeFile(bundled, asciiOnly(await readFile(bundled, 'utf8')));
const left = importSites(await readFile(bundled, 'utf8'));
if (left.length > 0)
  throw new Error(`bundle-scan: ${left.length} dynamic import() left in the bundle (at ${left.map((site) => site.keyword).join(', ')})`);

/**
 * The cache holds what a scan compiles, so a scan makes it: of fixtures/ (JavaScript, TypeScript, JSX,
 * every check's code paths), through the CLI itself so that V8 runs with the flags a scan sets. Without
 * fixtures/ (a copy of the package, not the repository) or when the scan fails, the bundle is left
 * without a cache and scans compile it, as they would on another Node.
 */
function writeCodeCache() {
  const fixtures = path.join(root, 'fixtures');
  if (!existsSync(fixtures)) return 'no fixtures/ to scan';
  const out = mkdtempSync(path.join(os.tmpdir(), 'agentd-code-cache-'));
  try {
    const args = ['scan', fixtures, '--checks', 'all', '--format', 'sarif', '-o', path.join(out, 'fixtures.sarif'), '--fail-on', 'none'];
    const scan = spawnSync(process.execPath, [path.join(root, 'bin', 'agentd.js'), ...args], {
      env: { ...process.env, CI: 'true', AGENTD_SCAN_CODE_CACHE_OUT: path.join(outdir, 'scan-runtime.cache') },
      encoding: 'utf8',
    });
    if (scan.status !== 0)
      return `the scan of fixtures/ ended with ${scan.status ?? scan.signal}: ${scan.stderr.trim().split('\n')[0] ?? ''}`;
    return undefined;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const unwritten = writeCodeCache();
console.log(
  unwritten
    ? `agentd: bundled the scan into dist/bundle/scan/scan-runtime.cjs; no code cache (${unwritten}): scans compile the bundle`
    : 'agentd: bundled the scan into dist/bundle/scan/scan-runtime.cjs with its V8 code cache',
);
