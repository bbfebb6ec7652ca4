/**
 * Bundling at `agentd plugin add` time (plugins/bundle): a real plugin project whose entry imports a
 * real npm dependency — local packages written here, packed with `npm pack` and installed with
 * `npm install --offline` (a CommonJS package that requires an ES-module one) — is bundled into the one
 * script the isolate runs; a dependency needing a Node built-in is refused by name; a bundle whose
 * sources changed is refused until added again.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createLocalContext } from '../../core/context/local-context.js';
import { readPlugin } from '../../plugins/manifest/index.js';
import { runPluginStep } from '../../plugins/sandbox/run-plugin-step.js';
import { runAgentd } from '../cli/support/agentd-process.js';
import { ENTRY, PACKAGES, writePackage, writePlugin } from './support/bundle-fixture.js';

const exec = promisify(execFile);

/** `npm pack` of a local package into `into`; returns the tarball's path. */
async function pack(folder: string, into: string): Promise<string> {
  const { stdout } = await exec('npm', ['pack', '--json', '--pack-destination', into], { cwd: folder });
  return path.join(into, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
}

async function npmInstall(cwd: string, tarballs: string[]): Promise<void> {
  await exec('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', ...tarballs], {
    cwd,
    env: { ...process.env, npm_config_loglevel: 'error' },
  });
}

describe('plugin bundling (agentd plugin add, esbuild)', function () {
  this.timeout(120_000);
  let base: string;
  let plugin: string;
  let config: string;
  let workspace: string;

  before(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'agentd-plugin-bundle-'));
    config = path.join(base, 'config.json');
    const tarballs = path.join(base, 'tarballs');
    await mkdir(tarballs);
    for (const [name, { pkg, files }] of Object.entries(PACKAGES)) await writePackage(path.join(base, 'pkgs', name), pkg, files);
    const lower = await pack(path.join(base, 'pkgs', 'acme-lower'), tarballs);
    const slugify = await pack(path.join(base, 'pkgs', 'acme-slugify'), tarballs);
    plugin = path.join(base, 'acme-slugs');
    await writePlugin(plugin, '@acme/agentd-slugs');
    // acme-lower from its tarball first, so the offline install of acme-slugify finds its dependency.
    await npmInstall(plugin, [lower, slugify]);
    workspace = path.join(base, 'ws');
    await mkdir(path.join(workspace, 'src'), { recursive: true });
    await writeFile(path.join(workspace, 'src', 'Hello World.ts'), 'export {};\n');
  });

  const runOnWorkspace = async (source: string) => {
    const loaded = await readPlugin(source, base);
    const handle = await createLocalContext({ root: workspace });
    return runPluginStep(loaded.capabilities[0]!.binding, {}, handle.ctx);
  };

  it('before add, the entry with dependencies is refused in the isolate; add bundles it and the step runs the dependency', async () => {
    const unbundled = (await runOnWorkspace(plugin).catch((error: unknown) => error)) as { code?: string; message: string };
    expect(unbundled).to.include({ code: 'invalid_plugin' });
    expect(unbundled.message).to.contain('imports "acme-slugify"');

    const added = await runAgentd(['plugin', 'add', plugin, '--config', config]);
    expect(added.code, added.stderr).to.equal(0);
    expect(added.stdout).to.match(/Bundled 4 files \(.* KB\) into \.agentd\/bundle\.mjs/);
    const record = JSON.parse(await readFile(path.join(plugin, '.agentd', 'bundle.json'), 'utf8')) as { inputs: Record<string, string> };
    expect(Object.keys(record.inputs).sort()).to.deep.equal([
      'index.js',
      'lib/separator.js',
      'node_modules/acme-lower/index.js',
      'node_modules/acme-slugify/index.js',
    ]);
    const loaded = await readPlugin(plugin, base);
    expect(loaded.runnable).to.equal(path.join(await realpath(plugin), '.agentd', 'bundle.mjs'));
    const bundle = await readFile(loaded.runnable, 'utf8');
    expect(bundle)
      .to.contain('@agentd/cli/sdk')
      .and.not.match(/from\s*["']acme-slugify["']/);

    const result = await runOnWorkspace(plugin);
    expect(result.summary).to.equal('src-hello-world-ts');
    expect(result.findings!.map((f) => f.message)).to.deep.equal(['src-hello-world-ts']);
  });

  it('a bundle whose sources changed is refused until the plugin is added again', async () => {
    const dependency = path.join(plugin, 'node_modules', 'acme-slugify', 'index.js');
    await writeFile(dependency, (await readFile(dependency, 'utf8')).replace(/;\n$/, " + '!';\n"));
    const stale = await readPlugin(plugin, base).catch((error: Error) => error);
    expect(stale).to.include({ code: 'invalid_plugin' });
    expect((stale as Error).message).to.contain('"node_modules/acme-slugify/index.js" changed since it was bundled');
    const again = await runAgentd(['plugin', 'add', plugin, '--config', config]);
    expect(again.code, again.stderr).to.equal(0);
    expect(again.stdout).to.contain('already in "plugins"').and.contain('Bundled 4 files');
    expect((await runOnWorkspace(plugin)).summary).to.equal('src-hello-world-ts!');
    expect(JSON.parse(await readFile(config, 'utf8')).plugins).to.deep.equal([plugin]);
  });

  it('a dependency that needs a Node built-in is refused, naming the dependency and the built-in; nothing is written', async () => {
    const disk = path.join(base, 'acme-disk-plugin');
    await writePlugin(
      disk,
      '@acme/agentd-disk',
      ENTRY.replace("import slugify from 'acme-slugify';", "import read from 'acme-disk';\nconst slugify = (t) => read(t);"),
    );
    await npmInstall(disk, [await pack(path.join(base, 'pkgs', 'acme-disk'), path.join(base, 'tarballs'))]);
    const refused = await runAgentd(['plugin', 'add', disk, '--config', config]);
    expect(refused.code).to.equal(2);
    expect(refused.stderr).to.contain(
      'its dependency "acme-disk" needs the Node built-in "fs" (imported by node_modules/acme-disk/index.js)',
    );
    expect(JSON.parse(await readFile(config, 'utf8')).plugins).to.deep.equal([plugin]);
  });
});
