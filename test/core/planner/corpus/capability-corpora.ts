/**
 * The planning cases built capabilities keep next to their planning data:
 * `capabilities/<group>/<name>/planning-corpus.json` (an array of CorpusCase), read from the source tree.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CorpusCase } from './corpus-case.js';

// Compiled to dist/test/core/planner/corpus/: the repository is five levels up.
const CAPABILITIES = fileURLToPath(new URL('../../../../../capabilities/', import.meta.url));

function collect(): CorpusCase[] {
  const cases: CorpusCase[] = [];
  for (const group of readdirSync(CAPABILITIES, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const folder of readdirSync(path.join(CAPABILITIES, group.name), { withFileTypes: true }).filter((d) => d.isDirectory())) {
      const file = path.join(CAPABILITIES, group.name, folder.name, 'planning-corpus.json');
      if (existsSync(file)) cases.push(...(JSON.parse(readFileSync(file, 'utf8')) as CorpusCase[]));
    }
  }
  return cases;
}

export const CAPABILITY_CASES: CorpusCase[] = collect();
