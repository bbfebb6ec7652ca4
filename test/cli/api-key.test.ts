import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import { cleanEnv, runAgentd } from './support/agentd-process.js';

/**
 * The client side of authentication: status and logs present AGENTD_API_KEY or --api-key as a bearer
 * token. A local HTTP server records what arrives (the daemon's own auth is tested with the daemon).
 */
describe('agentd client commands and the API key', () => {
  let server: Server;
  let apiUrl: string;
  const seen: Array<{ path: string; authorization?: string }> = [];

  before(async () => {
    server = createServer((req, res) => {
      seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
      if (req.url?.startsWith('/logs')) return void res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          status: 'healthy',
          uptime: 5,
          timestamp: new Date().toISOString(),
          version: '0.1.0',
          jobs: { queued: 0, running: 0, total: 0 },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('status sends AGENTD_API_KEY as Authorization: Bearer', async () => {
    const result = await runAgentd(['status', '--api-url', apiUrl], cleanEnv({ AGENTD_API_KEY: 'env-key' }));
    expect(result.code, result.stderr).to.equal(0);
    expect(seen.at(-1)).to.deep.equal({ path: '/health', authorization: 'Bearer env-key' });
  });

  it('logs sends --api-key, which wins over the environment, with its filters as query parameters', async () => {
    const result = await runAgentd(
      ['logs', '--api-url', apiUrl, '--api-key', 'flag-key', '--level', 'warn', '--grep', 'disk full', '--limit', '5'],
      cleanEnv({ AGENTD_API_KEY: 'env-key' }),
    );
    expect(result.code, result.stderr).to.equal(0);
    expect(seen.at(-1)).to.deep.equal({ path: '/logs?level=warn&q=disk+full&limit=5', authorization: 'Bearer flag-key' });
  });

  it('sends no Authorization header without a key', async () => {
    await runAgentd(['status', '--api-url', apiUrl], cleanEnv());
    expect(seen.at(-1)?.authorization).to.equal(undefined);
  });

  it('tells the user to pass --api-key when the daemon answers 401', async () => {
    const guarded = createServer((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="agentd"' });
      res.end(
        JSON.stringify({
          error: { code: 'unauthorized', message: 'This route needs credentials; send "Authorization: Bearer <api key or token>".' },
        }),
      );
    });
    await new Promise<void>((resolve) => guarded.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(guarded.address() as { port: number }).port}`;
      const result = await runAgentd(['logs', '--api-url', url], cleanEnv());
      expect(result.code).to.equal(1);
      expect(result.stderr).to.include('needs credentials').and.include('--api-key or AGENTD_API_KEY');
    } finally {
      await new Promise<void>((resolve) => guarded.close(() => resolve()));
    }
  });
});
