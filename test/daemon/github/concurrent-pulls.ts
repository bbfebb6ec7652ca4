/**
 * The concurrent pull-requests scenario of the issue, shared by the tests (shared-redis.test.ts with 12
 * pull requests, concurrent-pulls-50.slow-test.ts with 50) and bench/github-concurrent-prs.ts: a world of
 * daemons sharing one Redis queue and one workspace folder (startAppWorld), three repositories, `pulls`
 * pull requests opened at once, each delivered to one daemon and redelivered (same X-GitHub-Delivery) to
 * the next at the same moment. It waits for every check run to complete and returns what happened; the
 * callers judge it (exactly one completed check run per head, annotations on the pull request's file).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { createMemoryBackend } from '../../../daemon/queue/backend.js';
import type { FakeCheckRun } from '../../support/fake-github/fake-github.js';
import { randomPrefix } from '../security/secure-daemon.js';
import { deliver, pullRequestPayload, startAppWorld, TestRepository, type AppWorld } from './github-support.js';

export const REDIS_URL = `redis://127.0.0.1:${process.env.AGENTD_TEST_REDIS_PORT ?? 6379}`;

export interface SharedWorld {
  world: AppWorld;
  close(): Promise<void>;
}

/** `daemons` daemons on the real Redis (a fresh key prefix) and one shared workspace folder. */
export async function startSharedWorld(daemons: number): Promise<SharedWorld> {
  const prefix = randomPrefix();
  const shared = mkdtempSync(path.join(tmpdir(), 'agentd-ghapp-shared-'));
  const world = await startAppWorld(
    (config) => {
      config.queue.type = 'redis';
      config.queue.url = REDIS_URL;
      config.workspace.path = shared;
    },
    { daemons, deps: async () => ({ backend: createMemoryBackend(), securityRedisPrefix: prefix }) },
  );
  return {
    world,
    async close() {
      await world.close();
      rmSync(shared, { recursive: true, force: true });
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    },
  };
}

export interface PullEvent {
  head: string;
  /** The one file the pull request adds (with one command injection on line 1). */
  file: string;
}

export interface ConcurrentOutcome {
  events: PullEvent[];
  /** Webhook replies: two per pull request (the delivery and its redelivery). */
  replies: { status: number; body: Record<string, unknown> }[];
  /** Every check run the stand-in holds after the last one completed (and half a second more). */
  runs: FakeCheckRun[];
  /** From the first delivery sent to the last check run completed. */
  ms: number;
}

export async function concurrentPulls(world: AppWorld, pulls: number, waitMs = 600_000): Promise<ConcurrentOutcome> {
  const repos = ['one', 'two', 'three'].map((name) => new TestRepository(world, 'acme', `${name}-${randomUUID().slice(0, 8)}`));
  const bases = repos.map((repo) => repo.commit('main', { 'src/a.js': 'module.exports = (x) => x + 1;\n' }));
  const daemons = world.daemons.length;
  const events = Array.from({ length: pulls }, (_, i) => {
    const r = i % repos.length;
    const repo = repos[r]!;
    const file = `src/f${i}.js`;
    const head = repo.commit(`pr-${i}`, { [file]: `require('child_process').exec('echo ' + process.argv[${i}]);\n` });
    world.fake.pullFiles.set(`${repo.fullName}#${i + 1}`, repo.pullFiles(bases[r]!, head));
    return { payload: pullRequestPayload(repo, 'opened', i + 1, head, bases[r]!), head, file, delivery: randomUUID() };
  });
  const heads = new Set(events.map((event) => event.head));
  const completed = () => [...world.fake.checkRuns.values()].filter((run) => heads.has(run.head_sha) && run.status === 'completed');
  const started = performance.now();
  const replies = await Promise.all(
    events.flatMap((event, i) => [
      deliver(world.daemons[i % daemons]!.url, 'pull_request', event.payload, event.delivery),
      deliver(world.daemons[(i + 1) % daemons]!.url, 'pull_request', event.payload, event.delivery),
    ]),
  );
  await world.fake.waitFor(() => completed().length >= pulls, waitMs);
  const ms = performance.now() - started;
  // A second check run of a head would come after the first: give it time to show.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    events: events.map(({ head, file }) => ({ head, file })),
    replies: replies.map((reply) => ({ status: reply.status, body: reply.body as Record<string, unknown> })),
    runs: [...world.fake.checkRuns.values()].filter((run) => heads.has(run.head_sha)),
    ms,
  };
}
