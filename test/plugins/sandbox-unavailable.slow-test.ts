/**
 * agentd installed without its optional sandbox (isolated-vm not built): the real CLI runs from a
 * package folder whose node_modules holds every installed package but isolated-vm (symlinks, resolved
 * with --preserve-symlinks so nothing reaches this tree's own node_modules). A configured plugin is
 * reported and skipped with `plugin_sandbox_unavailable`; agentd itself keeps working.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const EXAMPLE = path.join(REPO, 'plugins', 'examples', 'license-header');

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { env: { ...process.env, NODE_NO_WARNINGS: '1' } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('plugins when the sandbox (isolated-vm) is not installed', function () {
  this.timeout(60_000);
  let base: string;
  let main: string;

  before(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'agentd-no-sandbox-'));
    const pkg = path.join(base, 'pkg');
    await mkdir(path.join(pkg, 'node_modules'), { recursive: true });
    await symlink(path.join(REPO, 'dist'), path.join(pkg, 'dist'));
    await symlink(path.join(REPO, 'build'), path.join(pkg, 'build'));
    await copyFile(path.join(REPO, 'package.json'), path.join(pkg, 'package.json'));
    for (const entry of await readdir(path.join(REPO, 'node_modules'))) {
      if (entry !== 'isolated-vm') await symlink(path.join(REPO, 'node_modules', entry), path.join(pkg, 'node_modules', entry));
    }
    main = path.join(pkg, 'dist', 'cli', 'main.js');
    await writeFile(path.join(base, 'config.json'), JSON.stringify({ plugins: [EXAMPLE] }));
  });
  after(() => rm(base, { recursive: true, force: true }));

  it('plugin list reports the configured plugin as skipped with plugin_sandbox_unavailable', async () => {
    const listed = await run([
      '--preserve-symlinks',
      '--preserve-symlinks-main',
      main,
      'plugin',
      'list',
      '--json',
      '--config',
      path.join(base, 'config.json'),
    ]);
    expect(listed.code, listed.stderr).to.equal(1);
    const report = JSON.parse(listed.stdout) as { capabilities: unknown[]; broken: { source: string; code: string; message: string }[] };
    expect(report.capabilities).to.deep.equal([]);
    expect(report.broken).to.have.length(1);
    expect(report.broken[0]).to.include({ source: EXAMPLE, code: 'plugin_sandbox_unavailable' });
    expect(report.broken[0]!.message).to.contain('isolated-vm').and.contain('g++, make and python3');
  });

  it('the same CLI with isolated-vm present loads it (the setup hides only the sandbox)', async () => {
    const listed = await run([
      path.join(REPO, 'dist', 'cli', 'main.js'),
      'plugin',
      'list',
      '--json',
      '--config',
      path.join(base, 'config.json'),
    ]);
    expect(listed.code, listed.stderr).to.equal(0);
    expect((JSON.parse(listed.stdout) as { capabilities: { id: string }[] }).capabilities.map((c) => c.id)).to.deep.equal([
      'acme/analysis.license-header',
    ]);
  });
});
