import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEngine, type PipelineEngine } from '../../../core/engine/index.js';
import { loadTestRegistry, makeWorkspace, request } from './engine-harness.js';

/** The spec's restriction: a capability reaches no network, whichever API it tries. */
describe('pipeline engine: capabilities run offline', function () {
  let engine: PipelineEngine;
  let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
  let server: http.Server;
  let port: number;
  let connections = 0;

  before(async function () {
    engine = createEngine({ registry: await loadTestRegistry() });
    workspace = await makeWorkspace({ 'a.txt': 'a\n' });
    server = http.createServer((_req, res) => res.end('hello-from-net'));
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    await engine.close();
    await workspace.cleanup();
    await new Promise((resolve) => server.close(resolve));
  });

  for (const via of ['fetch', 'http', 'socket', 'dns', 'named-import'] as const) {
    it(`refuses ${via} with network_denied and opens no connection`, async () => {
      const outcome = await engine.run(request(workspace.root, [{ capability: 'analysis.test-network', input: { via, port } }]));
      expect(outcome.status).to.equal('failed');
      expect(outcome.error!.code).to.equal('network_denied');
      expect(outcome.error!.message).to.contain('analysis.test-network').and.to.contain('offline');
      expect(connections).to.equal(0);
    });
  }

  it('still runs the next job normally in the same threads', async () => {
    const outcome = await engine.run(request(workspace.root, [{ capability: 'analysis.test-empty' }]));
    expect(outcome.status).to.equal('succeeded');
  });
});
