#!/usr/bin/env node
/**
 * Bundles what `agentd scan` runs (cli/commands/scan-runtime.ts, the scan it loads, every capability
 * module and the plugin runner) into dist/bundle/scan/: one entry, scan-runtime.js, and the chunks it
 * and its dynamic imports share (esbuild, ES modules, code splitting, npm packages left as imports).
 * Node's ES module loader reads, resolves and compiles each of a scan's ~500 modules on its own; a
 * bundle of a few dozen files took a one-file scan from ~0.67 s to ~0.51 s (docs/scan.md, Speed).
 *
 * What keeps the bundle equivalent to the compiled modules:
 * - `import.meta.url` in each bundled module is its compiled file's URL, worked out at run time from
 *   the chunk's own location, so the files a module finds beside itself (the addon, data, workers,
 *   runner scripts) are the same ones, wherever the package is installed.
 * - Modules the registry imports by path (every capability module, the plugin runner, planned.js) are
 *   provided to core/registry/module-source.ts as the bundle's own chunks: importing the compiled file
 *   would load a second copy of core beside the bundle's.
 * - dist/bundle/scan/inputs.json lists the compiled modules in each chunk (test/cli/scan-start-up.test.ts
 *   reads it to see which modules a scan loaded).
 * cli/commands/scan-bundle.ts uses the bundle only when it was built after the last `tsc`.
 * Runs after `tsc` (npm run build, prepare, test, bench).
 */
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const outdir = path.join(dist, 'bundle', 'scan');
const posix = (file) => file.split(path.sep).join('/');
const fromBundle = (file) => posix(path.relative(outdir, file));

/** What the registry may import by path: capabilities/<group>/*.js, capabilities/planned.js, the plugin runner. */
async function modulesByPath() {
  const capabilities = path.join(dist, 'capabilities');
  const files = [path.join(capabilities, 'planned.js'), path.join(dist, 'plugins', 'sandbox', 'bind-capability.js')];
  for (const group of await readdir(capabilities, { withFileTypes: true })) {
    if (!group.isDirectory()) continue;
    for (const entry of await readdir(path.join(capabilities, group.name), { withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.js')) files.push(path.join(capabilities, group.name, entry.name));
    }
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
    '',
  ].join('\n');
}

/** The virtual modules: the entry, and the URL of the bundle's folder (every chunk is written there). */
function virtualModules(entry) {
  return {
    name: 'agentd-virtual',
    setup(build) {
      build.onResolve({ filter: /^agentd:/ }, (args) => ({ path: args.path, namespace: 'agentd' }));
      build.onLoad({ filter: /.*/, namespace: 'agentd' }, (args) => {
        if (args.path === 'agentd:scan-entry') return { contents: entry, loader: 'js', resolveDir: dist };
        // `import.meta.url` is defined away below; read through a binding so this one stays the chunk's own.
        return { contents: 'const meta = import.meta;\nexport const base = meta.url;\n', loader: 'js' };
      });
    },
  };
}

/** Each compiled module that reads `import.meta.url` gets its own file's URL, relative to the chunk it lands in. */
const ownUrl = {
  name: 'agentd-own-url',
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, async (args) => {
      let contents = await readFile(args.path, 'utf8');
      if (contents.includes('import.meta.url')) {
        contents =
          `import { base as __agentd_base } from 'agentd:bundle-base';\n` +
          `var __agentd_meta_url = new URL(${JSON.stringify(fromBundle(args.path))}, __agentd_base).href;\n` +
          contents;
      }
      return { contents, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

const byPath = await modulesByPath();
await rm(outdir, { recursive: true, force: true });
const result = await esbuild.build({
  entryPoints: [{ in: 'agentd:scan-entry', out: 'scan-runtime' }],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  define: { 'import.meta.url': '__agentd_meta_url' },
  plugins: [virtualModules(entrySource(byPath)), ownUrl],
  metafile: true,
  logLevel: 'error',
  legalComments: 'none',
  absWorkingDir: root,
});
const inputs = {};
for (const [output, info] of Object.entries(result.metafile.outputs)) {
  inputs[path.basename(output)] = Object.keys(info.inputs)
    .filter((input) => !input.startsWith('agentd:'))
    .map((input) => posix(path.relative(dist, path.resolve(root, input))))
    .sort();
}
await writeFile(path.join(outdir, 'inputs.json'), `${JSON.stringify(inputs, null, 1)}\n`);
console.log(`agentd: bundled the scan into ${Object.keys(inputs).length} files under dist/bundle/scan/`);
