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
