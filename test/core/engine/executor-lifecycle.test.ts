import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createEngine } from '../../../core/engine/index.js';
import { loadTestRegistry, makeWorkspace, request } from './engine-harness.js';

const run = promisify(execFile);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('executor process lifecycle', function () {
  let workspace: Awaited<ReturnType<typeof makeWorkspace>>;

  before(async function () {
    workspace = await makeWorkspace({ 'a.txt': 'a\n' });
  });
  after(async function () {
    await workspace.cleanup();
  });

  it('close() ends the executor process', async function () {
    const engine = createEngine({ registry: await loadTestRegistry(), poolOptions: { warmMemoryMB: [] } });
    await engine.start();
    const pid = engine.executor.pid!;
    expect(isAlive(pid)).to.equal(true);
    await engine.close();
    expect(isAlive(pid)).to.equal(false);
  });

  it('close() right after a crash also ends the executor that was being restarted', async function () {
    const engine = createEngine({ registry: await loadTestRegistry(), poolOptions: { warmMemoryMB: [] } });
    const crashed = await engine.run(
      request(workspace.root, [{ capability: 'analysis.test-alloc-huge' }], { limits: { maxMemoryMB: 64 } }),
    );
    expect(crashed.error!.code).to.equal('capability_crashed');
    await engine.close();
    expect(engine.executor.pid === null || !isAlive(engine.executor.pid)).to.equal(true);
  });

  it('close() while a step runs ends that job with unavailable instead of leaving it hanging', async function () {
    const engine = createEngine({ registry: await loadTestRegistry(), poolOptions: { warmMemoryMB: [] } });
    let markRunning!: () => void;
    const running = new Promise<void>((resolve) => (markRunning = resolve));
    const job = engine.run(request(workspace.root, [{ capability: 'analysis.test-loop-forever' }]), {
      onEvent: (event) => event.type === 'step' && event.status === 'running' && markRunning(),
    });
    await running;
    const pid = engine.executor.pid!;
    await engine.close();
    const outcome = await job;
    expect(outcome.status).to.equal('failed');
    expect(outcome.error!.code).to.equal('unavailable');
    expect(isAlive(pid)).to.equal(false);
  });

  it('an idle engine that was never closed does not keep its process alive, and its executor exits with it', async function () {
    const script = fileURLToPath(new URL('./unclosed-engine-script.js', import.meta.url));
    const { stdout } = await run(process.execPath, [script, workspace.root], { timeout: 15_000 });
    const { status, executorPid } = JSON.parse(stdout) as { status: string; executorPid: number };
    expect(status).to.equal('succeeded');
    // The executor notices its parent is gone (IPC disconnect) and exits on its own.
    for (let i = 0; i < 50 && isAlive(executorPid); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isAlive(executorPid)).to.equal(false);
  });
});
