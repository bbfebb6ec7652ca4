/**
 * The capabilities planned but not built yet: `<root>/planned.js` of each capability root (see
 * capabilities/planned.ts), exporting `PLANNED` metas with planning data and no input schema. The
 * planner shows their steps unavailable ("not built yet"); a registered capability with the same id wins.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { CapabilityMeta } from '../contracts/index.js';
import { importByPath } from './module-source.js';

export async function loadPlanned(roots: string[]): Promise<CapabilityMeta[]> {
  const planned: CapabilityMeta[] = [];
  for (const root of roots) {
    const file = path.join(path.resolve(root), 'planned.js');
    try {
      await access(file);
    } catch {
      continue;
    }
    const exports = (await importByPath(file)) as { PLANNED?: CapabilityMeta[] };
    planned.push(...(exports.PLANNED ?? []));
  }
  return planned;
}
