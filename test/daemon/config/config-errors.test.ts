import { expect } from 'chai';
import { ConfigSandbox } from './config-sandbox.js';

/** Every message names the key, the value, where it came from and what was expected; secrets never appear. */
describe('loadConfig errors', () => {
  let sandbox: ConfigSandbox;
  beforeEach(() => {
    sandbox = new ConfigSandbox();
  });
  afterEach(() => sandbox.remove());

  type Case = {
    name: string;
    setup: (s: ConfigSandbox) => Parameters<ConfigSandbox['load']>[0];
    line: string | ((s: ConfigSandbox) => string);
  };
  const cases: Case[] = [
    {
      name: 'a port that is not a number, from env',
      setup: () => ({ env: { AGENTD_PORT: 'abc' } }),
      line: 'server.port = "abc" (from env AGENTD_PORT): must be an integer between 0 and 65535',
    },
    {
      name: 'a port out of range, from a flag',
      setup: () => ({ flags: { port: '70000' } }),
      line: 'server.port = 70000 (from flag --port): must be an integer between 0 and 65535',
    },
    {
      name: 'a concurrency of zero, from the alternative env name',
      setup: () => ({ env: { MAX_CONCURRENT: '0' } }),
      line: 'server.maxConcurrent = 0 (from env MAX_CONCURRENT): must be an integer between 1 and 1000',
    },
    {
      name: 'an unknown log level',
      setup: () => ({ env: { LOG_LEVEL: 'loud' } }),
      line: 'logging.level = "loud" (from env LOG_LEVEL): must be one of "debug", "info", "warn", "error"',
    },
    {
      name: 'a size without a known unit, from ~/.agentd',
      setup: (s) => (s.writeHome({ workspace: { maxSize: '10 parsecs' } }), {}),
      line: 'workspace.maxSize = "10 parsecs" (from ~/.agentd/config.json): must be a size with a unit, such as "10GB", "500MB" or "1.5 GiB" or null',
    },
    {
      name: 'a duration without a known unit, from /etc',
      setup: (s) => (s.writeEtc({ security: { rateLimiting: { window: '15 fortnights' } } }), {}),
      line: (s) => `security.rateLimiting.window = "15 fortnights" (from file ${s.etcPath}): must be a positive duration, such as "15m"`,
    },
    {
      name: 'a boolean written as a string in a file',
      setup: (s) => (s.writeHome({ workspace: { cleanup: 'yes' } }), {}),
      line: 'workspace.cleanup = "yes" (from ~/.agentd/config.json): must be true or false',
    },
    {
      name: 'an unknown cipher',
      setup: (s) => (s.writeHome({ security: { encryption: { algorithm: 'des' } } }), {}),
      line: 'security.encryption.algorithm = "des" (from ~/.agentd/config.json): must be one of "aes-256-gcm"',
    },
    {
      name: 'a mistyped key, with a suggestion',
      setup: (s) => (s.writeHome({ server: { prot: 8080 } }), {}),
      line: 'server.prot = 8080 (from ~/.agentd/config.json): unknown key (did you mean "server.port"?)',
    },
    {
      name: "the spec's repohost section, pointing at github",
      setup: (s) => (s.writeHome({ repohost: { appId: '1' } }), {}),
      line: 'repohost = {…} (from ~/.agentd/config.json): unknown key (did you mean "github"?)',
    },
    {
      name: 'a section that is not an object',
      setup: (s) => (s.writeHome({ server: 5 }), {}),
      line: 'server = 5 (from ~/.agentd/config.json): must be an object',
    },
    {
      name: 'a non-string CORS origin',
      setup: (s) => (s.writeHome({ security: { corsOrigins: ['https://a.example', 3] } }), {}),
      line: 'security.corsOrigins[1] = 3 (from ~/.agentd/config.json): must be a non-empty string',
    },
    {
      name: 'a trusted workspace that leaves workspace.path',
      setup: () => ({ env: { AGENTD_TRUSTED_WORKSPACES: 'repos/*, ../outside' } }),
      line: 'security.trustedWorkspaces[1] = "../outside" (from env AGENTD_TRUSTED_WORKSPACES): must be a workspace path relative to workspace.path',
    },
    {
      name: 'a sandbox service that is not host:port',
      setup: () => ({ env: { AGENTD_SANDBOX_SERVICES: '127.0.0.1' } }),
      line: 'security.sandboxServices[0] = "127.0.0.1" (from env AGENTD_SANDBOX_SERVICES): must be host:port, such as "127.0.0.1:5432"',
    },
    {
      name: 'a private key file that does not exist',
      setup: () => ({ flags: { githubPrivateKey: '/nonexistent/key.pem' } }),
      line: 'github.privateKeyPath = "/nonexistent/key.pem" (from flag --github-private-key): must be a readable file (ENOENT)',
    },
    {
      name: 'a workspace that is a file',
      setup: (s) => ({ env: { AGENTD_WORKSPACE: s.writeFile('not-a-dir', 'x') } }),
      line: '(from env AGENTD_WORKSPACE): must be a directory (it is a file)',
    },
  ];

  for (const { name, setup, line } of cases) {
    it(`names key, value, source and expectation for ${name}`, () => {
      const error = sandbox.loadError(setup(sandbox));
      expect(error.code).to.equal('invalid_config');
      const expectedLine = typeof line === 'function' ? line(sandbox) : line;
      expect(error.message).to.include(expectedLine);
      expect(error.details?.some((detail) => detail.message.includes(expectedLine))).to.equal(true);
    });
  }

  it('lists every problem at once, from every layer', () => {
    sandbox.writeEtc({ limits: { maxMemoryMB: 'lots' } });
    sandbox.writeHome({ server: { prot: 1 } });
    const error = sandbox.loadError({ env: { AGENTD_PORT: 'abc', LOG_FORMAT: 'xml' }, flags: { maxConcurrent: 'many' } });
    expect(error.details?.map((d) => d.path).sort()).to.deep.equal(
      ['limits.maxMemoryMB', 'logging.format', 'server.maxConcurrent', 'server.port', 'server.prot'].sort(),
    );
    expect(error.message).to.match(/^Invalid configuration \(5 problems\): /);
  });

  it('never shows a secret value, also not in a mistyped secret key', () => {
    sandbox.writeHome({ security: { apiKye: 'hunter2-api', jwtSecret: 42 }, github: { webhookSecret: ['hunter2-hook'] } });
    const error = sandbox.loadError({ env: { REDIS_URL: 'redis://u:hunter2-redis@host:notaport/1', REDIS_PASSWORD: '' } });
    expect(error.message).to.not.match(/hunter2/);
    expect(error.message).to.include('security.jwtSecret = <secret> (from ~/.agentd/config.json): must be a non-empty string or null');
    expect(error.message).to.include('security.apiKye = <secret>');
    expect(error.message).to.include('queue.url = "redis://u:<secret>@host:notaport/1" (from env REDIS_URL)');
    expect(error.message).to.include('github.webhookSecret = <secret>');
  });

  it('names a --config file that does not exist', () => {
    const error = sandbox.loadError({ configPath: 'missing.json' });
    expect(error.message).to.include(`config file "${sandbox.cwd}/missing.json" (--config missing.json) does not exist`);
  });

  it('ignores missing /etc and ~ files but names them when they are not valid JSON, with line and column', () => {
    sandbox.writeHome('{\n  "server": {\n    "port": 3000,\n  }\n}\n');
    const error = sandbox.loadError();
    expect(error.message).to.include(
      `config file "${sandbox.homeDir}/.agentd/config.json" (~/.agentd/config.json) is not valid JSON at line 4, column 3`,
    );
  });

  it('locates a syntax error V8 gives no position for', () => {
    const file = sandbox.writeFile('bad.json', '{"server": {"port": }}');
    expect(sandbox.loadError({ configPath: file }).message).to.include('is not valid JSON at line 1, column 21');
  });

  for (const [text, key] of [
    ['{"__proto__": {"polluted": "yes"}}', '__proto__'],
    ['{"server": {"constructor": {"prototype": {"polluted": "yes"}}}}', 'server.constructor'],
    ['{"security": {"corsOrigins": [{"__proto__": {"polluted": "yes"}}]}}', 'security.corsOrigins[0].__proto__'],
    ['{"limits": {"prototype": {"maxToolCalls": 1}}}', 'limits.prototype'],
  ] as const) {
    it(`refuses a file with the key "${key}", naming it and the file, and pollutes nothing`, () => {
      sandbox.writeHome(text);
      const error = sandbox.loadError();
      expect(error.code).to.equal('invalid_config');
      expect(error.message).to.include(`config file "${sandbox.homeDir}/.agentd/config.json" (~/.agentd/config.json) has the key "${key}"`);
      expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
      expect((Object.prototype as unknown as Record<string, unknown>).maxToolCalls).to.equal(undefined);
    });
  }

  for (const [name, env, key] of [
    ['an API key of one space', { API_KEY: ' ' }, 'security.apiKey'],
    ['a short API key', { API_KEY: 'abc123' }, 'security.apiKey'],
    ['an API key that repeats a short pattern', { API_KEY: 'abcdabcdabcdabcdabcd' }, 'security.apiKey'],
    ['an API key padded with spaces', { API_KEY: ' 0123456789abcdefgh ' }, 'security.apiKey'],
    ['a JWT secret under 256 bits', { JWT_SECRET: '0123456789abcdefghijklmnop' }, 'security.jwtSecret'],
    ['a weak webhook secret', { GITHUB_WEBHOOK_SECRET: 'secretsecret' }, 'github.webhookSecret'],
    ['a weak encryption key', { AGENTD_ENCRYPTION_KEY: 'password' }, 'security.encryption.key'],
  ] as const) {
    it(`refuses ${name}, saying what a secret needs and never showing it`, () => {
      const error = sandbox.loadError({ env });
      expect(error.code).to.equal('invalid_config');
      expect(error.message).to.include(`${key} = <secret> (from env ${Object.keys(env)[0]}): must be at least`);
      expect(error.message).to.include('different ones and no leading or trailing spaces; generate one with "openssl rand');
      expect(error.message).not.to.include(Object.values(env)[0]!.trim() || '\u0000');
    });
  }

  it('accepts a random key from openssl rand', () => {
    expect(() =>
      sandbox.load({ env: { API_KEY: 'Zx4T0b2s8Kq1Vd6Yp9Lm3Hc7', JWT_SECRET: 'f3a9c0d17b4e6a2958c1e0b7d4f6a3c9e2b8d5f1' } }),
    ).not.to.throw();
  });

  it('names a file that holds JSON but not an object', () => {
    const file = sandbox.writeFile('array.json', '[1, 2]');
    expect(sandbox.loadError({ configPath: file }).message).to.include(`config file "${file}" (--config ${file}) must hold a JSON object`);
  });
});
