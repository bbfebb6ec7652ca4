/** The daemon's version: package.json's, found by walking up from this module (src or dist layout). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | null = null;

export function daemonVersion(): string {
  if (cached !== null) return cached;
  let folder = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'agentd' && typeof pkg.version === 'string') return (cached = pkg.version);
    } catch {
      // no package.json at this level: keep walking up
    }
    const parent = path.dirname(folder);
    if (parent === folder) return (cached = '0.0.0');
    folder = parent;
  }
}
