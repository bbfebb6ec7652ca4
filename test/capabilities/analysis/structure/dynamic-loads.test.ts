/**
 * structure/orphan-file and files loaded without an import: workers named by URL or by a path joined onto
 * the module's folder, plugin folders imported one by one, package.json subpath patterns. A small real
 * project holds each way once plus one true orphan; agentd's own bench runner is checked as it is on disk.
 */
import { expect } from 'chai';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dynamicLoads } from '../../../../capabilities/analysis/structure/dynamic-loads.js';
import { unitOf } from '../../../../core/index.js';
import { parseSource } from '../../../../core/parsing/index.js';
import { runOnFiles } from '../../support/sample-runs.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

const orphansOf = async (files: Record<string, string>): Promise<string[]> =>
  ((await runOnFiles('analysis.structure', files, {})).findings ?? [])
    .filter((f) => f.ruleId === 'structure/orphan-file')
    .map((f) => f.file)
    .sort();

const loadsOf = (file: string, source: string): string[] => dynamicLoads(unitOf(parseSource(file, source)).root, source).sort();

const PROJECT: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'loader-app',
    type: 'module',
    main: './dist/app.js',
    exports: { '.': './dist/app.js', './plugins/*': './dist/plugins/*.js' },
  }),
  'src/app.ts':
    "import { startPool } from './pool.js';\nimport { second } from './second.js';\nimport { loadTasks } from './tasks.js';\nimport { runChild } from './spawn.js';\nimport { format } from './formatters.js';\nexport const main = () => [startPool(), second(), loadTasks(), runChild(), format('json')];\n",
  // Piscina's filename, built the way TypeScript's CommonJS output writes it.
  'src/pool.ts':
    "import Piscina from 'piscina';\nimport { resolve } from 'node:path';\nexport const startPool = () => new Piscina({ filename: resolve(__dirname, 'workers/hash-worker.js') });\n",
  'src/workers/hash-worker.ts': 'export default (s: string) => s.length;\n',
  // A bare relative URL (no ./) and a string concatenation onto __dirname.
  'src/second.ts':
    "import { Worker } from 'node:worker_threads';\nexport const second = () => [new Worker(new URL('compute.js', import.meta.url)), new Worker(__dirname + '/threads/io.js')];\n",
  'src/compute.ts': 'export const compute = 1;\n',
  'src/threads/io.ts': 'export const io = 1;\n',
  // Every file of a folder, listed and imported one by one.
  'src/tasks.ts':
    "import { readdir } from 'node:fs/promises';\nimport path from 'node:path';\nimport { fileURLToPath, pathToFileURL } from 'node:url';\nconst here = path.dirname(fileURLToPath(import.meta.url));\nexport async function loadTasks() {\n  for (const file of await readdir(path.join(here, 'tasks'))) await import(pathToFileURL(path.join(here, 'tasks', file)).href);\n}\n",
  'src/tasks/clean.ts': 'export const run = () => 1;\n',
  'src/tasks/deploy.ts': 'export const run = () => 2;\n',
  // A child process script named by joined literal segments.
  'src/spawn.ts':
    "import { fork } from 'node:child_process';\nimport path from 'node:path';\nexport const runChild = () => fork(path.join(import.meta.dirname, 'child', 'run.js'));\n",
  'src/child/run.ts': 'process.send?.(1);\n',
  // A computed path stored in a variable, then imported.
  'src/formatters.ts':
    "import path from 'node:path';\nexport async function format(name: string) {\n  const file = path.resolve(__dirname, 'formats', `${name}.js`);\n  return (await import(file)).default;\n}\n",
  'src/formats/json.ts': 'export default JSON.stringify;\n',
  // Exposed through the package.json subpath pattern (dist/plugins/*.js stands for src/plugins/).
  'src/plugins/audit.ts': 'export const plugin = 1;\n',
  // A path joined onto the module folder but only read as data, not loaded: it names no code, and the
  // file below is a real orphan.
  'src/read-config.ts':
    "import { readFileSync } from 'node:fs';\nimport path from 'node:path';\nexport const config = (name: string) => readFileSync(path.join(__dirname, 'conf', name), 'utf8');\n",
  'src/conf/legacy.ts': 'export const legacy = true;\n',
};

describe('capabilities/analysis/structure dynamic loads', () => {
  it('takes workers, child scripts, plugin folders and package subpath patterns as loaded, and still finds the true orphans', async () => {
    // read-config.ts is imported by nothing either; conf/legacy.ts is only ever read as a path segment.
    expect(await orphansOf(PROJECT)).to.deep.equal(['src/conf/legacy.ts', 'src/read-config.ts']);
  });

  it('without the loaders, the same files are orphans (the fixture exercises each way)', async () => {
    const files: Record<string, string> = {
      ...PROJECT,
      'src/app.ts': 'export const main = () => 0;\n',
      'package.json': JSON.stringify({ name: 'loader-app', main: './dist/app.js' }),
    };
    for (const loader of ['src/pool.ts', 'src/second.ts', 'src/tasks.ts', 'src/spawn.ts', 'src/formatters.ts'])
      files[loader] = 'export {};\n';
    const orphans = await orphansOf(files);
    for (const loaded of [
      'src/workers/hash-worker.ts',
      'src/compute.ts',
      'src/threads/io.ts',
      'src/tasks/clean.ts',
      'src/child/run.ts',
      'src/formats/json.ts',
      'src/plugins/audit.ts',
    ]) {
      expect(orphans, loaded).to.include(loaded);
    }
  });

  it('lists the paths each form names', () => {
    expect(
      loadsOf(
        'src/pool.js',
        "const { resolve } = require('path');\nnew Piscina({ filename: (0, node_path_1.resolve)(__dirname, 'worker.js') });\n",
      ),
    ).to.deep.equal(['./worker.js']);
    expect(
      loadsOf(
        'src/a.ts',
        "const dir = path.dirname(fileURLToPath(import.meta.url));\nexport const w = () => spawn(process.execPath, [path.join(dir, '..', 'bin', `${name}.js`)]);\n",
      ),
    ).to.deep.equal(['../bin/*']);
    expect(
      loadsOf('src/a.ts', 'const u = `${__dirname}/w.js`;\nconst v = new URL("https://example.test/x.js", import.meta.url);\n'),
    ).to.deep.equal(['./w.js']);
    // A computed path that is only read, never loaded, names nothing.
    expect(loadsOf('src/a.ts', 'export const read = (n: string) => readFileSync(path.join(__dirname, n));\n')).to.deep.equal([]);
  });

  it("recognises agentd's own bench runner and its child scripts", async () => {
    const bench = readdirSync(path.join(REPO, 'bench'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `bench/${f}`);
    const children = readdirSync(path.join(REPO, 'bench/scan-bench')).map((f) => `bench/scan-bench/${f}`);
    const files: Record<string, string> = {
      'package.json': JSON.stringify({ name: 'agentd', scripts: { bench: 'tsc && node dist/bench/run-all.js' } }),
    };
    for (const f of [...bench, ...children]) files[f] = readFileSync(path.join(REPO, f), 'utf8');
    expect(bench.length).to.be.above(3);
    expect(await orphansOf(files)).to.deep.equal([]);
  });
});
