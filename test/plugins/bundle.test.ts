/**
 * plugins/bundle without npm or the CLI (the `agentd plugin add` path with npm pack/install is
 * bundle-cli.slow-test.ts): packages laid out in node_modules as npm lays them out, bundled with esbuild
 * into the script the isolate runs; built-ins refused by name; a changed source makes the bundle stale.
 */
import { expect } from 'chai';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalContext } from '../../core/context/local-context.js';
import { bundlePlugin, dependencyOf } from '../../plugins/bundle/bundle-plugin.js';
import { readPlugin } from '../../plugins/manifest/index.js';
import { runPluginStep } from '../../plugins/sandbox/run-plugin-step.js';
import { ENTRY, PACKAGES, writePackage, writePlugin } from './support/bundle-fixture.js';

async function install(plugin: string, names: string[]): Promise<void> {
  for (const name of names) await writePackage(path.join(plugin, 'node_modules', name), PACKAGES[name]!.pkg, PACKAGES[name]!.files);
}

describe('plugin bundling (plugins/bundle)', function () {
  this.timeout(30_000);
  let base: string;
  let workspace: string;

  before(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'agentd-bundle-'));
    workspace = path.join(base, 'ws');
    await writePackage(workspace, { name: 'ws' }, { 'Read Me.md': '# hi\n' });
  });
  after(() => rm(base, { recursive: true, force: true }));

  const summaryOf = async (plugin: string): Promise<string> => {
    const loaded = await readPlugin(plugin, base);
    const handle = await createLocalContext({ root: workspace });
    return (await runPluginStep(loaded.capabilities[0]!.binding, {}, handle.ctx)).summary;
  };

  it('bundles the CommonJS and ES-module dependencies and own files; the isolate runs the bundle', async () => {
    const plugin = path.join(base, 'slugs');
    await writePlugin(plugin, '@acme/slugs');
    await install(plugin, ['acme-lower', 'acme-slugify']);
    const loaded = await readPlugin(plugin, base, { bundle: 'ignore' });
    const outcome = await bundlePlugin(loaded.name, loaded.folder, loaded.entry);
    expect(outcome.inputs.sort()).to.deep.equal([
      'index.js',
      'lib/separator.js',
      'node_modules/acme-lower/index.js',
      'node_modules/acme-slugify/index.js',
    ]);
    expect((await readPlugin(plugin, base)).runnable).to.equal(outcome.bundle);
    expect(await summaryOf(plugin)).to.equal('read-me-md,package-json');

    await writeFile(path.join(plugin, 'lib', 'separator.js'), "export const SEPARATOR = '_';\n");
    const stale = (await readPlugin(plugin, base).catch((error: unknown) => error)) as { code?: string; message: string };
    expect(stale.code).to.equal('invalid_plugin');
    expect(stale.message).to.contain('"lib/separator.js" changed since it was bundled').and.contain('agentd plugin add');
    await bundlePlugin(loaded.name, loaded.folder, loaded.entry);
    expect(await summaryOf(plugin)).to.equal('read_me_md,package_json');
  });

  it('an entry importing only the SDK is not bundled: it runs as written', async () => {
    const plugin = path.join(base, 'plain');
    await writePlugin(
      plugin,
      '@acme/plain',
      ENTRY.replace("import slugify from 'acme-slugify';\n", 'const slugify = (t) => t;\n').replace(
        "import { SEPARATOR } from './lib/separator.js';\n",
        "const SEPARATOR = '';\n",
      ),
    );
    const loaded = await readPlugin(plugin, base, { bundle: 'ignore' });
    const outcome = await bundlePlugin(loaded.name, loaded.folder, loaded.entry);
    expect(outcome).to.deep.include({ bundle: null, inputs: ['index.js'] });
    expect((await readPlugin(plugin, base)).runnable).to.equal(loaded.entry);
    expect(await summaryOf(plugin)).to.equal('Read Me.md,package.json');
  });

  it('refuses a dependency that needs a Node built-in, naming both; and a dependency that is not installed', async () => {
    const plugin = path.join(base, 'disk');
    await writePlugin(
      plugin,
      '@acme/disk',
      ENTRY.replace("import slugify from 'acme-slugify';", "import read from 'acme-disk';\nconst slugify = (t) => read(t);"),
    );
    const loaded = await readPlugin(plugin, base, { bundle: 'ignore' });
    const missing = (await bundlePlugin(loaded.name, plugin, loaded.entry).catch((error: unknown) => error)) as {
      code?: string;
      message: string;
    };
    expect(missing.code).to.equal('invalid_plugin');
    expect(missing.message).to.contain('Could not resolve "acme-disk"');
    await install(plugin, ['acme-disk']);
    const refused = (await bundlePlugin(loaded.name, plugin, loaded.entry).catch((error: unknown) => error)) as {
      code?: string;
      message: string;
    };
    expect(refused.code).to.equal('invalid_plugin');
    expect(refused.message).to.contain(
      'its dependency "acme-disk" needs the Node built-in "fs" (imported by node_modules/acme-disk/index.js)',
    );
    await readFile(path.join(plugin, '.agentd', 'bundle.mjs')).then(
      () => expect.fail('a refused bundle was written'),
      (error: NodeJS.ErrnoException) => expect(error.code).to.equal('ENOENT'),
    );
  });

  it('names the dependency from an importer path, scoped or not', () => {
    expect(dependencyOf('node_modules/a/node_modules/@s/b/lib/x.js')).to.equal('@s/b');
    expect(dependencyOf('node_modules/left-pad/index.js')).to.equal('left-pad');
    expect(dependencyOf('src/own.js')).to.equal(null);
  });
});
