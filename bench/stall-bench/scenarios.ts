/**
 * The stall scenarios of the outside campaign (issue #15), each a load on a running daemon; each
 * returns a line of what it did. The workspace is generated: 20,000 tiny modules under `tiny/`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';

export interface Scenario {
  name: string;
  title: string;
  /** Work before the measured window (not timed): e.g. jobs whose records the load then reads. */
  prepare?(url: string): Promise<string>;
  load(url: string): Promise<string>;
}

export const TINY_FILES = Number(process.env.STALL_BENCH_FILES ?? 20_000);
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

export async function writeTinyWorkspace(root: string): Promise<void> {
  const project = path.join(root, 'tiny');
  await mkdir(project, { recursive: true });
  await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'tiny', version: '1.0.0', type: 'module' }));
  for (let i = 0; i < TINY_FILES; i++) {
    const folder = path.join(project, 'src', `d${Math.floor(i / 100)}`);
    if (i % 100 === 0) await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, `f${i}.js`), `export function f${i}(a) {\n  if (a > ${i}) return a * 2;\n  return a + ${i};\n}\n`);
  }
}

const json = { 'content-type': 'application/json' };

async function post(url: string, body: unknown): Promise<{ id?: string }> {
  return (await (await fetch(`${url}/jobs`, { method: 'POST', headers: json, body: JSON.stringify(body) })).json()) as { id?: string };
}

async function finished(url: string, id: string): Promise<{ status: string; bytes: number; record: Record<string, any> }> {
  for (;;) {
    const text = await (await fetch(`${url}/jobs/${id}`)).text();
    const record = JSON.parse(text) as Record<string, any>;
    if (['succeeded', 'failed', 'cancelled', 'awaiting_approval'].includes(record.status))
      return { status: record.status, bytes: Buffer.byteLength(text), record };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Runs `client` on `clients` concurrent loops until `ms` passed; how many requests and their statuses. */
async function hammer(clients: number, ms: number, client: () => Promise<number>): Promise<string> {
  const until = Date.now() + ms;
  const statuses = new Map<number, number>();
  let total = 0;
  let slowest = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        const status = await client().catch(() => 0);
        slowest = Math.max(slowest, performance.now() - started);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        total += 1;
      }
    }),
  );
  return `${total} requests (${[...statuses].map(([s, n]) => `${n}x ${s || 'error'}`).join(', ')}), slowest ${(slowest / 1000).toFixed(2)} s`;
}

const hugeName = JSON.stringify({ capability: `analysis.${'x'.repeat(900_000)}` });

/** `rounds` times: `at once` requests sent together, then a pause; the statuses and the slowest round. */
async function bursts(rounds: number, atOnce: number, pauseMs: number, send: () => Promise<number>): Promise<string> {
  const statuses = new Map<number, number>();
  let slowest = 0;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    for (const status of await Promise.all(Array.from({ length: atOnce }, () => send().catch(() => 0))))
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    slowest = Math.max(slowest, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return `${[...statuses].map(([s, n]) => `${n}x ${s || 'closed'}`).join(', ')}, slowest round ${(slowest / 1000).toFixed(2)} s`;
}

export const namesScenario: Scenario = {
  name: 'names',
  title: 'eight 900,000-character capability names at once (as in the campaign), 5 times, 1 s apart',
  load: (url) =>
    bursts(5, 8, 1000, async () => {
      const reply = await fetch(`${url}/jobs`, { method: 'POST', headers: json, body: hugeName });
      await reply.arrayBuffer();
      return reply.status;
    }),
};

/** Not the campaign's attack but its worst case: a flood of 1 MB bodies (rate limiting is the answer to floods). */
export const namesFloodScenario: Scenario = {
  name: 'names-flood',
  title: '8 clients posting 900,000-character names back to back for 6 s (a flood of 1 MB bodies)',
  load: (url) =>
    hammer(8, 6000, async () => {
      const reply = await fetch(`${url}/jobs`, { method: 'POST', headers: json, body: hugeName });
      await reply.arrayBuffer();
      return reply.status;
    }),
};

export const listScenario: Scenario = {
  name: 'list',
  title: '4 clients listing GET /jobs?limit=20 over 2 finished 20k-file analyses, 8 s',
  async prepare(url) {
    const sizes: string[] = [];
    for (const capability of ['analysis.smells', 'analysis.naming']) {
      const { id } = await post(url, { capability, workspace: 'tiny' });
      const done = await finished(url, id!);
      sizes.push(
        `${capability}: ${done.status}, ${done.record.result?.counts?.findings ?? done.record.result?.findings?.length ?? 0} findings, record ${(done.bytes / 2 ** 20).toFixed(2)} MB`,
      );
    }
    return sizes.join('; ');
  },
  load: (url) =>
    hammer(4, 8000, async () => {
      const reply = await fetch(`${url}/jobs?limit=20`);
      await reply.arrayBuffer();
      return reply.status;
    }),
};

/** One unsigned POST of `body` to /webhooks/github; the status (0 when the connection failed first). */
function webhookPost(url: string, body: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const target = new URL(`${url}/webhooks/github`);
    const req = request({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'POST',
      headers: { ...json, 'content-length': body.length, 'x-github-event': 'push', 'x-github-delivery': 'bench' },
    });
    let status = 0;
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.resume();
      res.on('end', () => resolve(status));
    });
    req.on('error', () => resolve(status));
    req.end(body);
  });
}

export const webhookScenario: Scenario = {
  name: 'webhooks',
  title: '60 concurrent unsigned 24 MB webhook posts (webhooks off), 3 times, 1 s apart',
  load(url) {
    const body = Buffer.alloc(24 * 2 ** 20, 0x61);
    return bursts(3, 60, 1000, () => webhookPost(url, body));
  },
};

export const pipelineScenario: Scenario = {
  name: 'pipeline',
  title: `the 10-analysis pipeline on ${TINY_FILES} tiny files`,
  async load(url) {
    const started = performance.now();
    const { id } = await post(url, { pipeline: ANALYSES.map((name) => ({ capability: `analysis.${name}` })), workspace: 'tiny' });
    const done = await finished(url, id!);
    const steps = (done.record.steps as { status: string }[]).filter((step) => step.status === 'succeeded').length;
    return `${done.status} (${steps}/10 steps) in ${((performance.now() - started) / 1000).toFixed(1)} s, record ${(done.bytes / 2 ** 20).toFixed(2)} MB`;
  },
};

export const SCENARIOS = [namesScenario, namesFloodScenario, listScenario, webhookScenario, pipelineScenario];
