/**
 * Packages a security bench needs at exact versions, installed from the npm registry into a temp folder
 * at bench time (`npm install --prefix`, no scripts, no save): the peers' ESLint plugins, and the real
 * packages whose code the verdicts bench judges. Nothing lands in the repository's package.json.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export interface Installed {
  dir: string;
  /** name -> the version npm installed, or undefined when the install failed. */
  versions: Map<string, string | undefined>;
  /** Why the install failed, when it did. */
  error?: string;
  load<T>(name: string): T;
  packageDir(name: string): string;
  remove(): void;
}

export function installFromNpm(specs: readonly string[]): Installed {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agentd-bench-npm-'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'agentd-bench-npm', private: true }));
  let error: string | undefined;
  try {
    execFileSync(
      'npm',
      ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', ...specs],
      { stdio: ['ignore', 'ignore', 'pipe'], timeout: 300_000 },
    );
  } catch (e) {
    error = String((e as { stderr?: Buffer }).stderr ?? e).slice(0, 500);
  }
  const versions = new Map<string, string | undefined>();
  for (const spec of specs) {
    const name = spec.replace(/(.)@[^@/]*$/, '$1');
    const manifest = path.join(dir, 'node_modules', name, 'package.json');
    versions.set(name, existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : undefined);
  }
  const req = createRequire(path.join(dir, 'package.json'));
  return {
    dir,
    versions,
    ...(error ? { error } : {}),
    load: <T>(name: string): T => req(name) as T,
    packageDir: (name: string) => path.join(dir, 'node_modules', name),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
