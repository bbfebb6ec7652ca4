import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { CONFIG_FLAGS, ENV_VARS, leafKeys } from '../../../daemon/config/index.js';

const docsUrl = new URL('../../../../docs/configuration.md', import.meta.url);

/** Like the error catalogue's test: the schema, the env/flag tables and docs/configuration.md stay in step. */
describe('configuration documentation', () => {
  it("covers every key of the spec's configuration object (github.* for repohost.*)", () => {
    const spec = [
      'server.port',
      'server.host',
      'server.maxConcurrent',
      'workspace.path',
      'workspace.cleanup',
      'workspace.maxSize',
      'queue.type',
      'queue.external.host',
      'queue.external.port',
      'queue.external.password',
      'queue.external.db',
      'github.appId',
      'github.privateKeyPath',
      'github.installationId',
      'github.webhookSecret',
      'limits.maxMemoryMB',
      'limits.maxExecutionTimeMin',
      'limits.maxToolCalls',
      'logging.level',
      'logging.format',
      'logging.file',
      'security.apiKey',
      'security.jwtSecret',
      'security.corsOrigins',
      'security.rateLimiting.enabled',
      'security.rateLimiting.requests',
      'security.rateLimiting.window',
      'security.encryption.enabled',
      'security.encryption.algorithm',
    ];
    expect(leafKeys()).to.include.members(spec);
  });

  it('documents every key, environment variable and flag in docs/configuration.md', () => {
    const docs = readFileSync(docsUrl, 'utf8');
    for (const key of leafKeys()) expect(docs, key).to.include(`\`${key}\``);
    for (const { names } of ENV_VARS) for (const name of names) expect(docs, name).to.include(`\`${name}\``);
    for (const { flag } of CONFIG_FLAGS) expect(docs, flag).to.include(`\`--${flag}`);
    for (const flag of ['--config', '--dry-run', '--debug', 'REDIS_URL']) expect(docs, flag).to.include(flag);
  });
});
