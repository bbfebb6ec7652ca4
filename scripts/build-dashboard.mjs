#!/usr/bin/env node
/**
 * Builds the web dashboard (dashboard/ -> dist/ui): type-checks it against the daemon's own API types
 * (dashboard/tsconfig.json; a route or record change that breaks the page fails here), bundles it with
 * esbuild into one minified ES module, and copies the page and styles. Offline: nothing is fetched.
 * Run by `npm run build`, `prepare` (so `npm ci` on a clean clone produces it) and `npm test`.
 */
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'dashboard');
const out = path.join(root, 'dist', 'ui');

execFileSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(source, 'tsconfig.json')], {
  stdio: 'inherit',
});
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [path.join(source, 'src', 'main.tsx')],
  outfile: path.join(out, 'app.js'),
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  platform: 'browser',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  legalComments: 'none',
  logLevel: 'warning',
});
for (const file of ['index.html', 'style.css']) copyFileSync(path.join(source, file), path.join(out, file));
const script = readFileSync(path.join(out, 'app.js'));
console.log(
  `agentd: dashboard built into dist/ui (app.js ${(script.length / 1024).toFixed(1)} KB, ${(gzipSync(script).length / 1024).toFixed(1)} KB gzip)`,
);
