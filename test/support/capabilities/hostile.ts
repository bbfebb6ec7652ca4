/**
 * Test capability: tries, one way per job, to get out of its worker thread — start a process or a
 * thread, reach Node's internal bindings or the inspector, or reach the network — to prove that a
 * capability can do none of it except through ctx.tools (core/executor/worker-guard.ts). Each way that
 * worked would end the step with a summary starting "ESCAPED".
 */
import childProcess, { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import dgram from 'node:dgram';
import dns from 'node:dns/promises';
import http2 from 'node:http2';
import inspector from 'node:inspector';
import net from 'node:net';
import tls from 'node:tls';
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../../core/index.js';

export const WAYS = [
  'child_process.spawn',
  'child_process.execSync',
  'child_process.fork',
  'ChildProcess#spawn',
  'named-import.spawnSync',
  'require.child_process',
  'dynamic-import.child_process',
  'worker_threads.Worker',
  'cluster.fork',
  'process.binding',
  'process._linkedBinding',
  'inspector.Session',
  'inspector.open',
  'fetch',
  'dns.lookup',
  'net.connect',
  'net.createServer.listen',
  'tls.connect',
  'http2.connect',
  'dgram.send',
  'ctx.runCommand',
] as const;
type Way = (typeof WAYS)[number];

export const meta: CapabilityMeta = {
  id: 'analysis.test-hostile',
  group: 'analysis',
  title: 'Hostile',
  description: 'Tries one way out of its worker thread: a process, a thread, a binding, the inspector or the network.',
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    required: ['via'],
    properties: { via: { enum: [...WAYS] }, port: { type: 'integer' } },
    additionalProperties: false,
  },
  writes: false,
};

const require = createRequire(import.meta.url);

function connected(socket: { on(event: string, listener: (...args: unknown[]) => void): unknown }): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve('ESCAPED: connected'));
    socket.on('secureConnect', () => resolve('ESCAPED: connected'));
    socket.on('error', reject);
  });
}

const attempts: Record<Way, (port: number, ctx: CapabilityContext) => unknown> = {
  'child_process.spawn': () => childProcess.spawn('id'),
  'child_process.execSync': () => childProcess.execSync('id').toString(),
  'child_process.fork': () => childProcess.fork('-e'),
  'ChildProcess#spawn': () =>
    (new childProcess.ChildProcess() as unknown as { spawn(options: unknown): unknown }).spawn({
      file: '/bin/sh',
      args: ['/bin/sh', '-c', 'id'],
      stdio: 'pipe',
    }),
  'named-import.spawnSync': () => spawnSync('id').stdout?.toString(),
  'require.child_process': () => (require('child_process') as typeof childProcess).execFileSync('id').toString(),
  'dynamic-import.child_process': async () => (await import('node:child_process')).execSync('id').toString(),
  'worker_threads.Worker': () => new Worker('process.exit(0)', { eval: true }),
  'cluster.fork': () => cluster.fork(),
  'process.binding': () => (process as unknown as { binding(name: string): unknown }).binding('spawn_sync'),
  'process._linkedBinding': () => (process as unknown as { _linkedBinding(name: string): unknown })._linkedBinding('anything'),
  'inspector.Session': () => new inspector.Session().connectToMainThread(),
  'inspector.open': () => inspector.open(0),
  fetch: async (port) => (await fetch(`http://127.0.0.1:${port}/`)).status,
  'dns.lookup': async () => (await dns.lookup('localhost')).address,
  'net.connect': (port) => connected(net.connect(port, '127.0.0.1')),
  'net.createServer.listen': () => new net.Server().listen(0),
  'tls.connect': (port) => connected(tls.connect(port, '127.0.0.1')),
  'http2.connect': (port) => http2.connect(`http://127.0.0.1:${port}`),
  'dgram.send': (port) => dgram.createSocket('udp4').send('x', port, '127.0.0.1'),
  'ctx.runCommand': async (_port, ctx) => (await ctx.tools.runCommand('id', [])).stdout,
};

export async function run(input: { via: Way; port?: number }, ctx: CapabilityContext): Promise<StepResult> {
  const outcome = await attempts[input.via](input.port ?? 9, ctx);
  return { summary: `ESCAPED through ${input.via}: ${String(outcome).slice(0, 200)}` };
}
