/**
 * The daemon end to end through its REST API, beside a bare express "hello" server measured in the
 * same run with the same autocannon settings:
 *  1. jobs per second, submit -> succeeded, with the empty test capability (default maxConcurrent 3);
 *     the submit rate alone is shown beside express answering the same POST with a fixed 202;
 *  2. GET /health latency p50/p99 while 3 jobs run (CPU-bound loop-forever jobs in the executor's
 *     workers, so the machine is busy), beside express's /health under the same load.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import express from 'express';
import { defaultConfig } from '../daemon/config/index.js';
import { createLogger } from '../daemon/logging/index.js';
import { startDaemon, type DaemonHandle } from '../daemon/server.js';

const CAPABILITIES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/support/capabilities');
const JOBS = Number(process.env.BENCH_JOBS ?? 1000);
const HEALTH_SECONDS = 5;
const CONNECTIONS = 10;

async function startPeer(): Promise<{ url: string; server: Server }> {
  const app = express();
  app.use(express.json());
  app.get('/health', (_req, res) => res.json({ status: 'healthy' }));
  app.post('/jobs', (_req, res) => res.status(202).json({ id: 'hello', status: 'queued' }));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

const JOB_BODY = JSON.stringify({ capability: 'analysis.test-empty' });

/**
 * POSTs JOBS submissions over CONNECTIONS concurrent keep-alive clients (global fetch) and returns the
 * accepted count and wall time. autocannon's fixed-amount mode ends on its 1 s sampling tick, which
 * would swamp a sub-second run, so submissions use this loop for both servers.
 */
async function submitAll(url: string): Promise<{ accepted: number; perSec: number }> {
  let next = 0;
  let accepted = 0;
  const started = performance.now();
  const client = async () => {
    while (next < JOBS) {
      next += 1;
      const reply = await fetch(`${url}/jobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JOB_BODY });
      await reply.arrayBuffer();
      if (reply.status === 202) accepted += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  return { accepted, perSec: (JOBS / (performance.now() - started)) * 1000 };
}

async function stats(url: string): Promise<Record<string, number>> {
  return (await fetch(`${url}/stats`)).json() as Promise<Record<string, number>>;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function jobsPerSecond(daemon: DaemonHandle): Promise<{ jobsPerSec: number; submitsPerSec: number }> {
  const before = (await stats(daemon.url)).succeeded;
  const started = performance.now();
  const submitted = await submitAll(daemon.url);
  await until(async () => (await stats(daemon.url)).succeeded >= before + JOBS);
  const totalMs = performance.now() - started;
  if (submitted.accepted !== JOBS) throw new Error(`only ${submitted.accepted} of ${JOBS} submissions were accepted`);
  return { jobsPerSec: (JOBS / totalMs) * 1000, submitsPerSec: submitted.perSec };
}

async function healthUnderLoad(daemon: DaemonHandle, peerUrl: string): Promise<{ ours: autocannon.Result; peer: autocannon.Result }> {
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const reply = await fetch(`${daemon.url}/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ capability: 'analysis.test-loop-forever' }),
    });
    ids.push(((await reply.json()) as { id: string }).id);
  }
  await until(async () => (await stats(daemon.url)).running === 3);
  const ours = await cannon({ url: `${daemon.url}/health`, connections: CONNECTIONS, duration: HEALTH_SECONDS });
  const peer = await cannon({ url: `${peerUrl}/health`, connections: CONNECTIONS, duration: HEALTH_SECONDS });
  for (const id of ids) await fetch(`${daemon.url}/jobs/${id}`, { method: 'DELETE' });
  return { ours, peer };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

export async function run(): Promise<void> {
  const workspace = await mkdtemp(path.join(tmpdir(), 'agentd-bench-daemon-'));
  const config = defaultConfig();
  Object.assign(config.server, { port: 0, host: '127.0.0.1' });
  config.workspace.path = workspace;
  config.workspace.default = '.'; // the bench posts jobs without a workspace
  const logger = createLogger({ level: 'warn', format: 'json', file: null }, { stdout: new Writable({ write: (_c, _e, done) => done() }) });
  const daemon = await startDaemon(config, { logger, capabilityFolders: [CAPABILITIES] });
  const peer = await startPeer();
  try {
    await jobsPerSecond(daemon); // warm-up: executor threads, JIT
    const throughput = await jobsPerSecond(daemon);
    const peerSubmit = await submitAll(peer.url);
    const load = await healthUnderLoad(daemon, peer.url);
    console.log(
      `end to end, submit -> succeeded, ${JOBS} empty jobs, maxConcurrent ${config.server.maxConcurrent}: ${throughput.jobsPerSec.toFixed(0)} jobs/s`,
    );
    console.log(
      `POST /jobs accepted (validation + queue):  agentd ${throughput.submitsPerSec.toFixed(0)} req/s   | bare express fixed 202: ${peerSubmit.perSec.toFixed(0)} req/s`,
    );
    console.log(`GET /health while 3 CPU-bound jobs run (${CONNECTIONS} connections, ${HEALTH_SECONDS} s):`);
    console.log(
      `  agentd       p50 ${ms(load.ours.latency.p50)}  p99 ${ms(load.ours.latency.p99)}  max ${ms(load.ours.latency.max)}  ${load.ours.requests.average.toFixed(0)} req/s  non-2xx ${load.ours.non2xx}`,
    );
    console.log(
      `  bare express p50 ${ms(load.peer.latency.p50)}  p99 ${ms(load.peer.latency.p99)}  max ${ms(load.peer.latency.max)}  ${load.peer.requests.average.toFixed(0)} req/s`,
    );
  } finally {
    await new Promise((resolve) => peer.server.close(resolve));
    await daemon.close({ graceSec: 0 });
    await logger.close();
    await rm(workspace, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
