/**
 * The long run of the POST /jobs property test (test/daemon/hostile/submission-fuzz.test.ts): many
 * more generated bodies, a fresh seed each run (printed, so a failure reproduces with
 * FUZZ_SEED=<seed>). Prints the answers by status and code, and the rate over HTTP beside the peer
 * measured in the same run: express's own JSON parser answering the same bodies with a fixed 202.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express from 'express';
import fc from 'fast-check';
import { startSecureDaemon } from '../test/daemon/security/secure-daemon.js';
import { ACCEPTABLE_STATUSES, submissionBody } from '../test/daemon/hostile/submission-arbitraries.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);

async function post(url: string, body: string): Promise<{ status: number; code: string }> {
  const reply = await fetch(`${url}/jobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const text = await reply.text();
  let code: string;
  try {
    code = (JSON.parse(text) as { error?: { code: string } }).error?.code ?? 'ok';
  } catch {
    code = 'not-json';
  }
  if (/\n\s+at |node:internal/.test(text)) throw new Error(`stack trace in the answer to ${body.slice(0, 200)}`);
  return { status: reply.status, code };
}

async function peerRate(bodies: string[]): Promise<number> {
  const app = express();
  app.use(express.json({ limit: '1mb' }));
  app.post('/jobs', (_req, res) => res.status(202).json({ id: 'x' }));
  app.use(((_error, _req, res, _next) => res.status(400).json({ error: { code: 'bad' } })) as express.ErrorRequestHandler);
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const started = performance.now();
  for (const body of bodies) await post(url, body);
  const rate = (bodies.length / (performance.now() - started)) * 1000;
  await new Promise((resolve) => server.close(resolve));
  return rate;
}

export async function run(): Promise<void> {
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
  const bodies = fc.sample(submissionBody, { seed, numRuns: RUNS });
  const t = await startSecureDaemon();
  await mkdir(path.join(t.workspace, 'project'), { recursive: true });
  await writeFile(path.join(t.workspace, 'project', 'ok.txt'), 'fine');
  const tally = new Map<string, number>();
  let unexpected = 0;
  const started = performance.now();
  try {
    for (const body of bodies) {
      const { status, code } = await post(t.url, body);
      if (!ACCEPTABLE_STATUSES.includes(status)) unexpected += 1;
      tally.set(`${status} ${code}`, (tally.get(`${status} ${code}`) ?? 0) + 1);
    }
  } finally {
    await t.close();
  }
  const rate = (bodies.length / (performance.now() - started)) * 1000;
  const peer = await peerRate(bodies);
  console.log(
    `fuzz-submission: ${bodies.length} bodies, seed ${seed}, unexpected statuses: ${unexpected}, prototype polluted: ${({} as Record<string, unknown>).polluted !== undefined}`,
  );
  for (const [key, count] of [...tally].sort((a, b) => b[1] - a[1])) console.log(`  ${key.padEnd(32)} ${count}`);
  console.log(
    `  agentd POST /jobs (validate + submit): ${rate.toFixed(0)} bodies/s   |   peer express.json + fixed 202: ${peer.toFixed(0)} bodies/s`,
  );
  if (unexpected > 0) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
