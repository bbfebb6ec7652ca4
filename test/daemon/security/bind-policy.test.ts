import { expect } from 'chai';
import type { AgentdError } from '../../../core/index.js';
import { loadConfig } from '../../../daemon/config/index.js';
import { isLoopback } from '../../../daemon/security/bind-policy.js';
import { request } from '../support/http-client.js';
import { API_KEY, startSecureDaemon } from './secure-daemon.js';

describe('secure by default: where a daemon without credentials may listen', function () {
  it('knows loopback addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1'])
      expect(isLoopback(host), host).to.equal(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.1', '192.168.1.1', 'example.com', '128.0.0.1'])
      expect(isLoopback(host), host).to.equal(false);
  });

  it('refuses a non-loopback host without an API key, naming server.host and --insecure, and opens nothing', async () => {
    const error = await startSecureDaemon((config) => {
      config.server.host = '0.0.0.0';
    }).then(
      () => null,
      (caught: unknown) => caught as AgentdError,
    );
    expect(error?.code).to.equal('invalid_config');
    expect(error?.message).to.include('server.host').and.include('--insecure');
  });

  it('binds a non-loopback host with --insecure, and warns loudly', async () => {
    const t = await startSecureDaemon((config) => {
      config.server.host = '0.0.0.0';
      config.server.insecure = true;
    });
    try {
      expect((await request(`http://127.0.0.1:${t.daemon.port}`, 'GET', '/health')).status).to.equal(200);
      expect(t.output()).to.include('INSECURE');
    } finally {
      await t.close();
    }
  });

  it('binds a non-loopback host when an API key is set, without a warning', async () => {
    const t = await startSecureDaemon((config) => {
      config.server.host = '0.0.0.0';
      config.security.apiKey = API_KEY;
    });
    try {
      expect((await request(`http://127.0.0.1:${t.daemon.port}`, 'GET', '/health')).status).to.equal(200);
      expect(t.output()).to.not.include('INSECURE').and.not.include('No API key');
    } finally {
      await t.close();
    }
  });

  it('--insecure reaches the configuration as server.insecure from the flag layer', () => {
    const { config, sources } = loadConfig({
      flags: { insecure: true },
      env: {},
      homeDir: '/nonexistent-home',
      etcPath: '/nonexistent-etc/config.json',
    });
    expect(config.server.insecure).to.equal(true);
    expect(sources['server.insecure']).to.equal('flag --insecure');
  });
});
