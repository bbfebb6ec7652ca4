/**
 * cli/commands/code-cache.ts: a CommonJS script run with V8's code cache. Each run is a child process
 * (its own V8, as each `agentd scan` is), over a script of the test's own.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../core/scan/sample-project.js';

const LOADER = new URL('../../cli/commands/code-cache.js', import.meta.url).href;

/**
 * Uses `require`, `__filename`, `__dirname` and dynamic imports — of a package and of a module beside
 * it — as the scan bundle does (through `__agentd_import`, as scripts/scan-bundle-imports.mjs rewrites them).
 */
const SCRIPT = `const path = require('node:path');
exports.value = async () => ({
  answer: 40 + 2,
  file: path.basename(__filename),
  dir: path.basename(__dirname),
  platform: (await __agentd_import('.', 'node:os')).platform() === require('node:os').platform(),
  beside: (await __agentd_import('./lib/', '../beside.mjs')).name,
});
`;

interface Ran {
  state: string;
  value: { answer: number; file: string; dir: string; platform: boolean; beside: string };
}

/** Runs `script` with `cache` in a child; `save` writes the cache after the run. */
function run(script: string, cache: string, save = false): Ran {
  const program =
    `import { runCachedScript } from ${JSON.stringify(LOADER)};\n` +
    `const loaded = runCachedScript(${JSON.stringify(script)}, ${JSON.stringify(cache)});\n` +
    `const value = await loaded.exports.value();\n` +
    (save ? `loaded.saveCache(${JSON.stringify(cache)});\n` : '') +
    `console.log(JSON.stringify({ state: loaded.cache, value }));\n`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' });
  expect(child.status, child.stderr).to.equal(0);
  return JSON.parse(child.stdout) as Ran;
}

function project(): { script: string; cache: string } {
  const dir = tempDir();
  const script = path.join(dir, 'bundle.cjs');
  writeFileSync(script, SCRIPT);
  writeFileSync(path.join(dir, 'beside.mjs'), "export const name = 'beside';\n");
  return { script, cache: path.join(dir, 'bundle.cache') };
}

const EXPECTED = (dir: string): Ran['value'] => ({
  answer: 42,
  file: 'bundle.cjs',
  dir: path.basename(dir),
  platform: true,
  beside: 'beside',
});

describe('a script run with V8 code cache', function () {
  this.timeout(60_000);

  it('runs as a CommonJS module without a cache, and from the cache a run wrote, dynamic imports included', () => {
    const { script, cache } = project();
    expect(run(script, cache, true)).to.deep.equal({ state: 'absent', value: EXPECTED(path.dirname(script)) });
    expect(readFileSync(cache).length).to.be.greaterThan(64);
    expect(run(script, cache)).to.deep.equal({ state: 'used', value: EXPECTED(path.dirname(script)) });
  });

  it('does not offer the cache of another script of the same length (V8 checks only the length)', () => {
    const { script, cache } = project();
    run(script, cache, true);
    const edited = SCRIPT.replace('40 + 2', '40 + 3');
    expect(edited.length).to.equal(SCRIPT.length);
    writeFileSync(script, edited);
    const ran = run(script, cache);
    expect(ran.state).to.equal('stale');
    expect(ran.value.answer).to.equal(43);
  });

  it('compiles the script when V8 rejects the cache it was offered', () => {
    const { script, cache } = project();
    run(script, cache, true);
    const stored = readFileSync(cache);
    // Our key (64 characters) stays; V8's own header after it does not.
    stored.fill(0xff, 64, 96);
    writeFileSync(cache, stored);
    expect(run(script, cache)).to.deep.equal({ state: 'rejected', value: EXPECTED(path.dirname(script)) });
  });
});
