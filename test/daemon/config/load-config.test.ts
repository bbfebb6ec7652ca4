import { expect } from 'chai';
import path from 'node:path';
import { defaultConfig } from '../../../daemon/config/index.js';
import { ConfigSandbox } from './config-sandbox.js';

// Strong enough for the secret checks (secret-strength.ts): long, varied, unpadded.
const KEY = 'test-api-key-0123456789';
const JWT = 'test-jwt-secret-0123456789abcdefghij';
const WHS = 'test-webhook-secret-0123';

describe('loadConfig layering', () => {
  let sandbox: ConfigSandbox;
  beforeEach(() => {
    sandbox = new ConfigSandbox();
  });
  afterEach(() => sandbox.remove());

  it('returns the defaults, all from "default", when nothing is configured', () => {
    const { config, sources } = sandbox.load();
    const expected = defaultConfig();
    expected.workspace.path = sandbox.cwd;
    config.workspace.path = sandbox.cwd;
    expect(config).to.deep.equal(expected);
    expect(new Set(Object.values(sources))).to.deep.equal(new Set(['default']));
  });

  it('applies flags > env > --config > ~/.agentd > /etc/agentd > defaults, one key at a time', () => {
    sandbox.writeEtc({
      server: { port: 1001, host: '0.0.0.0', maxConcurrent: 4 },
      limits: { maxToolCalls: 11 },
      logging: { format: 'json' },
    });
    sandbox.writeHome({ server: { port: 1002, host: '10.0.0.1' }, limits: { maxToolCalls: 12 } });
    const file = sandbox.writeFile('custom.json', { server: { port: 1003 }, limits: { maxToolCalls: 13, maxMemoryMB: 512 } });
    const { config, sources } = sandbox.load({
      configPath: file,
      env: { AGENTD_PORT: '1004', MAX_TOOL_CALLS: '14' },
      flags: { port: '1005' },
    });
    expect(config.server.port).to.equal(1005);
    expect(sources['server.port']).to.equal('flag --port');
    expect(config.limits.maxToolCalls).to.equal(14);
    expect(sources['limits.maxToolCalls']).to.equal('env MAX_TOOL_CALLS');
    expect(config.limits.maxMemoryMB).to.equal(512);
    expect(sources['limits.maxMemoryMB']).to.equal(`--config ${file}`);
    expect(config.server.host).to.equal('10.0.0.1');
    expect(sources['server.host']).to.equal('~/.agentd/config.json');
    expect(config.server.maxConcurrent).to.equal(4);
    expect(config.logging.format).to.equal('json');
    expect(sources['logging.format']).to.equal(`file ${sandbox.etcPath}`);
    expect(config.limits.maxExecutionTimeMin).to.equal(60);
    expect(sources['limits.maxExecutionTimeMin']).to.equal('default');
  });

  it('reads every environment variable of DESIGN.md, numbers parsed from strings', () => {
    const keyFile = sandbox.writeFile('github.pem', '-----BEGIN RSA PRIVATE KEY-----\n');
    const { config } = sandbox.load({
      env: {
        AGENTD_PORT: '4100',
        AGENTD_HOST: '0.0.0.0',
        AGENTD_MAX_CONCURRENT: '9',
        AGENTD_DASHBOARD: 'false',
        AGENTD_WORKSPACE: 'ws',
        REDIS_PASSWORD: 'pw',
        REDIS_DB: '3',
        GITHUB_APP_ID: '123',
        GITHUB_PRIVATE_KEY_PATH: keyFile,
        GITHUB_INSTALLATION_ID: '456',
        GITHUB_WEBHOOK_SECRET: WHS,
        API_KEY: KEY,
        JWT_SECRET: JWT,
        LOG_LEVEL: 'debug',
        LOG_FORMAT: 'json',
        LOG_FILE: 'logs/agentd.log',
        MAX_MEMORY_MB: '1024',
        MAX_EXECUTION_TIME_MIN: '5',
        MAX_TOOL_CALLS: '50',
      },
    });
    expect(config.server).to.deep.equal({
      port: 4100,
      host: '0.0.0.0',
      maxConcurrent: 9,
      shutdownGraceSec: 30,
      insecure: false,
      dashboard: false,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
    });
    expect(config.workspace.path).to.equal(path.join(sandbox.cwd, 'ws'));
    expect(config.queue.external).to.include({ password: 'pw', db: 3 });
    expect(config.queue.type).to.equal('memory');
    expect(config.github).to.deep.equal({
      appId: '123',
      privateKeyPath: keyFile,
      installationId: '456',
      webhookSecret: WHS,
      apiUrl: 'https://api.github.com',
      gitUrl: 'https://github.com',
      checkName: 'agentd',
      codeScanning: false,
      publicUrl: null,
    });
    expect(config.security).to.include({ apiKey: KEY, jwtSecret: JWT });
    expect(config.logging).to.deep.equal({ level: 'debug', format: 'json', file: path.join(sandbox.cwd, 'logs/agentd.log') });
    expect(config.limits).to.deep.equal({ maxMemoryMB: 1024, maxExecutionTimeMin: 5, maxToolCalls: 50 });
  });

  it('reads security.trustedWorkspaces from AGENTD_TRUSTED_WORKSPACES, comma-separated', () => {
    const { config, sources } = sandbox.load({ env: { AGENTD_TRUSTED_WORKSPACES: 'repos/*, internal/app' } });
    expect(config.security.trustedWorkspaces).to.deep.equal(['repos/*', 'internal/app']);
    expect(sources['security.trustedWorkspaces']).to.equal('env AGENTD_TRUSTED_WORKSPACES');
    expect(sandbox.load().config.security.trustedWorkspaces).to.deep.equal([]);
  });

  it('reads security.sandboxServices from AGENTD_SANDBOX_SERVICES and security.sandboxEnv from a config file', () => {
    sandbox.writeHome({ security: { sandboxEnv: { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' } } });
    const { config, sources } = sandbox.load({ env: { AGENTD_SANDBOX_SERVICES: '127.0.0.1:5432, localhost:6380' } });
    expect(config.security.sandboxServices).to.deep.equal(['127.0.0.1:5432', 'localhost:6380']);
    expect(sources['security.sandboxServices']).to.equal('env AGENTD_SANDBOX_SERVICES');
    expect(config.security.sandboxEnv).to.deep.equal({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
  });

  it('accepts the deployment-example names, the AGENTD_* names winning when both are set', () => {
    const { config, sources } = sandbox.load({ env: { WORKSPACE_PATH: '/srv/a', MAX_CONCURRENT: '5', AGENTD_MAX_CONCURRENT: '7' } });
    expect(config.workspace.path).to.equal('/srv/a');
    expect(sources['workspace.path']).to.equal('env WORKSPACE_PATH');
    expect(config.server.maxConcurrent).to.equal(7);
    expect(sources['server.maxConcurrent']).to.equal('env AGENTD_MAX_CONCURRENT');
  });

  it('treats an empty environment variable as unset', () => {
    const { config } = sandbox.load({ env: { AGENTD_PORT: '', LOG_LEVEL: '' } });
    expect(config.server.port).to.equal(3000);
    expect(config.logging.level).to.equal('info');
  });

  it('turns a queue URL into a redis queue with its parts, a more specific setting overriding one part', () => {
    const { config, sources } = sandbox.load({ env: { REDIS_URL: 'redis://worker:s3cret@cache.internal:6380/2', REDIS_DB: '4' } });
    expect(config.queue.type).to.equal('redis');
    expect(config.queue.external).to.deep.equal({ host: 'cache.internal', port: 6380, password: 's3cret', db: 4 });
    expect(config.queue.url).to.equal('redis://worker:s3cret@cache.internal:6380/4');
    expect(sources['queue.external.host']).to.equal('env REDIS_URL');
    expect(sources['queue.external.db']).to.equal('env REDIS_DB');
  });

  it('lets --queue-url override a queue configured in a file', () => {
    sandbox.writeHome({ queue: { type: 'redis', external: { host: 'old-host', port: 7000, password: 'old', db: 1 } } });
    const { config, sources } = sandbox.load({ flags: { queueUrl: 'redis://new-host:6379' } });
    expect(config.queue.external).to.deep.equal({ host: 'new-host', port: 6379, password: 'old', db: 1 });
    expect(config.queue.url).to.equal('redis://:old@new-host:6379/1');
    expect(sources['queue.url']).to.equal('flag --queue-url');
  });

  it('builds queue.url from queue.external when a file selects redis without a URL', () => {
    sandbox.writeEtc({ queue: { type: 'redis', external: { host: 'redis.local', port: 6390, db: 2 } } });
    expect(sandbox.load().config.queue.url).to.equal('redis://redis.local:6390/2');
  });

  it('parses sizes and durations with units into bytes and milliseconds', () => {
    sandbox.writeHome({ workspace: { maxSize: '10GB' }, security: { rateLimiting: { enabled: true, window: '1h' } } });
    const { config } = sandbox.load();
    expect(config.workspace).to.include({ maxSize: '10GB', maxSizeBytes: 10_000_000_000 });
    expect(config.security.rateLimiting).to.include({ window: '1h', windowMs: 3_600_000, enabled: true });
  });

  it('takes a window given as a plain number of seconds', () => {
    sandbox.writeHome({ security: { rateLimiting: { window: 900 } } });
    expect(sandbox.load().config.security.rateLimiting).to.include({ window: '900', windowMs: 900_000 });
  });

  it('resolves relative paths in a file against that file, and in flags against the working folder', () => {
    const file = sandbox.writeFile('conf/agentd.json', { workspace: { path: '../data' }, logging: { file: 'logs/a.log' } });
    const { config } = sandbox.load({ configPath: file, flags: { workspace: undefined } });
    expect(config.workspace.path).to.equal(path.join(sandbox.root, 'data'));
    expect(config.logging.file).to.equal(path.join(sandbox.root, 'conf', 'logs', 'a.log'));
    expect(sandbox.load({ flags: { workspace: 'jobs' } }).config.workspace.path).to.equal(path.join(sandbox.cwd, 'jobs'));
  });

  it('sets debug logging with --debug, above LOG_LEVEL', () => {
    const { config, sources } = sandbox.load({ env: { LOG_LEVEL: 'warn' }, flags: { debug: true } });
    expect(config.logging.level).to.equal('debug');
    expect(sources['logging.level']).to.equal('flag --debug');
  });

  it('reads every start flag', () => {
    const keyFile = sandbox.writeFile('key.pem', 'k');
    const { config } = sandbox.load({
      flags: {
        port: '0',
        host: '::1',
        maxConcurrent: '2',
        workspace: '/tmp/x',
        githubAppId: '77',
        githubPrivateKey: keyFile,
        githubInstallationId: '88',
        githubWebhookSecret: WHS,
        dashboard: false,
      },
    });
    expect(config.server).to.include({ port: 0, host: '::1', maxConcurrent: 2, dashboard: false });
    expect(config.github).to.deep.equal({
      appId: '77',
      privateKeyPath: keyFile,
      installationId: '88',
      webhookSecret: WHS,
      apiUrl: 'https://api.github.com',
      gitUrl: 'https://github.com',
      checkName: 'agentd',
      codeScanning: false,
      publicUrl: null,
    });
  });
});
