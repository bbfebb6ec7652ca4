/** Issue #15 §5: `API_KEY=" "` was accepted. Weak keys and secrets are refused at start-up, through the real CLI. */
import { expect } from 'chai';
import { cleanEnv, runAgentd } from '../cli/support/agentd-process.js';

describe('attack: a blank or weak API key or secret', function () {
  this.timeout(60_000);
  for (const [name, env] of [
    ['API_KEY=" "', { API_KEY: ' ' }],
    ['a short API_KEY', { API_KEY: 'letmein-7Qz' }],
    ['a repetitive JWT_SECRET', { JWT_SECRET: 'abababababababababababababababababab' }],
    ['a short GITHUB_WEBHOOK_SECRET', { GITHUB_WEBHOOK_SECRET: 'hk-7Qz' }],
  ] as const) {
    it(`${name}: start-up refused, saying what a secret needs, never echoing it`, async () => {
      const result = await runAgentd(['start', '--port', '0'], cleanEnv(env));
      expect(result.code).to.equal(1);
      expect(result.stderr).to.include('<secret>').and.to.include('must be at least');
      expect(result.stderr).to.include('openssl rand');
      const value = Object.values(env)[0]!.trim();
      if (value) expect(result.stderr).not.to.include(value);
    });
  }
});
