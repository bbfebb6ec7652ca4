/**
 * smells/unused-export and modules loaded by path: a runner importing every file of its folder through a
 * computed import(), a plugin folder, Worker and Piscina scripts, Node loader hooks. Their exports are read
 * by name at run time, so none is reported; exports of ordinary modules beside them still are.
 */
import { expect } from 'chai';
import { runOnFiles } from '../../support/sample-runs.js';
import { where } from '../../support/sample-runs.js';

const PROJECT: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'loads', type: 'module' }),
  // agentd's own bench/run-all.ts, trimmed: the file name comes from readdir.
  'bench/run-all.ts': [
    "import { readdir } from 'node:fs/promises';",
    "import { fileURLToPath, pathToFileURL } from 'node:url';",
    "import path from 'node:path';",
    'const here = path.dirname(fileURLToPath(import.meta.url));',
    "for (const file of (await readdir(here)).filter((f) => f.endsWith('.js') && f !== 'run-all.js')) {",
    '  const mod = (await import(pathToFileURL(path.join(here, file)).href)) as { run?: () => Promise<void> };',
    '  await mod.run?.();',
    '}',
    '',
  ].join('\n'),
  'bench/alpha.ts': "export async function run(): Promise<void> {\n  console.log('alpha');\n}\nexport const LABEL = 'alpha';\n",
  // A plugin per format: `*` is one path segment, so the folder's subfolders are not loaded.
  'src/plugins/load-format.ts':
    'export async function loadFormat(name: string): Promise<unknown> {\n  return import(`./formats/${name}.js`);\n}\n',
  'src/plugins/formats/csv.ts':
    "export const extension = '.csv';\nexport function format(rows: string[][]): string {\n  return rows.map((r) => r.join(',')).join('\\n');\n}\n",
  'src/plugins/formats/shared/quote.ts': 'export function quote(s: string): string {\n  return `"${s}"`;\n}\n',
  // Worker and Piscina scripts, named relative to the module.
  'src/pool.ts': [
    "import { Worker } from 'node:worker_threads';",
    "import Piscina from 'piscina';",
    "export const pool = new Piscina({ filename: new URL('./hash-task.js', import.meta.url).href });",
    "export const thumbnails = new Worker(new URL('./thumbnail-worker.js', import.meta.url));",
    '',
  ].join('\n'),
  'src/hash-task.ts': "export default function hash(input: string): string {\n  return input;\n}\nexport const name = 'hash';\n",
  'src/thumbnail-worker.ts': 'export function handle(size: number): number {\n  return size;\n}\n',
  // Ordinary modules: what nothing imports is still reported, and a message template loads nothing.
  'src/main.ts':
    "import { pool, thumbnails } from './pool.js';\nimport { used } from './lib.js';\nimport { loadFormat } from './plugins/load-format.js';\nconsole.log(pool, thumbnails, used(), await loadFormat('csv'), `./reports/${process.argv[2]}.js`);\n",
  'src/lib.ts': 'export function used(): number {\n  return 1;\n}\nexport function neverImported(): number {\n  return 2;\n}\n',
  'src/reports/weekly.ts': 'export function weekly(): string {\n  return "weekly";\n}\n',
};

describe('capabilities/analysis/smells: unused exports of modules loaded by path', function () {
  this.timeout(60_000);

  it('reports no export of a dynamically loaded module, and still reports the others', async () => {
    const result = await runOnFiles('analysis.smells', PROJECT);
    const unused = where(result, 'smells/unused-export').sort();
    expect(unused).to.deep.equal(['src/lib.ts:4', 'src/plugins/formats/shared/quote.ts:1', 'src/reports/weekly.ts:1']);
  });
});
