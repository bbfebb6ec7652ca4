#!/usr/bin/env node
/**
 * Compiles agentd's flat-tree addon (native/flat-tree.c plus the tree-sitter runtime the tree-sitter
 * package vendors) into build/flat-tree.node with the system C compiler. Run by `npm install`/`npm ci`.
 *
 * The addon is an accelerator, not a requirement: when no compiler or no Node headers are found, or
 * the compile fails, this prints why and exits 0, and agentd parses through the tree-sitter binding
 * alone (slower: see core/parsing/README.md).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = path.join(root, 'build', 'flat-tree.node');

function nodeHeaders() {
  const candidates = [
    process.env.npm_config_nodedir && path.join(process.env.npm_config_nodedir, 'include', 'node'),
    path.join(path.dirname(process.execPath), '..', 'include', 'node'),
    '/usr/include/node',
    '/usr/local/include/node',
  ].filter(Boolean);
  return candidates.find((dir) => existsSync(path.join(dir, 'node_api.h')));
}

function treeSitterRuntime() {
  try {
    const dir = path.dirname(createRequire(path.join(root, 'package.json')).resolve('tree-sitter/package.json'));
    const lib = path.join(dir, 'vendor', 'tree-sitter', 'lib');
    return existsSync(path.join(lib, 'src', 'lib.c')) ? lib : undefined;
  } catch {
    return undefined;
  }
}

function skip(reason) {
  console.warn(
    `agentd: the flat-tree parser addon was not built (${reason}); agentd will parse through the tree-sitter binding alone, which is slower.`,
  );
  process.exit(0);
}

if (process.env.AGENTD_SKIP_NATIVE === '1') skip('AGENTD_SKIP_NATIVE=1');
const headers = nodeHeaders();
if (!headers) skip('no Node.js headers (node_api.h) found; set npm_config_nodedir');
const runtime = treeSitterRuntime();
if (!runtime) skip('the tree-sitter package has no vendored runtime sources');
const compiler = process.env.CC || 'cc';
mkdirSync(path.dirname(output), { recursive: true });
try {
  execFileSync(
    compiler,
    [
      '-O3',
      '-std=gnu11',
      '-pthread',
      '-shared',
      '-fPIC',
      '-fvisibility=hidden',
      // Never unmapped: a worker thread's exit dlcloses the addon while a parse thread of its queue may
      // still be returning through this library's code (a SIGSEGV at an unmapped address). GNU/LLVM ELF
      // linkers only; macOS's ld has no -z.
      ...(process.platform === 'darwin' ? [] : ['-Wl,-z,nodelete']),
      '-I',
      headers,
      '-I',
      path.join(runtime, 'include'),
      '-I',
      path.join(runtime, 'src'),
      path.join(root, 'native', 'flat-tree.c'),
      path.join(root, 'native', 'flat-tokens.c'),
      path.join(root, 'native', 'flat-metrics.c'),
      path.join(root, 'native', 'clone-search.c'),
      path.join(runtime, 'src', 'lib.c'),
      '-o',
      output,
    ],
    { stdio: 'inherit' },
  );
} catch (error) {
  skip(`${compiler} failed: ${error.message}`);
}
console.log(`agentd: built ${path.relative(root, output)}`);
