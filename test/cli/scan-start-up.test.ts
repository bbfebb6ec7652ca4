/**
 * What `agentd scan` loads: a one-shot scan pays for every module it imports, so modules only some
 * runs need stay out of its graph. TypeScript's compiler (~9 MB, read by Node's CommonJS lexer when
 * imported from ES modules) cost ~0.8 s of CPU per scan when core's public surface imported it for a
 * mocha-configuration reader; the plugin manifest reader loads only when plugins are configured.
 * A recorder in the real CLI's process notes every ES module resolved, every file `require`d and,
 * from the scan bundle (scripts/bundle-scan.mjs), every bundled module initialised.
 */
import { expect } from 'chai';
import { isAscii } from 'node:buffer';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleIsCurrent } from '../../cli/commands/scan-bundle.js';
import { cleanEnv, runAgentd } from './support/agentd-process.js';
import { recorder } from './support/load-recorder.js';
import { SIMPLE, copyFixture, makeProject, tempDir } from '../core/scan/sample-project.js';

const DIST = fileURLToPath(new URL('../../', import.meta.url));

/** The compiled modules (paths under dist/; other files absolute) a scan of `root` loaded, and what --verbose said it ran from. */
async function loadedModules(
  root: string,
  extra: Record<string, string> = {},
): Promise<{ modules: string[]; bundled: boolean; origin: string }> {
  const out = path.join(tempDir(), 'loaded.txt');
  writeFileSync(out, '');
  const env = cleanEnv({ NODE_OPTIONS: `--import=${pathToFileURL(recorder(out)).href}`, HOME: tempDir(), ...extra });
  const result = await runAgentd(['scan', root, '--checks', 'all', '--verbose'], env);
  expect(result.code, result.stderr).to.be.oneOf([0, 1]);
  const modules = new Set<string>();
  let bundled = false;
  const underDist = (file: string): string => (file.startsWith(DIST) ? path.relative(DIST, file).split(path.sep).join('/') : file);
  for (const line of readFileSync(out, 'utf8').split('\n')) {
    if (line.startsWith('bundled:')) {
      bundled = true;
      modules.add(line.slice('bundled:'.length));
    } else if (line.startsWith('cjs:')) modules.add(underDist(line.slice('cjs:'.length)));
    else if (line.startsWith('file:')) modules.add(underDist(fileURLToPath(line)));
  }
  return { modules: [...modules], bundled, origin: /code from (.*)/.exec(result.stderr)?.[1] ?? '' };
}

function expectLean(modules: string[]): void {
  // The hook saw the scan's own modules: the check that it recorded anything at all.
  expect(modules).to.include('capabilities/analysis/complexity.js');
  // …and the CommonJS packages it requires, as TypeScript's compiler would be.
  expect(modules.some((file) => /\/node_modules\/tree-sitter\/index\.js$/.test(file))).to.equal(true);
  expect(modules.filter((file) => /\/typescript\/lib\/typescript\.js$/.test(file))).to.deep.equal([]);
  expect(modules.filter((file) => file.startsWith('plugins/manifest/'))).to.deep.equal([]);
}

describe('agentd scan start-up', function () {
  this.timeout(120_000);

  it('loads neither TypeScript nor the plugin manifest reader when no plugin is configured, from the bundle and its code cache', async () => {
    const { modules, bundled, origin } = await loadedModules(makeProject({ 'src/add.ts': SIMPLE }));
    expect(bundled, 'the scan initialised modules of dist/bundle/scan').to.equal(true);
    const bundle = path.join(DIST, 'bundle', 'scan');
    expect(origin).to.equal(
      `the scan bundle (${path.join(bundle, 'scan-runtime.cjs')}), its V8 code cache used (${path.join(bundle, 'scan-runtime.cache')})`,
    );
    expectLean(modules);
  });

  it('loads neither when it loads the compiled modules (AGENTD_SCAN_BUNDLE=0)', async () => {
    const { modules, bundled, origin } = await loadedModules(makeProject({ 'src/add.ts': SIMPLE }), { AGENTD_SCAN_BUNDLE: '0' });
    expect(bundled).to.equal(false);
    expect(origin).to.equal('the compiled modules (AGENTD_SCAN_BUNDLE=0)');
    expectLean(modules);
    // The full command line, as every other command runs.
    expect(modules).to.include.members(['cli/main.js', 'cli/build-cli.js']);
  });

  it('starts from the bundle: no ES module of the command line but the launcher, yargs and the scan command compiled from the cache', async () => {
    const { modules } = await loadedModules(makeProject({ 'src/add.ts': SIMPLE }));
    // Bundled modules are recorded by their compiled names as they initialise (the frame of the command line among them).
    expect(modules).to.include.members([
      'cli/scan-launch.js',
      'cli/cli-frame.js',
      'cli/commands/scan-command-line.js',
      'cli/commands/scan.js',
    ]);
    // Neither the full command line nor the other commands.
    expect(modules.filter((file) => /^cli\/(main|build-cli|commands\/(start|status|agent|plugin))\.js$/.test(file))).to.deep.equal([]);
    // Bundled: no file of yargs or of what it imports is loaded from node_modules. The two whose code reads
    // `import.meta.url` have their entry resolved (not loaded) to find where they are installed.
    const located = /\/node_modules\/(yargs\/index\.mjs|yargs-parser\/build\/lib\/index\.js)$/;
    const yargsFiles = modules.filter((file) => /\/node_modules\/(yargs|yargs-parser|cliui|y18n|string-width)\//.test(file));
    expect(yargsFiles.filter((file) => !located.test(file))).to.deep.equal([]);
  });

  it('from the bundle, answers --help, --version and usage errors as the full command line does', async () => {
    for (const args of [
      ['scan', '--help'],
      ['scan', '--version'],
      ['scan', '--bogus'],
      ['scan', '--fail-on', 'never'],
      ['scan', '--fix', '--fix-dry-run'],
    ]) {
      const bundled = await runAgentd(args, cleanEnv({ HOME: tempDir() }));
      const full = await runAgentd(args, cleanEnv({ HOME: tempDir(), AGENTD_SCAN_BUNDLE: '0' }));
      expect([bundled.code, bundled.stdout, bundled.stderr], args.join(' ')).to.deep.equal([full.code, full.stdout, full.stderr]);
    }
    const help = await runAgentd(['scan', '--help'], cleanEnv({ HOME: tempDir() }));
    expect(help.stdout).to.contain('--fail-on').and.to.contain('agentd scan [path]');
    const usage = await runAgentd(['scan', '--bogus'], cleanEnv({ HOME: tempDir() }));
    expect([usage.code, usage.stderr.split('\n')[0]]).to.deep.equal([2, 'agentd: Unknown argument: bogus']);
  });

  it('imports what the bundle leaves out (Prettier and its YAML plugin, for a project that configures it) from the code cache', async () => {
    const root = makeProject({
      'package.json': JSON.stringify({ name: 'styled', devDependencies: { prettier: '^3.0.0' } }),
      '.prettierrc.yaml': 'singleQuote: true\nsemi: false\n',
      'src/add.js': 'export const add = (a, b) => a + b\n',
    });
    const { modules, origin } = await loadedModules(root);
    expect(origin).to.match(/its V8 code cache used \(.*scan-runtime\.cache\)$/);
    expect(modules.filter((file) => /\/node_modules\/prettier\/(index|plugins\/yaml)\.mjs$/.test(file))).to.have.length(2);
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

  it('is ASCII, so V8 holds the script as a one-byte string (scripts/scan-bundle-ascii.mjs)', async () => {
    const bundle = readFileSync(path.join(DIST, 'bundle', 'scan', 'scan-runtime.cjs'));
    expect(isAscii(bundle)).to.equal(true);
    // Escaped where esbuild left them: in comments, as text.
    const { asciiOnly } = (await import(pathToFileURL(path.join(DIST, '..', 'scripts', 'scan-bundle-ascii.mjs')).href)) as {
      asciiOnly(text: string): string;
    };
    expect(asciiOnly('const a = 1; // a \u2014 b\n/* \u00e9 */ f();\n')).to.equal('const a = 1; // a \\u2014 b\n/* \\u00e9 */ f();\n');
    expect(() => asciiOnly('const a = "\u00e9";\n')).to.throw(/outside ASCII in code/);
  });

  it('keeps its ES modules strict in the one CommonJS script', () => {
    // A script is sloppy unless it says otherwise, and esbuild says so only inside lazily initialised modules.
    const bundle = readFileSync(path.join(DIST, 'bundle', 'scan', 'scan-runtime.cjs'), 'utf8');
    expect(bundle.slice(0, bundle.indexOf('\n'))).to.equal('"use strict";');
  });

  it('uses the bundle only when no compile came after it', () => {
    const dir = tempDir();
    const bundle = path.join(dir, 'scan-runtime.cjs');
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
