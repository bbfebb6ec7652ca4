import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanEnv, runAgentd } from './support/agentd-process.js';

interface DryRunOutput {
  valid: boolean;
  config: Record<string, any>;
  sources: Record<string, string>;
}

describe('agentd start --dry-run (real process)', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'agentd-dry-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the effective configuration with the source of each non-default key and exits 0', async () => {
    const file = path.join(dir, 'agentd.json');
    writeFileSync(file, JSON.stringify({ limits: { maxToolCalls: 20 }, workspace: { maxSize: '2GB' } }));
    const env = cleanEnv({ AGENTD_MAX_CONCURRENT: '6', LOG_FORMAT: 'json' });
    const result = await runAgentd(['start', '--dry-run', '-p', '4321', '--config', file, '--workspace', dir, '--debug'], env);
    expect(result.code, result.stderr).to.equal(0);
    const output = JSON.parse(result.stdout) as DryRunOutput;
    expect(output.valid).to.equal(true);
    expect(output.config.server).to.include({ port: 4321, maxConcurrent: 6 });
    expect(output.config.workspace).to.include({ path: dir, maxSize: '2GB', maxSizeBytes: 2_000_000_000 });
    expect(output.config.logging).to.include({ level: 'debug', format: 'json' });
    expect(output.sources).to.include({
      'server.port': 'flag --port',
      'server.maxConcurrent': 'env AGENTD_MAX_CONCURRENT',
      'limits.maxToolCalls': `--config ${file}`,
      'logging.level': 'flag --debug',
    });
    expect(output.sources).to.not.have.property('server.host');
  });

  it('masks every secret in its output', async () => {
    const env = cleanEnv({
      API_KEY: 'ak-secret-1-0123456789',
      JWT_SECRET: 'jwt-secret-2-0123456789abcdefghijkl',
      REDIS_URL: 'redis://u:redis-secret-3@localhost:6379/2',
    });
    const result = await runAgentd(['start', '--dry-run', '--github-webhook-secret', 'hook-secret-4-0123456789'], env);
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.not.match(/secret-\d/);
    const output = JSON.parse(result.stdout) as DryRunOutput;
    expect(output.config.security).to.include({ apiKey: '<secret>', jwtSecret: '<secret>' });
    expect(output.config.github.webhookSecret).to.equal('<secret>');
    expect(output.config.queue).to.include({ type: 'redis', url: 'redis://u:<secret>@localhost:6379/2' });
  });

  it('prints every problem on its own line, with key, value and source, and exits 1', async () => {
    const env = cleanEnv({ AGENTD_PORT: 'abc', LOG_LEVEL: 'loud', API_KEY: 'not-shown-0123456789' });
    const result = await runAgentd(['start', '--dry-run', '--max-concurrent', '0'], env);
    expect(result.code).to.equal(1);
    expect(result.stdout).to.equal('');
    const problems = result.stderr.split('\n').filter((line) => line.startsWith('  - '));
    expect(problems).to.have.length(3);
    expect(result.stderr).to.include('server.port = "abc" (from env AGENTD_PORT): must be an integer between 0 and 65535');
    expect(result.stderr).to.include('server.maxConcurrent = 0 (from flag --max-concurrent): must be an integer between 1 and 1000');
    expect(result.stderr).to.include('logging.level = "loud" (from env LOG_LEVEL)');
    expect(result.stderr).to.not.include('not-shown');
  });

  it('exits 1 naming a --config file that is not valid JSON', async () => {
    const file = path.join(dir, 'broken.json');
    writeFileSync(file, '{ "server": { "port": 80, } }');
    const result = await runAgentd(['start', '--dry-run', '--config', file], cleanEnv());
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include(`config file "${file}"`).and.include('is not valid JSON at line 1, column 27');
  });

  it('without --dry-run, fails an invalid configuration with one line on stderr and exit 1', async () => {
    const result = await runAgentd(['start', '--port', 'abc'], cleanEnv());
    expect(result.code).to.equal(1);
    expect(result.stderr.trim().split('\n')).to.have.length(1);
    expect(result.stderr).to.include('server.port = "abc" (from flag --port)');
    expect(result.stderr).to.not.match(/\n\s+at /);
  });

  it('prints the package version', async () => {
    const { version } = JSON.parse((await import('node:fs')).readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    const result = await runAgentd(['--version'], cleanEnv());
    expect(result.code).to.equal(0);
    expect(result.stdout.trim()).to.equal(version);
  });

  it('rejects an unknown option with a one-line usage error and exit 1', async () => {
    const result = await runAgentd(['start', '--prot', '80'], cleanEnv());
    expect(result.code).to.equal(1);
    expect(result.stderr).to.match(/^agentd: Unknown argument: prot/);
  });
});
