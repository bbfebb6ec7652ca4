import { expect } from 'chai';
import { deliver, pullRequestPayload, startAppWorld, TestRepository, type AppWorld } from './github-support.js';

/** Enough code that `checks: all` takes a few seconds: the daemon is closed while it runs. */
const FILES = Object.fromEntries(
  Array.from({ length: 200 }, (_, i) => [
    `src/f${i}.js`,
    Array.from(
      { length: 60 },
      (_, j) => `function f${i}_${j}(a, b) { if (a > ${j}) { return b.map((x) => x * ${j}); } return null; }`,
    ).join('\n') + '\n',
  ]),
);

describe('GitHub App: a daemon shutting down during a pull-request scan', function () {
  this.timeout(120_000);
  let world: AppWorld;
  before(async () => {
    world = await startAppWorld();
  });
  after(() => world?.close());

  it('kills the scan and completes the check run as failed, saying why, instead of leaving it in progress', async () => {
    const repo = new TestRepository(world, 'acme', 'big');
    const base = repo.commit('main', { ...FILES, 'agentd.config.json': JSON.stringify({ checks: ['all'] }) });
    const head = repo.commit('feature', { 'src/new.js': 'module.exports = 1;\n' });
    world.fake.pullFiles.set('acme/big#1', repo.pullFiles(base, head));
    await deliver(world.daemon.url, 'pull_request', pullRequestPayload(repo, 'opened', 1, head, base));
    await world.fake.waitFor(() => [...world.fake.checkRuns.values()].find((run) => run.head_sha === head));
    await new Promise((resolve) => setTimeout(resolve, 500)); // the fetch and the scan are under way
    await world.daemon.close();
    const run = [...world.fake.checkRuns.values()].find((r) => r.head_sha === head)!;
    expect(run.status).to.equal('completed');
    expect(run.conclusion).to.equal('failure');
    expect(run.output.summary).to.match(/shut down/);
  });
});
