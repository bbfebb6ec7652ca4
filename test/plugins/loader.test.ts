/** plugins/manifest: what a manifest must be, the refusals, and one broken plugin never stopping the others. */
import { expect } from 'chai';
import { mkdtemp, mkdir, writeFile, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRegistry, defaultRoots, CapabilityRegistry } from '../../core/registry/index.js';
import { registerPlugins, readPlugin } from '../../plugins/manifest/index.js';

const EXAMPLE = fileURLToPath(new URL('../../../plugins/examples/license-header', import.meta.url));

const meta = (id = 'analysis.thing', extra: Record<string, unknown> = {}) => ({
  id,
  group: id.split('.')[0],
  title: 'Thing',
  description: 'Does a thing.',
  version: '1.0.0',
  writes: false,
  inputSchema: { type: 'object', additionalProperties: false, properties: {} },
  ...extra,
});

async function pluginFolder(
  name: string,
  agentd: unknown,
  files: Record<string, string> = { 'index.js': 'export const capabilities = {};' },
): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'agentd-manifest-'));
  await writeFile(path.join(folder, 'package.json'), JSON.stringify({ name, version: '1.2.3', type: 'module', agentd }));
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
    await writeFile(path.join(folder, file), content);
  }
  return folder;
}

async function refusal(folder: string): Promise<{ code: string; message: string }> {
  const report = await registerPlugins(new CapabilityRegistry(), [folder], process.cwd());
  expect(report.broken, 'the plugin should have been refused').to.have.length(1);
  return { code: report.broken[0]!.error.code, message: report.broken[0]!.error.message };
}

describe('plugin manifests and loading', function () {
  this.timeout(30_000);

  it('reads the example: namespaced ids, permissions, limits, the entry inside the folder', async () => {
    const plugin = await readPlugin(EXAMPLE, process.cwd());
    expect(plugin.name).to.equal('@acme/agentd-license-header');
    expect(plugin.capabilities.map((c) => c.meta.id)).to.deep.equal(['acme/analysis.license-header']);
    expect(plugin.capabilities[0]!.binding).to.include({
      kind: 'isolate',
      capability: 'analysis.license-header',
      entry: path.join(EXAMPLE, 'index.js'),
    });
    expect(plugin.limits.cpuMs).to.equal(5000);
    expect(plugin.permissions).to.deep.equal({ read: ['**'], writes: false, tools: [] });
  });

  it('registers beside the first-party capabilities, with its input validated like theirs', async () => {
    const registry = await loadRegistry({ roots: defaultRoots() });
    const before = registry.size;
    const report = await registerPlugins(registry, [EXAMPLE], process.cwd());
    expect(report.broken).to.deep.equal([]);
    expect(registry.size).to.equal(before + 1);
    expect(registry.validateInput('acme/analysis.license-header', { lines: 3 }).valid).to.equal(true);
    expect(registry.validateInput('acme/analysis.license-header', { lines: 'three' }).valid).to.equal(false);
    expect(registry.get('acme/analysis.license-header')?.binding).to.not.equal(undefined);
  });

  it('refuses a manifest that fails its schema, naming the field', async () => {
    const bad = await refusal(
      await pluginFolder('bad', {
        sdk: '^1.0.0',
        entry: 'index.js',
        capabilities: [meta('analysis.thing', { version: 'one' })],
        permissions: { network: true },
      }),
    );
    expect(bad.code).to.equal('invalid_plugin');
    expect(bad.message)
      .to.match(/\/agentd\/capabilities\/0\/version/)
      .and.match(/network/);
  });

  it('refuses an SDK range this agentd does not provide', async () => {
    const bad = await refusal(await pluginFolder('future', { sdk: '^2.0.0', entry: 'index.js', capabilities: [meta()] }));
    expect(bad.code).to.equal('invalid_plugin');
    expect(bad.message).to.contain('supports SDK ^2.0.0; this agentd provides SDK 1.0.0');
  });

  it('refuses a missing entry, and an entry outside the folder', async () => {
    const missing = await refusal(await pluginFolder('unbuilt', { sdk: '^1.0.0', entry: 'dist/index.js', capabilities: [meta()] }));
    expect(missing.code).to.equal('invalid_plugin');
    expect(missing.message).to.contain('entry that does not exist');
    const outside = await refusal(await pluginFolder('sneaky', { sdk: '^1.0.0', entry: '../../etc/passwd', capabilities: [meta()] }));
    expect(outside.message).to.contain('entry outside its folder');
  });

  it('refuses writes: true without the writes permission, and an id outside its group', async () => {
    expect(
      (
        await refusal(
          await pluginFolder('w', { sdk: '^1.0.0', entry: 'index.js', capabilities: [meta('refactoring.x', { writes: true })] }),
        )
      ).message,
    ).to.contain('writes: true');
    expect(
      (
        await refusal(
          await pluginFolder('g', { sdk: '^1.0.0', entry: 'index.js', capabilities: [meta('analysis.x', { group: 'testing' })] }),
        )
      ).message,
    ).to.contain('outside its group');
  });

  it('refuses an id another plugin already registered (duplicate_capability), and keeps the first', async () => {
    const first = await pluginFolder('one', { namespace: 'acme', sdk: '^1.0.0', entry: 'index.js', capabilities: [meta()] });
    const second = await pluginFolder('two', { namespace: 'acme', sdk: '^1.0.0', entry: 'index.js', capabilities: [meta()] });
    const registry = new CapabilityRegistry();
    const report = await registerPlugins(registry, [first, second], process.cwd());
    expect(report.loaded.map((l) => l.plugin.name)).to.deep.equal(['one']);
    expect(report.broken[0]!.error.code).to.equal('duplicate_capability');
    expect(registry.get('acme/analysis.thing')?.binding).to.have.property('plugin', 'one');
  });

  it('registers a plugin whole or not at all: a bad inputSchema in its second capability leaves none of it', async () => {
    const folder = await pluginFolder('half', {
      namespace: 'half',
      sdk: '^1.0.0',
      entry: 'index.js',
      capabilities: [meta('analysis.good'), meta('analysis.bad', { inputSchema: { type: 'object', minimun: 1 } })],
    });
    const registry = new CapabilityRegistry();
    const report = await registerPlugins(registry, [folder], process.cwd());
    expect(report.broken[0]!.error.code).to.equal('invalid_plugin');
    expect(report.broken[0]!.error.message).to.contain('analysis.bad').and.contain('inputSchema');
    expect(registry.size).to.equal(0);
  });

  it('skips a broken plugin and loads the others: not a folder, no manifest, not JSON, an unknown package', async () => {
    const noManifest = await mkdtemp(path.join(tmpdir(), 'agentd-manifest-'));
    await writeFile(path.join(noManifest, 'package.json'), JSON.stringify({ name: 'plain', version: '1.0.0' }));
    const notJson = await mkdtemp(path.join(tmpdir(), 'agentd-manifest-'));
    await writeFile(path.join(notJson, 'package.json'), '{ nope');
    const copy = path.join(await mkdtemp(path.join(tmpdir(), 'agentd-manifest-')), 'license');
    await cp(EXAMPLE, copy, { recursive: true });
    const report = await registerPlugins(
      new CapabilityRegistry(),
      ['./no/such/folder', noManifest, notJson, 'agentd-plugin-that-is-not-installed', copy],
      process.cwd(),
    );
    expect(report.loaded.map((l) => l.plugin.name)).to.deep.equal(['@acme/agentd-license-header']);
    expect(report.broken.map((b) => b.error.code)).to.deep.equal(['invalid_plugin', 'invalid_plugin', 'invalid_plugin', 'invalid_plugin']);
    expect(report.broken[1]!.error.message).to.contain('no "agentd" field');
  });

  it('never runs plugin code while loading', async () => {
    // An entry that would throw (and write a file) the moment it ran: loading must not notice.
    const marker = path.join(tmpdir(), `agentd-plugin-ran-${process.pid}`);
    const folder = await pluginFolder(
      'loud',
      { sdk: '^1.0.0', entry: 'index.js', capabilities: [meta()] },
      {
        'index.js': `import fs from 'node:fs'; fs.writeFileSync(${JSON.stringify(marker)}, 'ran'); throw new Error('ran at load');`,
      },
    );
    const report = await registerPlugins(new CapabilityRegistry(), [folder], process.cwd());
    expect(report.broken).to.deep.equal([]);
    const { existsSync } = await import('node:fs');
    expect(existsSync(marker)).to.equal(false);
  });
});
