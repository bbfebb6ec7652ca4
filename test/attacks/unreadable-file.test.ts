/**
 * Attack: one `chmod 000` file in a workspace failed a whole analysis job with capability_error, and
 * the message named the server's absolute path. Now it is skipped with its reason and its
 * workspace-relative path — in a REST job of a real daemon process and in `agentd scan` — and so is a
 * folder that cannot be read. As root, agentd runs as `nobody` here (root reads mode-000 files anyway).
 */
import { expect } from 'chai';
import { chmod, chown, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AgentdProcess, freePort, runAgentd } from '../cli/support/agentd-process.js';
import { get, post, waitForStatus } from '../daemon/support/http-client.js';
import { ownedFolder, unprivileged, unprivilegedEnv } from './support/unprivileged.js';

const ANALYSES = [
  'complexity',
  'dependencies',
  'duplication',
  'lint',
  'naming',
  'performance',
  'quality',
  'security',
  'smells',
  'structure',
];

async function chownTree(folder: string): Promise<void> {
  if (unprivileged.uid === undefined) return;
  await chown(folder, unprivileged.uid, unprivileged.gid!);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) await chownTree(full);
    else await chown(full, unprivileged.uid, unprivileged.gid!);
  }
}

describe('attack: unreadable files in a workspace', function () {
  this.timeout(120_000);
  let workspace: string;
  let project: string;

  before(async () => {
    workspace = await ownedFolder('agentd-unreadable-');
    project = path.join(workspace, 'project');
    await mkdir(path.join(project, 'src', 'locked-dir'), { recursive: true });
    await writeFile(path.join(project, 'package.json'), '{"name":"p","version":"1.0.0","type":"module"}');
    await writeFile(path.join(project, 'src', 'ok.js'), 'export function ok(a) {\n  return a > 1 ? a : 1;\n}\n');
    await writeFile(path.join(project, 'src', 'locked.js'), 'export const secret = 1;\n');
    await writeFile(path.join(project, 'src', 'locked-dir', 'inner.js'), 'export const inner = 2;\n');
    await chownTree(workspace);
    await chmod(path.join(project, 'src', 'locked.js'), 0o000);
    await chmod(path.join(project, 'src', 'locked-dir'), 0o000);
  });
  after(async () => {
    await chmod(path.join(project, 'src', 'locked-dir'), 0o755).catch(() => undefined);
    await rm(workspace, { recursive: true, force: true });
  });

  const expectSkippedRelative = (skipped: { file?: string; path?: string; code: string; reason?: string; message?: string }[]): void => {
    const byPath = new Map(skipped.map((s) => [s.file ?? s.path, s]));
    expect(byPath.get('src/locked.js')?.code).to.equal('file_unreadable');
    expect(byPath.get('src/locked-dir/')?.code).to.equal('file_unreadable');
    expect(JSON.stringify(skipped)).to.not.include(workspace);
  };

  it('REST: the analyses succeed, listing the file and the folder as skipped without the server path', async () => {
    const port = await freePort();
    const daemon = new AgentdProcess(['start', '-p', String(port), '--workspace', workspace], await unprivilegedEnv(), unprivileged);
    try {
      await daemon.waitForOutput(/agentd listening on/);
      const url = `http://127.0.0.1:${port}`;
      const single = await post(url, '/jobs', { capability: 'analysis.complexity', workspace: 'project' });
      const done = await waitForStatus(url, single.body.id, ['succeeded', 'failed'], 60_000);
      expect(done.status, JSON.stringify(done.error)).to.equal('succeeded');
      expectSkippedRelative((done.result!.data as { skipped: [] }[])[0]!.skipped);
      expect(done.steps[0]!.summary).to.include('(2 skipped)');

      const pipeline = await post(url, '/jobs', {
        pipeline: ANALYSES.map((name) => ({ capability: `analysis.${name}` })),
        workspace: 'project',
      });
      const all = await waitForStatus(url, pipeline.body.id, ['succeeded', 'failed'], 90_000);
      expect(all.status, JSON.stringify(all.error)).to.equal('succeeded');
      expect(all.steps.map((step) => step.status)).to.deep.equal(ANALYSES.map(() => 'succeeded'));
      expect(JSON.stringify((await get(url, `/jobs/${pipeline.body.id}`)).body)).to.not.include(workspace);
    } finally {
      await daemon.kill();
    }
    expect(daemon.stdout + daemon.stderr).to.not.include(path.join(project, 'src', 'locked.js'));
  });

  it('CLI: agentd scan reports both as skipped and exits normally', async () => {
    const result = await runAgentd(['scan', project, '--checks', 'all', '--format', 'json'], await unprivilegedEnv(), unprivileged);
    expect(result.code, result.stderr).to.equal(0);
    const report = JSON.parse(result.stdout) as { skipped: { path: string; code: string }[]; runs: { error?: unknown }[] };
    expectSkippedRelative(report.skipped);
    expect(report.runs.filter((run) => run.error)).to.deep.equal([]);
  });
});
