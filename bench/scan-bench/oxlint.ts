/**
 * oxlint (Rust, oxc's parser; the fastest JavaScript linter) as the scan benchmark's reference for raw
 * parse-and-walk speed. Installed at bench time from npm into a cache folder under the temp dir (never
 * a dependency of agentd: its per-platform binary packages would enter the lock file), at a pinned
 * version, and run with its defaults (the `correctness` rules, one thread per core) over the corpus.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const OXLINT_VERSION = '1.94.0';

/** The oxlint launcher, installing it first if needed; a reason string when it cannot be had. */
export function oxlintBin(): { bin: string } | { reason: string } {
  const folder = path.join(os.tmpdir(), `agentd-bench-oxlint-${OXLINT_VERSION}`);
  const bin = path.join(folder, 'node_modules', 'oxlint', 'bin', 'oxlint');
  if (existsSync(bin)) return { bin };
  try {
    mkdirSync(folder, { recursive: true });
    execFileSync('npm', ['install', '--prefix', folder, '--no-audit', '--no-fund', '--no-save', `oxlint@${OXLINT_VERSION}`], {
      stdio: 'pipe',
    });
  } catch (error) {
    return {
      reason: `npm install oxlint@${OXLINT_VERSION} failed: ${String((error as { stderr?: Buffer }).stderr ?? error).split('\n')[0]}`,
    };
  }
  return existsSync(bin) ? { bin } : { reason: `oxlint@${OXLINT_VERSION} installed without ${bin}` };
}

/** "Found 12 warnings and 0 errors." -> "12 warnings, 0 errors" (oxlint's own summary line). */
export function oxlintResult(stdout: string): string {
  const match = /Found (\d+) warnings? and (\d+) errors?/.exec(stdout);
  const files = /on (\d+) files/.exec(stdout);
  return match ? `${match[1]} warnings, ${match[2]} errors${files ? ` in ${files[1]} files` : ''}` : 'no summary printed';
}
