/**
 * What `agentd scan` loads: a one-shot scan pays for every module it imports, so modules only some
 * runs need stay out of its graph. TypeScript's compiler (~9 MB, read by Node's CommonJS lexer when
 * imported from ES modules) cost ~0.8 s of CPU per scan when core's public surface imported it for a
 * mocha-configuration reader; the plugin manifest reader loads only when plugins are configured.
 * A module-resolution hook records every module the real CLI resolves during a scan; with the scan
 * bundle (scripts/bundle-scan.mjs) a resolved chunk stands for the compiled modules in it
 * (dist/bundle/scan/inputs.json).
 */
import { expect } from 'chai';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleIsCurrent } from '../../cli/commands/scan-bundle.js';
import { cleanEnv, runAgentd } from './support/agentd-process.js';
import { recorder } from './support/resolve-recorder.js';
import { SIMPLE, copyFixture, makeProject, tempDir } from '../core/scan/sample-project.js';

const DIST = fileURLToPath(new URL('../../', import.meta.url));
const BUNDLE = path.join(DIST, 'bundle', 'scan');

/** The compiled modules (paths under dist/) a scan of `root` loaded, directly or inside a bundle chunk, and whether it used the bundle. */
async function loadedModules(root: string, extra: Record<string, string> = {}): Promise<{ modules: string[]; bundled: boolean }> {
  const out = path.join(tempDir(), 'resolved.txt');
  writeFileSync(out, '');
  const env = cleanEnv({ NODE_OPTIONS: `--import=${pathToFileURL(recorder(out)).href}`, HOME: tempDir(), ...extra });
  const result = await runAgentd(['scan', root, '--checks', 'all'], env);
  expect(result.code, result.stderr).to.be.oneOf([0, 1]);
  const files = readFileSync(out, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:'))
    .map((url) => fileURLToPath(url));
  const chunks = JSON.parse(readFileSync(path.join(BUNDLE, 'inputs.json'), 'utf8')) as Record<string, string[]>;
  const modules = new Set<string>();
  let bundled = false;
  for (const file of files) {
    if (path.dirname(file) === BUNDLE) {
      bundled = true;
      for (const input of chunks[path.basename(file)] ?? []) modules.add(input);
    } else if (file.startsWith(DIST)) modules.add(path.relative(DIST, file).split(path.sep).join('/'));
    else modules.add(file);
  }
  return { modules: [...modules], bundled };
}

function expectLean(modules: string[]): void {
  // The hook saw the scan's own modules: the check that it recorded anything at all.
  expect(modules).to.include('capabilities/analysis/complexity.js');
  expect(modules.filter((file) => /\/typescript\/lib\/typescript\.js$/.test(file))).to.deep.equal([]);
  expect(modules.filter((file) => file.startsWith('plugins/manifest/'))).to.deep.equal([]);
}

describe('agentd scan start-up', function () {
  this.timeout(120_000);

  it('resolves neither TypeScript nor the plugin manifest reader when no plugin is configured, from the bundle', async () => {
    const { modules, bundled } = await loadedModules(makeProject({ 'src/add.ts': SIMPLE }));
    expect(bundled, 'the scan used dist/bundle/scan').to.equal(true);
    expectLean(modules);
  });

  it('resolves neither when it loads the compiled modules (AGENTD_SCAN_BUNDLE=0)', async () => {
    const { modules, bundled } = await loadedModules(makeProject({ 'src/add.ts': SIMPLE }), { AGENTD_SCAN_BUNDLE: '0' });
    expect(bundled).to.equal(false);
    expectLean(modules);
  });

  it('reports the same findings from the bundle as from the compiled modules', async () => {
    const root = copyFixture();
    const sarif = async (extra: Record<string, string>): Promise<string> => {
      const file = path.join(tempDir(), 'out.sarif');
      const result = await runAgentd(
        ['scan', root, '--checks', 'all', '--format', 'sarif', '-o', file],
        cleanEnv({ HOME: tempDir(), ...extra }),
      );
      expect(result.code, result.stderr).to.be.oneOf([0, 1]);
      return readFileSync(file, 'utf8');
    };
    const bundled = await sarif({});
    expect(JSON.parse(bundled).runs[0].results.length).to.be.greaterThan(0);
    expect(bundled).to.equal(await sarif({ AGENTD_SCAN_BUNDLE: '0' }));
  });

  it('uses the bundle only when no compile came after it', () => {
    const dir = tempDir();
    const bundle = path.join(dir, 'scan-runtime.js');
    const buildInfo = path.join(dir, '.tsbuildinfo');
    expect(bundleIsCurrent(bundle, buildInfo), 'no bundle').to.equal(false);
    writeFileSync(bundle, '');
    expect(bundleIsCurrent(bundle, buildInfo), 'no build info (a published package)').to.equal(true);
    writeFileSync(buildInfo, '');
    utimesSync(bundle, new Date(2_000_000_000_000), new Date(2_000_000_000_000));
    utimesSync(buildInfo, new Date(1_000_000_000_000), new Date(1_000_000_000_000));
    expect(bundleIsCurrent(bundle, buildInfo), 'built after the compile').to.equal(true);
    utimesSync(buildInfo, new Date(2_000_000_001_000), new Date(2_000_000_001_000));
    expect(bundleIsCurrent(bundle, buildInfo), 'compiled again since').to.equal(false);
  });
});
