import { expect } from 'chai';
import { defaultConfig, maskSecrets, MASK } from '../../../daemon/config/index.js';

describe('maskSecrets', () => {
  it('masks every secret and the password inside queue.url, leaving the original untouched', () => {
    const config = defaultConfig();
    config.security.apiKey = 'k-123';
    config.security.jwtSecret = 'j-456';
    config.github.webhookSecret = 'w-789';
    config.github.appId = '42';
    config.queue.external.password = 'p-000';
    config.queue.url = 'redis://user:p-000@host:6379/0';
    config.security.sandboxEnv = { DATABASE_URL: 'postgres://app:d-111@127.0.0.1:5432/test' };
    const masked = maskSecrets(config);
    expect(masked.security.sandboxEnv).to.deep.equal({ DATABASE_URL: MASK });
    expect(masked.security).to.include({ apiKey: MASK, jwtSecret: MASK });
    expect(masked.github).to.include({ webhookSecret: MASK, appId: '42' });
    expect(masked.queue.external.password).to.equal(MASK);
    expect(masked.queue.url).to.equal('redis://user:<secret>@host:6379/0');
    expect(JSON.stringify(masked)).to.not.match(/k-123|j-456|w-789|p-000|d-111/);
    expect(config.security.apiKey).to.equal('k-123');
  });

  it('leaves unset secrets null, so the output says they are not set', () => {
    const masked = maskSecrets(defaultConfig());
    expect(masked.security.apiKey).to.equal(null);
    expect(masked.queue.external.password).to.equal(null);
  });
});
