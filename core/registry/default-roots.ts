/** Where the first-party capabilities live once compiled: dist/capabilities, next to dist/core. */
import { fileURLToPath } from 'node:url';

export function defaultRoots(): string[] {
  // This file compiles to dist/core/registry/default-roots.js.
  return [fileURLToPath(new URL('../../capabilities/', import.meta.url)).replace(/[\\/]$/, '')];
}
