/**
 * cli/commands/code-cache.ts: a CommonJS script run with V8's code cache. Each run is a child process
 * (its own V8, as each `agentd scan` is), over a script of the test's own; and the scan bundle's cache
 * a user's scans keep when the one the package ships does not serve their Node (scan-bundle.ts).
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanEnv } from './support/agentd-process.js';
import { SIMPLE, makeProject, tempDir } from '../core/scan/sample-project.js';

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
  cacheFile?: string;
  value: { answer: number; file: string; dir: string; platform: boolean; beside: string };
}

/** Runs `script` with the first cache of `caches` made for it, in a child; `save` writes `caches[0]` after the run. */
function run(script: string, caches: string | string[], save = false): Ran {
  const files = typeof caches === 'string' ? [caches] : caches;
  const program =
    `import { runCachedScript } from ${JSON.stringify(LOADER)};\n` +
    `const loaded = runCachedScript(${JSON.stringify(script)}, () => ${JSON.stringify(files)});\n` +
    `const value = await loaded.exports.value();\n` +
    (save ? `loaded.saveCache(${JSON.stringify(files[0])});\n` : '') +
    `console.log(JSON.stringify({ state: loaded.cache, cacheFile: loaded.cacheFile, value }));\n`;
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
    expect(run(script, cache)).to.deep.equal({ state: 'used', cacheFile: cache, value: EXPECTED(path.dirname(script)) });
  });

  it('takes the first cache made for the script, passing over one made for another', () => {
    const { script, cache } = project();
    run(script, cache, true);
    const other = path.join(path.dirname(script), 'other.cache');
    writeFileSync(other, `${'0'.repeat(64)}not a cache`);
    expect(run(script, [other, cache])).to.deep.include({ state: 'used', cacheFile: cache });
    expect(run(script, [other])).to.deep.include({ state: 'stale' });
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

/** A copy of the built package (no build info, as published) whose shipped cache was made for another Node. */
function packageWithForeignCache(): string {
  const repo = fileURLToPath(new URL('../../../', import.meta.url));
  const copy = tempDir('agentd-package-');
  cpSync(path.join(repo, 'dist'), path.join(copy, 'dist'), {
    recursive: true,
    filter: (from) => !/[/\\]dist[/\\](test|bench)([/\\]|$)|\.tsbuildinfo$/.test(from),
  });
  cpSync(path.join(repo, 'bin'), path.join(copy, 'bin'), { recursive: true });
  cpSync(path.join(repo, 'package.json'), path.join(copy, 'package.json'));
  for (const linked of ['node_modules', 'build']) symlinkSync(path.join(repo, linked), path.join(copy, linked));
  const shipped = path.join(copy, 'dist', 'bundle', 'scan', 'scan-runtime.cache');
  writeFileSync(shipped, Buffer.concat([Buffer.from('f'.repeat(64)), readFileSync(shipped).subarray(64)]));
  return copy;
}

describe('agentd scan on a Node its shipped code cache was not made for', function () {
  this.timeout(120_000);

  it('compiles the bundle once, keeps a cache in ~/.agentd/code-cache/ and starts from it next time; not in CI', () => {
    const pkg = packageWithForeignCache();
    const root = makeProject({ 'src/add.ts': SIMPLE });
    const home = tempDir();
    const scan = (extra: Record<string, string> = {}): string => {
      const result = spawnSync(process.execPath, [path.join(pkg, 'bin', 'agentd.js'), 'scan', root, '--verbose'], {
        env: cleanEnv({ HOME: home, ...extra }),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status, result.stderr).to.equal(0);
      return /code from (.*)/.exec(result.stderr)?.[1] ?? '';
    };
    const kept = path.join(home, '.agentd', 'code-cache');
    expect(scan({ CI: 'true' })).to.match(/its V8 code cache made for another build or Node \(compiled instead\)$/);
    expect(existsSync(kept), 'nothing kept in CI').to.equal(false);
    expect(scan({ AGENTD_SCAN_CODE_CACHE: '0' })).to.match(/compiled instead\)$/);
    expect(existsSync(kept), 'nothing kept when turned off').to.equal(false);
    expect(scan()).to.match(/compiled instead\)$/);
    const files = readdirSync(kept);
    expect(files).to.have.length(1);
    expect(files[0]).to.match(/^scan-runtime-[0-9a-f]{16}\.cache$/);
    expect(scan()).to.equal(
      `the scan bundle (${path.join(pkg, 'dist', 'bundle', 'scan', 'scan-runtime.cjs')}), its V8 code cache used (${path.join(kept, files[0]!)})`,
    );
    expect(scan({ AGENTD_SCAN_CODE_CACHE: '0' }), 'turned off, the kept cache is not read either').to.match(/compiled instead\)$/);
    // A new agentd or Node keeps its own cache in place of the old one.
    writeFileSync(path.join(kept, 'scan-runtime-0123456789abcdef.cache'), "an earlier version's cache");
    rmSync(path.join(kept, files[0]!));
    scan();
    expect(readdirSync(kept)).to.deep.equal(files);
    rmSync(kept, { recursive: true });
    // A home it cannot write to: the scan still succeeds, and compiles again next time.
    mkdirSync(path.join(home, '.agentd'), { recursive: true });
    writeFileSync(kept, 'a file where the folder would be');
    expect(scan()).to.match(/compiled instead\)$/);
    expect(scan()).to.match(/compiled instead\)$/);
  });
});
