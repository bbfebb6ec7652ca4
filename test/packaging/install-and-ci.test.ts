/**
 * agentd as a user gets it: `npm pack` of this tree, `npm install -g` of the tarball into a temporary
 * prefix (no dev tree: only the tarball and the registry's packages, from npm's cache when it has
 * them), then `agentd scan` in fresh folders — the "done when" — and the CI recipes of
 * docs/ci.md run as far as this machine allows (no GitHub, GitLab or Docker here: see each test).
 */
import { expect } from 'chai';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load as loadYaml } from 'js-yaml';
import { git, makeRepo } from '../core/scan/sample-project.js';
import { shellRecipe, gitlabScript } from './recipes.js';
import { PACKAGES, writePackage, writePlugin } from '../plugins/support/bundle-fixture.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const APP = [
  "const express = require('express');",
  'const app = express();',
  "app.get('/u', (req, res) => {",
  '  // agentd-ignore-next-line security/sql-injection -- the id is an integer the router checked',
  "  db.query('SELECT * FROM users WHERE id = ' + req.query.id);",
  '  res.json({ ok: true });',
  '});',
  'module.exports = { app };',
  '',
].join('\n');
const CONFIG = JSON.stringify({
  $schema: './node_modules/@agentd/cli/schema/agentd.config.schema.json',
  checks: ['all'],
  failOn: 'high',
  rules: { 'performance/select-star': 'off' },
});

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * What npm needs to reach the registry from this machine, and nothing of agentd's: a CA bundle for a
 * TLS-inspecting network (NODE_EXTRA_CA_CERTS, SSL_CERT_*), proxies and the registry's own npm settings.
 * Without them npm retries each package manifest with back-off for many minutes.
 */
function registryAccess(): NodeJS.ProcessEnv {
  const keep =
    /^(NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|(HTTPS?|NO|ALL)_PROXY|(https?|no|all)_proxy|npm_config_(registry|cafile|ca|strict_ssl|proxy|https_proxy|noproxy|userconfig|globalconfig|nodedir))$/;
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => keep.test(key)));
}

describe('agentd from its npm tarball, and the CI recipes of docs/ci.md', function () {
  this.timeout(600_000);
  let work: string;
  let tarball: string;
  let prefix: string;
  let installLog: string;
  let env: NodeJS.ProcessEnv;

  const run = (command: string, args: string[], cwd: string, extra: NodeJS.ProcessEnv = {}): Ran => {
    const result = spawnSync(command, args, {
      cwd,
      env: { ...env, ...extra },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 180_000,
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  const agentd = (args: string[], cwd: string, extra: NodeJS.ProcessEnv = {}): Ran => run('agentd', args, cwd, extra);

  before(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'agentd-install-'));
    prefix = path.join(work, 'prefix');
    // The tree is built already (npm test builds first); --ignore-scripts packs it as it is.
    const packed = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: REPO, encoding: 'utf8' });
    tarball = path.join(work, (JSON.parse(packed) as { filename: string }[])[0]!.filename);
    const home = path.join(work, 'home');
    env = {
      ...registryAccess(),
      PATH: `${path.join(prefix, 'bin')}:${process.env.PATH}`,
      HOME: home,
      npm_config_cache: process.env.npm_config_cache ?? path.join(os.homedir(), '.npm'),
      NODE_NO_WARNINGS: '1',
      CI: 'true',
    };
    // A time limit of its own: spawnSync blocks mocha's timer, so a stalled registry would hang the whole run.
    // --omit=optional: the plugin sandbox (isolated-vm) compiles for minutes from source and is optional;
    // what this test runs (scan, the CI recipes) must work without it.
    const install = spawnSync(
      'npm',
      ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', '--omit=optional', tarball],
      { cwd: work, env, encoding: 'utf8', timeout: 420_000 },
    );
    installLog = `${install.stdout}\n${install.stderr}`;
    if (install.error) throw new Error(`npm install -g of the tarball did not finish (${install.error.message}):\n${installLog}`);
    if (install.status !== 0) throw new Error(`npm install -g of the tarball failed:\n${installLog}`);
  });

  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('is a tarball named like the docs say, with what the package needs and no dev tree', () => {
    expect(path.basename(tarball)).to.match(/^agentd-cli-\d+\.\d+\.\d+\.tgz$/);
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
    expect(files).to.include.members([
      'package/bin/agentd.js',
      'package/dist/cli/main.js',
      'package/dist/bundle/scan/scan-runtime.cjs',
      'package/dist/bundle/scan/scan-runtime.cache',
      'package/schema/agentd.config.schema.json',
      'package/native/flat-tree.c',
      'package/scripts/build-native.mjs',
      'package/action.yml',
      'package/README.md',
      'package/docs/ci.md',
      'package/dist/ui/index.html',
      'package/dist/ui/app.js',
      'package/dist/ui/style.css',
    ]);
    // The build-time input validators, one module per schema (core/registry/precompiled-validators.ts).
    expect(files.filter((f) => /^package\/dist\/core\/registry\/validators\/v[0-9a-f]{32}\.cjs$/.test(f)).length).to.be.at.least(20);
    // The dashboard ships built; its sources and the screenshots of its docs stay in the repository.
    expect(files.filter((f) => /^package\/(dashboard|docs\/dashboard)\//.test(f))).to.deep.equal([]);
    expect(
      files.filter((f) => /^package\/(test|bench|fixtures|dist\/test|dist\/bench)\/|\.ts$|\.map$/.test(f) && !f.endsWith('.d.ts')),
    ).to.deep.equal([]);
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as Record<
      string,
      unknown
    >;
    expect(manifest).to.include({ name: '@agentd/cli' });
    expect(manifest.bin).to.deep.equal({ agentd: 'bin/agentd.js' });
    expect(manifest.engines).to.deep.equal({ node: '>=20.19' });
    expect(Object.keys(manifest.exports as object)).to.include.members(['.', './schema/agentd.config.schema.json', './package.json']);
  });

  it('installs the agentd command and compiles the parser addon on install (or says why it could not)', () => {
    expect(agentd(['--version'], work).stdout.trim()).to.match(/^\d+\.\d+\.\d+$/);
    const addon = path.join(prefix, 'lib', 'node_modules', '@agentd', 'cli', 'build', 'flat-tree.node');
    const compiler = spawnSync('cc', ['--version']).status === 0;
    if (compiler) expect(existsSync(addon), installLog).to.equal(true);
    else expect(installLog).to.contain('the flat-tree parser addon was not built');
  });

  it('done when: in a fresh folder `agentd scan . --fail-on high` honours agentd.config.json and an agentd-ignore comment', () => {
    const root = makeRepo({ 'src/app.js': APP, 'agentd.config.json': CONFIG });
    const clean = agentd(['scan', '.', '--fail-on', 'high', '--format', 'json'], root);
    expect(clean.status, clean.stderr).to.equal(0);
    const report = JSON.parse(clean.stdout) as {
      findings: { ruleId: string }[];
      suppressed: { ruleId: string }[];
      runs: { capability: string }[];
    };
    expect(report.suppressed.map((f) => f.ruleId)).to.deep.equal(['security/sql-injection']);
    expect(report.findings.map((f) => f.ruleId)).to.not.include('performance/select-star'); // off in the config
    expect(report.runs).to.have.length(11); // every check, and the suppressions
    writeFileSync(path.join(root, 'src/app.js'), APP.replace(/ {2}\/\/ agentd-ignore-next-line.*\n/, ''));
    const gated = agentd(['scan', '.', '--fail-on', 'high'], root);
    expect(gated.status).to.equal(1);
    expect(gated.stdout).to.match(/critical +Untrusted request|security\/sql-injection/);
  });

  it('scans from the bundle and code cache it ships, with the same findings as its compiled modules', () => {
    const root = makeRepo({ 'src/app.js': APP, 'agentd.config.json': CONFIG });
    const bundled = agentd(['scan', '.', '--format', 'json', '--verbose'], root);
    expect(bundled.status, bundled.stderr).to.equal(0);
    const installed = path.join(prefix, 'lib', 'node_modules', '@agentd', 'cli', 'dist', 'bundle', 'scan');
    // Packed and installed with this Node, so V8 takes the cache the build made.
    expect(bundled.stderr).to.contain(
      `agentd scan: code from the scan bundle (${installed}/scan-runtime.cjs), its V8 code cache used (${installed}/scan-runtime.cache)\n`,
    );
    const compiled = agentd(['scan', '.', '--format', 'json'], root, { AGENTD_SCAN_BUNDLE: '0' });
    const findings = (r: Ran): unknown => (JSON.parse(r.stdout) as { findings: unknown[] }).findings;
    expect(findings(bundled)).to.deep.equal(findings(compiled));
  });

  it('reports the same findings without the addon (the tree-sitter binding alone)', () => {
    const root = makeRepo({ 'src/app.js': APP, 'agentd.config.json': CONFIG });
    const strip = (r: Ran): unknown => (JSON.parse(r.stdout) as { findings: unknown[] }).findings;
    const native = agentd(['scan', '.', '--format', 'json'], root);
    const binding = agentd(['scan', '.', '--format', 'json'], root, { AGENTD_NATIVE_PARSER: '0' });
    expect(binding.status, binding.stderr).to.equal(0);
    expect(strip(binding)).to.deep.equal(strip(native));
  });

  it('bundles a plugin with npm dependencies at `agentd plugin add` (esbuild ships as a dependency, not a dev one)', async () => {
    const plugin = path.join(work, 'acme-slugs');
    await writePlugin(plugin, '@acme/agentd-slugs');
    for (const name of ['acme-lower', 'acme-slugify'])
      await writePackage(path.join(plugin, 'node_modules', name), PACKAGES[name]!.pkg, PACKAGES[name]!.files);
    const added = agentd(['plugin', 'add', plugin, '--config', path.join(work, 'plugins.json')], work);
    expect(existsSync(path.join(plugin, '.agentd', 'bundle.mjs')), added.stderr).to.equal(true);
    expect(added.stderr).to.not.contain('esbuild');
    // The bundle comes first; whether the plugin is then added depends on the optional sandbox being resolvable.
    if (added.status === 0) expect(added.stdout).to.contain('Bundled 4 files');
    else {
      expect(added.status).to.equal(2);
      expect(added.stderr).to.contain('isolated-vm');
    }
  });

  it('docs/ci.md, plain shell: the recipe as written, in a fresh repository', () => {
    const root = makeRepo({ 'src/app.js': APP, 'agentd.config.json': CONFIG });
    const recipe = shellRecipe(readFileSync(path.join(REPO, 'docs/ci.md'), 'utf8'));
    const passed = run('bash', ['-c', recipe], root);
    expect(passed.status, passed.stderr).to.equal(0);
    expect(passed.stdout).to.contain('agentd scan exited 0');
    for (const report of ['agentd-report.md', 'agentd.sarif', 'agentd-report.html'])
      expect(existsSync(path.join(root, report)), report).to.equal(true);
    writeFileSync(path.join(root, 'src/app.js'), APP.replace(/ {2}\/\/ agentd-ignore-next-line.*\n/, ''));
    expect(run('bash', ['-c', recipe], root).status).to.equal(1);
  });

  describe('docs/ci.md, GitHub Actions: action.yml', () => {
    type Step = { name?: string; id?: string; uses?: string; run?: string; env?: Record<string, string>; if?: string };
    let action: { runs: { using: string; steps: Step[] }; inputs: Record<string, { default: string }>; outputs: Record<string, unknown> };
    before(() => {
      action = loadYaml(readFileSync(path.join(REPO, 'action.yml'), 'utf8')) as typeof action;
    });

    /** A step's env as the runner fills it: `${{ inputs.x }}` from the inputs, `${{ steps.scan.outputs.exit-code }}` from outputs. */
    function stepEnv(step: Step, inputs: Record<string, string>, outputs: Record<string, string>): Record<string, string> {
      return Object.fromEntries(
        Object.entries(step.env ?? {}).map(([key, value]) => [
          key,
          value.replace(
            /\$\{\{\s*(inputs|steps\.scan\.outputs)\.([\w-]+)\s*\}\}/g,
            (_, scope: string, name: string) => (scope === 'inputs' ? inputs[name] : outputs[name]) ?? '',
          ),
        ]),
      );
    }

    /** Runs the scan and gate steps as GitHub runs `shell: bash` (bash --noprofile --norc -eo pipefail). */
    function runSteps(
      root: string,
      given: Record<string, string>,
    ): { scan: Ran; gate: Ran; outputs: Record<string, string>; summary: string } {
      const inputs = { ...Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, v.default])), ...given };
      const outputFile = path.join(root, '.github-output');
      const summaryFile = path.join(root, '.github-summary');
      writeFileSync(outputFile, '');
      writeFileSync(summaryFile, '');
      const runner = {
        GITHUB_OUTPUT: outputFile,
        GITHUB_STEP_SUMMARY: summaryFile,
        GITHUB_ACTIONS: 'true',
        GITHUB_WORKSPACE: root,
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_REPOSITORY: 'o/r',
        GITHUB_SHA: 'abc123',
        GITHUB_RUN_ID: '7',
      };
      const step = (id: string): Step => action.runs.steps.find((s) => s.id === id || s.name === id)!;
      const scan = run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step('scan').run!], root, {
        ...runner,
        ...stepEnv(step('scan'), inputs, {}),
      });
      const outputs = Object.fromEntries(
        readFileSync(outputFile, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => line.split('=') as [string, string]),
      );
      const gate = run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step('Gate').run!], root, {
        ...runner,
        ...stepEnv(step('Gate'), inputs, outputs),
      });
      return { scan, gate, outputs, summary: readFileSync(summaryFile, 'utf8') };
    }

    it('is a composite action with the inputs and outputs docs/ci.md lists, its inputs passed as env only', () => {
      expect(action.runs.using).to.equal('composite');
      expect(Object.keys(action.inputs)).to.include.members([
        'path',
        'checks',
        'fail-on',
        'changed-since',
        'baseline',
        'upload-sarif',
        'sarif-file',
        'sarif-category',
        'job-summary',
        'version',
        'node-version',
      ]);
      expect(Object.keys(action.outputs)).to.deep.equal(['exit-code', 'sarif-file']);
      for (const step of action.runs.steps.filter((s) => s.run)) expect(step.run, step.name).to.not.contain('${{');
      expect(action.runs.steps.map((s) => s.uses).filter(Boolean)).to.deep.equal([
        'actions/setup-node@v4',
        'github/codeql-action/upload-sarif@v3',
      ]);
      // Installing from the action's source is what this test did above: npm pack, then npm install -g of the tarball.
      const install = action.runs.steps.find((s) => s.name === 'Install agentd')!.run!;
      expect(install)
        .to.contain('npm pack --pack-destination')
        .and.to.contain('npm install -g --no-audit --no-fund "$pack"/agentd-cli-*.tgz');
    });

    it('annotates, writes the SARIF file, the job summary and exit-code, and passes the gate on a clean tree', () => {
      const root = makeRepo({ 'src/app.js': APP, 'agentd.config.json': CONFIG });
      const { scan, gate, outputs, summary } = runSteps(root, { checks: 'security,smells' });
      expect(scan.status, scan.stderr).to.equal(0);
      expect(outputs['exit-code']).to.equal('0');
      expect(JSON.parse(readFileSync(path.join(root, 'agentd.sarif'), 'utf8')).runs[0].results[0].suppressions[0].kind).to.equal(
        'inSource',
      );
      expect(summary).to.match(/^# agentd scan report/);
      expect(gate.status).to.equal(0);
    });

    it('fails the gate (last, after the reports) when a finding is at or above fail-on', () => {
      const root = makeRepo({ 'src/app.js': APP.replace(/ {2}\/\/ agentd-ignore-next-line.*\n/, '') });
      const { scan, gate, outputs, summary } = runSteps(root, { checks: 'security', 'fail-on': 'high' });
      expect(scan.status, scan.stderr).to.equal(0); // the scan step records the status; the gate step fails
      expect(outputs['exit-code']).to.equal('1');
      expect(scan.stdout).to.match(/^::error file=src\/app\.js,line=4,.*title=security\/sql-injection \(critical\)::/m);
      expect(summary).to.contain('[src/app.js:4](https://github.com/o/r/blob/abc123/src/app.js#L4)');
      expect(existsSync(path.join(root, 'agentd.sarif'))).to.equal(true);
      expect(gate.status).to.equal(1);
      expect(gate.stdout).to.contain('::error title=agentd scan::findings at or above the fail-on severity');
    });
  });

  describe('docs/ci.md, GitLab CI', () => {
    it("runs the job's script lines (the install line replaced by the tarball) and writes the artifacts it keeps", () => {
      const root = makeRepo({ 'src/app.js': APP, 'src/fee.js': 'module.exports = (n) => n * 1.19;\n', 'agentd.config.json': CONFIG });
      const job = gitlabScript(readFileSync(path.join(REPO, 'docs/ci.md'), 'utf8'));
      expect(job.script[0]).to.equal('npm install -g @agentd/cli');
      const script = job.script.slice(1).join('\n');
      const gitlab = { GITLAB_CI: 'true', CI_PROJECT_DIR: root, CI_PROJECT_URL: 'https://gitlab.example.org/g/p', CI_COMMIT_SHA: 'def456' };
      const result = run('bash', ['-eo', 'pipefail', '-c', script], root, gitlab);
      expect(result.status, result.stderr).to.equal(0);
      for (const artifact of job.artifacts) expect(existsSync(path.join(root, artifact)), artifact).to.equal(true);
      expect(readFileSync(path.join(root, 'agentd-report.md'), 'utf8')).to.contain(
        '(https://gitlab.example.org/g/p/-/blob/def456/src/fee.js#L1)',
      );
    });

    it('scans only what a merge request changed', () => {
      const root = makeRepo({ 'src/old.js': APP.replace(/ {2}\/\/ agentd-ignore-next-line.*\n/, ''), 'agentd.config.json': CONFIG });
      const base = git(root, 'rev-parse', 'HEAD').trim();
      writeFileSync(path.join(root, 'src/new.js'), 'module.exports = 1;\n');
      git(root, 'add', '-A');
      git(root, 'commit', '-q', '-m', 'change');
      const job = gitlabScript(readFileSync(path.join(REPO, 'docs/ci.md'), 'utf8'));
      const result = run('bash', ['-eo', 'pipefail', '-c', job.script.slice(1).join('\n')], root, {
        GITLAB_CI: 'true',
        CI_PROJECT_DIR: root,
        CI_MERGE_REQUEST_DIFF_BASE_SHA: base,
      });
      expect(result.status, result.stderr).to.equal(0); // the old file's injection is not the merge request's
      expect(readFileSync(path.join(root, 'agentd-report.md'), 'utf8')).to.contain('in 1 file');
    });
  });

  it('deploy/Dockerfile builds from the same steps (not run: no Docker engine here)', () => {
    const dockerfile = readFileSync(path.join(REPO, 'deploy/Dockerfile'), 'utf8');
    expect(dockerfile)
      .to.contain('npm ci --no-audit --no-fund')
      .and.to.contain('npm pack --pack-destination /tmp')
      .and.to.contain('npm install -g --prefix /opt/agentd --no-audit --no-fund /tmp/agentd-cli-*.tgz');
    expect(dockerfile).to.match(/ENV PATH=\/opt\/agentd\/bin:\$PATH/);
    expect(dockerfile).to.match(/^CMD \["agentd", "start"/m);
    const ignored = readFileSync(path.join(REPO, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).to.include.members(['node_modules/', 'dist/', 'build/']);
  });
});
