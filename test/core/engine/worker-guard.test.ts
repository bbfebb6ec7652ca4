import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEngine, type PipelineEngine } from '../../../core/engine/index.js';
import { WAYS } from '../../support/capabilities/hostile.js';
import { loadTestRegistry, makeWorkspace, request } from './engine-harness.js';

const EXPECTED_CODE: Record<string, string> = {
  fetch: 'network_denied',
  'dns.lookup': 'network_denied',
  'net.connect': 'network_denied',
  'net.createServer.listen': 'network_denied',
  'tls.connect': 'network_denied',
  'http2.connect': 'network_denied',
  'dgram.send': 'network_denied',
  'ctx.runCommand': 'project_code_not_allowed',
};

/** A hostile capability tries every way out of its worker thread; none works except ctx.tools, and that only with the permission. */
describe('pipeline engine: a capability cannot start processes or threads or reach the network', function () {
  this.timeout(60_000);
  let engine: PipelineEngine;
  let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
  let server: http.Server;
  let port: number;
  let connections = 0;

  before(async function () {
    engine = createEngine({ registry: await loadTestRegistry(), poolOptions: { maxThreads: 1 } });
    workspace = await makeWorkspace({ 'a.txt': 'a\n' });
    server = http.createServer((_req, res) => res.end('hello'));
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    await engine.close();
    await workspace.cleanup();
    await new Promise((resolve) => server.close(resolve));
  });

  for (const via of WAYS) {
    const code = EXPECTED_CODE[via] ?? 'process_denied';
    it(`${via}: refused with ${code}`, async () => {
      const outcome = await engine.run(request(workspace.root, [{ capability: 'analysis.test-hostile', input: { via, port } }]));
      expect(outcome.steps[0]!.summary ?? '').not.to.match(/^ESCAPED/);
      expect(outcome.status).to.equal('failed');
      expect(outcome.error!.code).to.equal(code);
      expect(connections).to.equal(0);
    });
  }

  // The same through analysis.test-network, which also tries http and a named ESM import of dns.
  for (const via of ['fetch', 'http', 'socket', 'dns', 'named-import'] as const) {
    it(`analysis.test-network via ${via}: refused with network_denied, saying capabilities run offline, and no connection opened`, async () => {
      const outcome = await engine.run(request(workspace.root, [{ capability: 'analysis.test-network', input: { via, port } }]));
      expect(outcome.status).to.equal('failed');
      expect(outcome.error!.code).to.equal('network_denied');
      expect(outcome.error!.message).to.contain('analysis.test-network').and.to.contain('offline');
      expect(connections).to.equal(0);
    });
  }

  it('ctx.tools.runCommand with the permission starts the program in the sandbox: no secret of the daemon, no network', async () => {
    process.env.API_KEY = 'worker-guard-secret-0123456789';
    try {
      const probe = `require('net').connect(${port}, '127.0.0.1').on('connect', () => console.log('CONNECTED')).on('error', (e) => console.log(e.code, String(process.env.API_KEY)))`;
      // A fresh engine: its executor is forked now, with API_KEY in the daemon's environment.
      const fresh = createEngine({ registry: await loadTestRegistry(), poolOptions: { maxThreads: 1 } });
      try {
        const outcome = await fresh.run(
          request(workspace.root, [{ capability: 'analysis.test-run-node', input: { source: probe } }], {
            permissions: { projectCode: true },
          }),
        );
        expect(outcome.error).to.equal(null);
        const result = outcome.steps[0]!.result!.data as { stdout: string; isolation: string };
        expect(result.stdout).not.to.include('CONNECTED');
        expect(result.stdout).not.to.include('worker-guard-secret');
        expect(result.stdout.trim()).to.match(/ undefined$/);
        expect(connections).to.equal(0);
      } finally {
        await fresh.close();
      }
    } finally {
      delete process.env.API_KEY;
    }
  });

  it("the executor process itself holds none of the daemon's secrets (its environment is an allow-list)", async () => {
    Object.assign(process.env, {
      API_KEY: 'executor-env-secret-0123456789',
      REDIS_URL: 'redis://:redis-secret-0123456789@127.0.0.1:6379',
      AWS_SECRET_ACCESS_KEY: 'aws-secret-0123456789',
    });
    const fresh = createEngine({ registry: await loadTestRegistry(), poolOptions: { maxThreads: 1 } });
    try {
      const outcome = await fresh.run(request(workspace.root, [{ capability: 'analysis.test-env' }]));
      const data = outcome.steps[0]!.result!.data as { names: string[]; values: string[] };
      expect(data.names).not.to.include.members(['API_KEY']);
      expect(data.names.filter((name) => ['API_KEY', 'REDIS_URL', 'AWS_SECRET_ACCESS_KEY'].includes(name))).to.deep.equal([]);
      expect(data.values.join('\n')).not.to.match(/secret-0123456789/);
    } finally {
      await fresh.close();
      for (const name of ['API_KEY', 'REDIS_URL', 'AWS_SECRET_ACCESS_KEY']) delete process.env[name];
    }
  });

  it('still runs the next job normally in the same threads', async () => {
    const outcome = await engine.run(request(workspace.root, [{ capability: 'analysis.test-empty' }]));
    expect(outcome.status).to.equal('succeeded');
  });
});
