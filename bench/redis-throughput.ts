/**
 * Several daemons on one Redis, end to end: jobs per second from POST /jobs to `succeeded` (the empty
 * test capability, maxConcurrent 3 per daemon) for 1, 2 and 3 real daemon processes on one
 * redis-server, beside the named peer measured in the same run on the same Redis: bare BullMQ (a
 * Queue and a Worker with concurrency 3 running a no-op processor, jobs added by the same 10
 * concurrent clients). The daemon's overhead is the ratio bare BullMQ / one daemon. The in-memory
 * queue (one daemon, no Redis) is shown for comparison.
 */
import { pathToFileURL } from 'node:url';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { freePort } from '../test/cli/support/agentd-process.js';
import { DaemonProcess } from '../test/daemon/multi-instance/support/daemon-process.js';
import { TestRedisServer } from '../test/daemon/multi-instance/support/redis-server.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 600);
const CLIENTS = 10;
const CONCURRENCY = 3;
const BODY = JSON.stringify({ capability: 'analysis.test-empty', mode: 'auto' });

/** Runs `submit` JOBS times over CLIENTS concurrent callers. */
async function fanOut(submit: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const client = async () => {
    while (next < JOBS) await submit(next++);
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
}

async function succeeded(url: string): Promise<number> {
  return ((await (await fetch(`${url}/stats`)).json()) as { succeeded: number }).succeeded;
}

async function daemonsJobsPerSec(daemons: DaemonProcess[]): Promise<number> {
  const before = await succeeded(daemons[0]!.url);
  const started = performance.now();
  await fanOut(async (index) => {
    const reply = await fetch(`${daemons[index % daemons.length]!.url}/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: BODY,
    });
    await reply.arrayBuffer();
    if (reply.status !== 202) throw new Error(`POST /jobs answered ${reply.status}`);
  });
  while ((await succeeded(daemons[0]!.url)) < before + JOBS) await new Promise((resolve) => setTimeout(resolve, 10));
  return (JOBS / (performance.now() - started)) * 1000;
}

async function bareBullmqJobsPerSec(port: number): Promise<number> {
  const connection = { host: '127.0.0.1', port };
  const queue = new Queue('bench-bare', { connection, prefix: 'bench' });
  let done = 0;
  let finished!: () => void;
  const allDone = new Promise<void>((resolve) => (finished = resolve));
  const worker = new Worker('bench-bare', async () => undefined, {
    connection: { ...connection, maxRetriesPerRequest: null },
    prefix: 'bench',
    concurrency: CONCURRENCY,
  });
  worker.on('error', () => undefined);
  worker.on('completed', () => ++done === JOBS && finished());
  await worker.waitUntilReady();
  const started = performance.now();
  await fanOut(async (index) => void (await queue.add('run', {}, { jobId: `bare-${index}`, priority: 1000, removeOnComplete: true })));
  await allDone;
  const perSec = (JOBS / (performance.now() - started)) * 1000;
  await worker.close();
  await queue.close();
  return perSec;
}

async function startDaemons(count: number, queueUrl: string): Promise<DaemonProcess[]> {
  const daemons: DaemonProcess[] = [];
  for (let i = 0; i < count; i++) daemons.push(new DaemonProcess(`bench${i}`, await freePort(), queueUrl, CONCURRENCY));
  await Promise.all(daemons.map((daemon) => daemon.start()));
  return daemons;
}

async function measureDaemons(count: number, queueUrl: string): Promise<number> {
  const daemons = await startDaemons(count, queueUrl);
  try {
    await daemonsJobsPerSec(daemons); // warm-up: executor threads, JIT, Lua scripts
    return await daemonsJobsPerSec(daemons);
  } finally {
    await Promise.all(daemons.map((daemon) => daemon.remove()));
  }
}

export async function run(): Promise<void> {
  const redis = new TestRedisServer(await freePort(), false);
  await redis.start();
  const flush = async () => {
    const client = new Redis({ host: '127.0.0.1', port: redis.port });
    await client.flushall();
    client.disconnect();
  };
  try {
    await bareBullmqJobsPerSec(redis.port); // warm-up
    const bare = await bareBullmqJobsPerSec(redis.port);
    const perDaemons: number[] = [];
    for (const count of [1, 2, 3]) {
      await flush();
      perDaemons.push(await measureDaemons(count, redis.url));
    }
    const memory = await measureDaemons(1, '');
    console.log(`jobs/s, submit -> succeeded, ${JOBS} empty jobs, ${CLIENTS} clients, concurrency ${CONCURRENCY} per consumer:`);
    console.log(`  bare BullMQ (Queue + Worker, no-op processor), same Redis: ${bare.toFixed(0)} jobs/s`);
    perDaemons.forEach((perSec, index) =>
      console.log(`  agentd, ${index + 1} daemon(s) on one Redis:                  ${perSec.toFixed(0)} jobs/s`),
    );
    console.log(`  agentd, 1 daemon, in-memory queue:                     ${memory.toFixed(0)} jobs/s`);
    console.log(`  overhead of one daemon over bare BullMQ:              ${(bare / perDaemons[0]!).toFixed(2)}x`);
  } finally {
    await redis.remove();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
