/** Test capability: tries to reach the network one way or another, to prove capabilities run offline. */
import net from 'node:net';
import http from 'node:http';
import dns from 'node:dns/promises';
import { lookup } from 'node:dns';
import type { CapabilityMeta, StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'analysis.test-network',
  group: 'analysis',
  title: 'Network',
  description: 'Connects to the given port with fetch, http, a raw socket or a DNS lookup.',
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    required: ['via'],
    properties: { via: { enum: ['fetch', 'http', 'socket', 'dns', 'named-import'] }, port: { type: 'integer' } },
  },
  writes: false,
};

function httpGet(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/' }, (res) => resolve(res.statusCode ?? 0)).on('error', reject);
  });
}

function socketConnect(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new net.Socket();
    socket.on('error', reject);
    socket.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve('connected');
    });
  });
}

export async function run(input: { via: 'fetch' | 'http' | 'socket' | 'dns' | 'named-import'; port?: number }): Promise<StepResult> {
  const port = input.port ?? 80;
  if (input.via === 'fetch') return { summary: `fetched ${(await fetch(`http://127.0.0.1:${port}/`)).status}` };
  if (input.via === 'http') return { summary: `http ${await httpGet(port)}` };
  if (input.via === 'socket') return { summary: await socketConnect(port) };
  if (input.via === 'named-import') {
    const address = await new Promise<string>((resolve, reject) =>
      lookup('localhost', (error, found) => (error ? reject(error) : resolve(found))),
    );
    return { summary: `resolved ${address}` };
  }
  return { summary: `resolved ${(await dns.lookup('localhost')).address}` };
}
