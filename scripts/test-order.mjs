#!/usr/bin/env node
/**
 * Prints the compiled test files npm test runs, one per line, in the order to run them:
 * `suite` — test/suite-order.json's `first` (the slowest files, so that none starts last and runs
 * alone at the end of the parallel run), then every other dist/test/**\/*.test.js in path order,
 * without the serial ones; `serial` — the files that must run in a process of their own
 * (test/README.md). A listed file that no longer exists is an error, so the lists cannot go stale.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(repo, 'dist', 'test');
const order = JSON.parse(readFileSync(path.join(repo, 'test', 'suite-order.json'), 'utf8'));
const part = process.argv[2];
if (part !== 'suite' && part !== 'serial') {
  console.error('usage: node scripts/test-order.mjs suite|serial');
  process.exit(2);
}
const rel = (list) => list.map((file) => path.posix.join('dist/test', file));
for (const file of [...order.first, ...order.serial]) {
  if (!existsSync(path.join(dist, file))) {
    console.error(`test/suite-order.json names ${file}, which is not in dist/test: rename or remove it there.`);
    process.exit(2);
  }
}
let files;
if (part === 'serial') files = rel(order.serial);
else {
  const all = readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.test.js'))
    .sort();
  const listed = new Set([...order.first, ...order.serial]);
  files = [...rel(order.first), ...rel(all.filter((file) => !listed.has(file)))];
}
process.stdout.write(`${files.join('\n')}\n`);
