/**
 * The code base the scan benchmark runs every tool over: the .js files of ESLint's lib and of
 * typescript-eslint's dist folders, copied into one temp folder so agentd, ESLint and jscpd see exactly
 * the same files. Files over 100 KB are left out (agentd's workspace refuses them; none of ESLint's are).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export interface Corpus {
  root: string;
  sources: string[];
  files: number;
  lines: number;
}

const MAX_BYTES = 100 * 1024;

function packageDir(name: string): string | undefined {
  try {
    return path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
  } catch {
    return undefined;
  }
}

function jsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jsFiles(full));
    else if (/\.(c|m)?js$/.test(entry.name) && statSync(full).size <= MAX_BYTES) out.push(full);
  }
  return out;
}

export function buildCorpus(): Corpus {
  const candidates: [string, string | undefined][] = [
    ['eslint-lib', packageDir('eslint') && path.join(packageDir('eslint')!, 'lib')],
    ['typescript-eslint', packageDir('typescript-eslint') && path.join(packageDir('typescript-eslint')!, 'dist')],
    [
      'typescript-eslint-plugin',
      packageDir('@typescript-eslint/eslint-plugin') && path.join(packageDir('@typescript-eslint/eslint-plugin')!, 'dist'),
    ],
  ];
  const root = mkdtempSync(path.join(os.tmpdir(), 'agentd-scan-bench-'));
  const sources: string[] = [];
  let files = 0;
  let lines = 0;
  for (const [label, dir] of candidates) {
    if (!dir) continue;
    sources.push(dir);
    for (const file of jsFiles(dir)) {
      const target = path.join(root, label, path.relative(dir, file));
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(file, target);
      files += 1;
      lines += readFileSync(file, 'utf8').split('\n').length;
    }
  }
  return { root, sources, files, lines };
}
