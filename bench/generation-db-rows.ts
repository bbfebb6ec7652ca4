/** What the database generation benches (generation-db, generation-orm) share: result rows, fixture copies, a spec's columns. */
import { cp, mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { normaliseModel } from '../capabilities/generation/db-schema/model-spec.js';
import { repo } from '../test/capabilities/generation/db-proof/project.js';
import type { BenchSpec } from './generation-db-specs.js';

export interface Row {
  target: string;
  total: number;
  counts: Record<string, number>;
  failures: string[];
}

/** A row of `total` specs with a zero count per key. */
export const row = (target: string, total: number, keys: string[]): Row => ({
  target,
  total,
  counts: Object.fromEntries(keys.map((k) => [k, 0])),
  failures: [],
});

/** fixtures/generation/<fixture> copied to <base>/<label>, agentd's node_modules linked in. */
export async function copy(base: string, fixture: string, label: string): Promise<string> {
  const root = path.join(base, label);
  await mkdir(root, { recursive: true });
  await cp(path.join(repo, 'fixtures', 'generation', fixture), root, { recursive: true });
  await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

/** The expected columns of a spec's table (the generator's normalised names). */
export const columnsOf = (spec: BenchSpec): string[] => normaliseModel(spec).columns.map((c) => c.column);

/** The rows as shares per key (the first failures under each) and each capability's run times. */
export function printRows(rows: Row[], timings: Record<string, number[]>, pad: number): void {
  for (const r of rows) {
    const shares = Object.entries(r.counts)
      .map(([k, v]) => `${k} ${((100 * v) / r.total).toFixed(0)}% (${v}/${r.total})`)
      .join(', ');
    console.log(`  ${r.target.padEnd(pad)} ${shares}`);
    for (const failure of r.failures.slice(0, 5)) console.log(`      ✗ ${failure}`);
  }
  for (const [capability, times] of Object.entries(timings)) {
    const sorted = [...times].sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
    console.log(
      `  ${capability}: ${times.length} runs, mean ${mean.toFixed(1)} ms, median ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(1)} ms`,
    );
  }
}
