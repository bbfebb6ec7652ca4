/**
 * `agentd plugin init|add|list|remove|test` through the real CLI, and the done-path: `agentd
 * plugin init acme && cd acme && npm test` passes; the added plugin then runs as a REST job of a daemon
 * configured from the same file, and in `agentd scan`.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { cleanEnv, runAgentd } from '../cli/support/agentd-process.js';
import { startTestDaemon } from '../daemon/support/daemon-harness.js';
import { post, waitForStatus } from '../daemon/support/http-client.js';

const EXAMPLE = fileURLToPath(new URL('../../../plugins/examples/license-header', import.meta.url));

describe('agentd plugin (CLI)', function () {
  this.timeout(120_000);
  let base: string;
  let config: string;

  before(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'agentd-plugin-cli-'));
    config = path.join(base, 'config.json');
  });

  it('init scaffolds a plugin whose own npm test passes', async () => {
    const init = await runAgentd(['plugin', 'init', 'acme', '--dir', base]);
    expect(init.code, init.stderr).to.equal(0);
    expect(init.stdout).to.contain('acme/analysis.todo-comments');
    const { stdout } = await promisify(execFile)('npm', ['test'], {
      cwd: path.join(base, 'acme'),
      env: { ...process.env, npm_config_loglevel: 'silent' },
    });
    expect(stdout)
      .to.match(/# pass 4/)
      .and.match(/# fail 0/);
    const test = await runAgentd(['plugin', 'test', path.join(base, 'acme')]);
    expect(test.code, test.stderr).to.equal(0);
    expect(test.stdout).to.contain('manifest valid (acme/analysis.todo-comments)');
  });

  it('add validates and records the plugin; list shows id, version, permissions, source; a broken one is refused', async () => {
    const added = await runAgentd(['plugin', 'add', path.join(base, 'acme'), '--config', config]);
    expect(added.code, added.stderr).to.equal(0);
    expect((await runAgentd(['plugin', 'add', EXAMPLE, '--config', config])).code).to.equal(0);
    expect(JSON.parse(await readFile(config, 'utf8')).plugins).to.deep.equal([path.join(base, 'acme'), EXAMPLE]);
    const again = await runAgentd(['plugin', 'add', path.join(base, 'acme'), '--config', config]);
    // Adding again checks (and re-bundles) it without a second entry.
    expect(again.code, again.stderr).to.equal(0);
    expect(again.stdout).to.contain('already in "plugins"');
    expect(JSON.parse(await readFile(config, 'utf8')).plugins).to.have.length(2);
    const broken = path.join(base, 'broken');
    await mkdir(broken);
    await writeFile(
      path.join(broken, 'package.json'),
      JSON.stringify({ name: 'broken', version: '1.0.0', agentd: { sdk: '^9.0.0', entry: 'index.js', capabilities: [] } }),
    );
    const refused = await runAgentd(['plugin', 'add', broken, '--config', config]);
    expect(refused.code).to.equal(2);
    expect(refused.stderr).to.contain('invalid manifest');
    const list = await runAgentd(['plugin', 'list', '--config', config, '--json']);
    expect(list.code, list.stderr).to.equal(0);
    const listed = JSON.parse(list.stdout) as {
      capabilities: { id: string; version: string; source: string; permissions: { read: string[] } }[];
      broken: unknown[];
    };
    expect(listed.capabilities.map((c) => [c.id, c.version, c.source])).to.deep.equal([
      ['acme/analysis.todo-comments', '0.1.0', path.join(base, 'acme')],
      ['acme/analysis.license-header', '1.0.0', EXAMPLE],
    ]);
    expect(listed.capabilities[0]!.permissions.read).to.deep.equal(['**']);
    expect(listed.broken).to.deep.equal([]);
  });

  it('the added plugin runs as a REST job of a daemon configured from that file, and in agentd scan', async () => {
    const plugins = JSON.parse(await readFile(config, 'utf8')).plugins as string[];
    const t = await startTestDaemon({
      configure: (c) => {
        c.plugins = plugins;
      },
    });
    try {
      await mkdir(path.join(t.workspace, 'project'));
      await writeFile(path.join(t.workspace, 'project', 'a.ts'), 'export const a = 1; // TODO tidy\n');
      const { body } = await post(t.url, '/jobs', { capability: 'acme/analysis.todo-comments', workspace: 'project' });
      const job = await waitForStatus(t.url, body.id, ['succeeded', 'failed'], 60_000);
      expect(job.status, JSON.stringify(job.error)).to.equal('succeeded');
      expect(job.result!.findings.map((f) => [f.ruleId, f.file, f.range.startLine])).to.deep.equal([['todo-comments/todo', 'a.ts', 1]]);
    } finally {
      await t.close();
    }
    const project = path.join(base, 'scanned');
    await mkdir(project);
    await writeFile(path.join(project, 'b.js'), '// FIXME soon\n');
    // `agentd plugin add` with no --config writes ~/.agentd/config.json, which agentd scan reads too.
    const env = cleanEnv({ HOME: path.join(base, 'home') });
    expect((await runAgentd(['plugin', 'add', path.join(base, 'acme')], env)).code).to.equal(0);
    const scan = await runAgentd(
      ['scan', project, '--checks', 'acme/analysis.todo-comments', '--format', 'json', '--fail-on', 'none'],
      env,
    );
    expect(scan.code, scan.stderr).to.equal(0);
    expect((JSON.parse(scan.stdout) as { findings: { ruleId: string }[] }).findings.map((f) => f.ruleId)).to.deep.equal([
      'todo-comments/fixme',
    ]);
    // A configured plugin that breaks later is a warning for scan (as for the daemon), not a failed gate.
    const userConfig = path.join(base, 'home', '.agentd', 'config.json');
    await writeFile(userConfig, JSON.stringify({ plugins: [path.join(base, 'acme'), path.join(base, 'gone')] }));
    const warned = await runAgentd(
      ['scan', project, '--checks', 'acme/analysis.todo-comments', '--format', 'json', '--fail-on', 'none'],
      env,
    );
    expect(warned.code, warned.stderr).to.equal(0);
    expect(warned.stderr).to.contain('plugin skipped').and.contain('gone');
  });

  it('remove takes a plugin out by package name', async () => {
    const removed = await runAgentd(['plugin', 'remove', '@acme/agentd-license-header', '--config', config]);
    expect(removed.code, removed.stderr).to.equal(0);
    expect(JSON.parse(await readFile(config, 'utf8')).plugins).to.deep.equal([path.join(base, 'acme')]);
    expect((await runAgentd(['plugin', 'remove', 'nothing-like-it', '--config', config])).code).to.equal(2);
  });
});
