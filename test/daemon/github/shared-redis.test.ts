import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { createMemoryBackend } from '../../../daemon/queue/backend.js';
import { randomPrefix } from '../security/secure-daemon.js';
import { deliver, pullRequestPayload, startAppWorld, TestRepository, type AppWorld } from './github-support.js';

const REDIS_URL = `redis://127.0.0.1:${process.env.AGENTD_TEST_REDIS_PORT ?? 6379}`;
const PULLS = 12;

describe('GitHub App: three daemons sharing Redis and a workspace folder', function () {
  this.timeout(300_000);
  const prefix = randomPrefix();
  const shared = mkdtempSync(path.join(tmpdir(), 'agentd-ghapp-shared-'));
  let world: AppWorld;

  before(async () => {
    world = await startAppWorld(
      (config) => {
        config.queue.type = 'redis';
        config.queue.url = REDIS_URL;
        config.workspace.path = shared;
      },
      { daemons: 3, deps: async () => ({ backend: createMemoryBackend(), securityRedisPrefix: prefix }) },
    );
  });
  after(async () => {
    await world?.close();
    rmSync(shared, { recursive: true, force: true });
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it(`${PULLS} pull-request events, each delivered to one daemon and redelivered to another at once: exactly one check run each`, async () => {
    const repos = ['one', 'two', 'three'].map((name) => new TestRepository(world, 'acme', name));
    const bases = repos.map((repo) => repo.commit('main', { 'src/a.js': 'module.exports = (x) => x + 1;\n' }));
    const events = Array.from({ length: PULLS }, (_, i) => {
      const r = i % repos.length;
      const repo = repos[r]!;
      const head = repo.commit(`pr-${i}`, { [`src/f${i}.js`]: `require('child_process').exec('echo ' + process.argv[${i}]);\n` });
      world.fake.pullFiles.set(`${repo.fullName}#${i + 1}`, repo.pullFiles(bases[r]!, head));
      return { payload: pullRequestPayload(repo, 'opened', i + 1, head, bases[r]!), head, file: `src/f${i}.js`, delivery: randomUUID() };
    });
    const replies = await Promise.all(
      events.flatMap((event, i) => [
        deliver(world.daemons[i % 3]!.url, 'pull_request', event.payload, event.delivery),
        deliver(world.daemons[(i + 1) % 3]!.url, 'pull_request', event.payload, event.delivery),
      ]),
    );
    expect(
      replies.map((reply) => reply.status),
      JSON.stringify(replies.filter((reply) => reply.status !== 202).map((reply) => reply.body)),
    ).to.deep.equal(replies.map(() => 202));
    expect(replies.filter((reply) => reply.body.accepted === true)).to.have.length(PULLS);
    expect(replies.filter((reply) => reply.body.duplicate === true)).to.have.length(PULLS);
    await world.fake.waitFor(() => [...world.fake.checkRuns.values()].filter((run) => run.status === 'completed').length >= PULLS, 240_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const runs = [...world.fake.checkRuns.values()];
    expect(runs).to.have.length(PULLS);
    for (const event of events) {
      const mine = runs.filter((run) => run.head_sha === event.head);
      expect(mine, event.head).to.have.length(1);
      expect(mine[0]!.conclusion).to.equal('failure');
      expect(mine[0]!.annotations).to.not.be.empty;
      expect(mine[0]!.annotations.every((a) => a.path === event.file && a.start_line === 1)).to.equal(true);
    }
    expect(world.fake.violations).to.deep.equal([]);
    expect(world.fake.responseViolations).to.deep.equal([]);
  });
});
