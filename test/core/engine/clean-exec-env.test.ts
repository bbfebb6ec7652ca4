import { expect } from 'chai';
import { cleanFlags, executorEnv } from '../../../core/executor/clean-exec-env.js';

describe('executor clean exec environment', function () {
  const cases: Array<{ name: string; flags: string[]; kept: string[] }> = [
    { name: 'drops --max-old-space-size=N', flags: ['--max-old-space-size=4096', '--enable-source-maps'], kept: ['--enable-source-maps'] },
    { name: 'drops the underscore spelling', flags: ['--max_old_space_size=4096'], kept: [] },
    {
      name: 'drops a value given as the next token',
      flags: ['--max-old-space-size', '4096', '--trace-warnings'],
      kept: ['--trace-warnings'],
    },
    {
      name: 'drops semi-space and young-generation sizes',
      flags: ['--max-semi-space-size=64', '--max-young-generation-size=32'],
      kept: [],
    },
    { name: 'drops inspector flags that would fight for the port', flags: ['--inspect=9229', '--inspect-brk'], kept: [] },
    { name: 'keeps everything else in order', flags: ['--conditions=dev', '--no-warnings'], kept: ['--conditions=dev', '--no-warnings'] },
  ];
  for (const { name, flags, kept } of cases) {
    it(name, function () {
      expect(cleanFlags(flags)).to.deep.equal(kept);
    });
  }

  it('cleans NODE_OPTIONS and removes it when nothing is left', function () {
    expect(executorEnv({ NODE_OPTIONS: '--max-old-space-size=8192 --no-warnings', HOME: '/h' })).to.deep.equal({
      NODE_OPTIONS: '--no-warnings',
      HOME: '/h',
    });
    expect(executorEnv({ NODE_OPTIONS: '--max-old-space-size=8192' })).to.not.have.property('NODE_OPTIONS');
  });

  it("keeps only the allow-listed variables: none of the daemon's secrets, whatever they are called", function () {
    const env = executorEnv(
      {
        PATH: '/usr/bin',
        HOME: '/h',
        LANG: 'C.UTF-8',
        LC_ALL: 'C',
        AGENTD_PARSE_THREADS: '2',
        API_KEY: 'k',
        JWT_SECRET: 's',
        AGENTD_ENCRYPTION_KEY: 'e',
        REDIS_URL: 'redis://:p@h',
        REDIS_PASSWORD: 'p',
        GITHUB_WEBHOOK_SECRET: 'w',
        AWS_SECRET_ACCESS_KEY: 'a',
        AGENTD_API_KEY: 'c',
      },
      { AGENTD_SANDBOX_HIDE: '/etc/agentd/config.json' },
    );
    expect(env).to.deep.equal({
      PATH: '/usr/bin',
      HOME: '/h',
      LANG: 'C.UTF-8',
      LC_ALL: 'C',
      AGENTD_PARSE_THREADS: '2',
      AGENTD_SANDBOX_HIDE: '/etc/agentd/config.json',
    });
  });
});
