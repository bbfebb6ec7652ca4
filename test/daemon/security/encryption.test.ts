import { expect } from 'chai';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AgentdError, isAgentdError } from '../../../core/index.js';
import { defaultConfig, loadConfig } from '../../../daemon/config/index.js';
import { startDaemon } from '../../../daemon/server.js';
import { createEncryptingCodec } from '../../../daemon/security/encrypting-codec.js';
import { scratchFolder } from '../../../daemon/jobs/job-scratch.js';
import { post, waitForStatus } from '../support/http-client.js';
import { ENCRYPTION_KEY, startSecureDaemon } from './secure-daemon.js';

const record = {
  id: 'job-1',
  steps: [{ capability: 'analysis.test-empty', input: { path: 'src/ünï/💥.ts', nul: 'a\u0000b' } }],
  turns: [{ role: 'user', message: 'secret plan' }],
};

function expectTampered(action: () => unknown): void {
  let thrown: unknown;
  try {
    action();
  } catch (error) {
    thrown = error;
  }
  expect(isAgentdError(thrown), String(thrown)).to.equal(true);
  expect((thrown as AgentdError).code).to.equal('record_tampered');
}

/** Flips one bit of the base64url part `index` (3 nonce, 4 ciphertext, 5 tag) of an envelope. */
function flip(envelope: string, index: number): string {
  const parts = envelope.split(':');
  const bytes = Buffer.from(parts[index]!, 'base64url');
  bytes[bytes.length >> 1]! ^= 0x01;
  parts[index] = bytes.toString('base64url');
  return parts.join(':');
}

describe('the encrypting record codec', function () {
  for (const algorithm of ['aes-256-gcm', 'chacha20-poly1305', 'aes-128-gcm']) {
    it(`${algorithm}: round-trips a record, with a fresh nonce every time and no plaintext in the envelope`, () => {
      const codec = createEncryptingCodec({ algorithm, key: ENCRYPTION_KEY });
      const one = codec.encode(record);
      const two = codec.encode(record);
      expect(one).to.not.equal(two);
      expect(one.split(':')[3]).to.not.equal(two.split(':')[3]);
      expect(one).to.match(new RegExp(`^agentd-sealed:v1:${algorithm}:`));
      expect(one).to.not.include('secret plan').and.not.include('test-empty');
      expect(codec.decode(one)).to.deep.equal(record);
      expect(codec.decode(two)).to.deep.equal(record);
    });
  }

  it('detects a flipped bit in the nonce, the ciphertext or the tag as record_tampered', () => {
    const codec = createEncryptingCodec({ algorithm: 'aes-256-gcm', key: ENCRYPTION_KEY });
    const sealed = codec.encode(record);
    for (const part of [3, 4, 5]) expectTampered(() => codec.decode(flip(sealed, part)));
  });

  it('detects truncation, a swapped algorithm header, plain JSON and a record sealed under another key', () => {
    const codec = createEncryptingCodec({ algorithm: 'aes-256-gcm', key: ENCRYPTION_KEY });
    const sealed = codec.encode(record);
    expectTampered(() => codec.decode(sealed.slice(0, -4)));
    expectTampered(() => codec.decode(sealed.replace(':aes-256-gcm:', ':chacha20-poly1305:')));
    expectTampered(() => codec.decode(sealed.replace(':v1:', ':v2:')));
    expectTampered(() => codec.decode(JSON.stringify(record)));
    const other = createEncryptingCodec({ algorithm: 'aes-256-gcm', key: `${ENCRYPTION_KEY}-other` });
    expectTampered(() => codec.decode(other.encode(record)));
  });

  it('says what happened and how to fix it, without echoing the record or the key', () => {
    const codec = createEncryptingCodec({ algorithm: 'aes-256-gcm', key: ENCRYPTION_KEY });
    try {
      codec.decode(flip(codec.encode(record), 4));
      expect.fail('decode should have thrown');
    } catch (error) {
      expect((error as Error).message)
        .to.match(/integrity check/)
        .and.match(/security\.encryption\.key/);
      expect((error as Error).message)
        .to.not.include(ENCRYPTION_KEY)
        .and.not.include('secret plan');
    }
  });

  it('refuses an unknown algorithm and a missing key with invalid_config', () => {
    expect(() => createEncryptingCodec({ algorithm: 'aes-256-cbc', key: ENCRYPTION_KEY }))
      .to.throw(AgentdError)
      .with.property('code', 'invalid_config');
    expect(() => createEncryptingCodec({ algorithm: 'aes-256-gcm', key: null }))
      .to.throw(AgentdError)
      .with.property('code', 'invalid_config');
  });
});

describe('encryption settings at start-up', function () {
  const isolated = { homeDir: '/nonexistent-home', etcPath: '/nonexistent-etc/config.json', flags: {} };

  it('an unknown algorithm fails configuration loading, naming the key and the value', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'agentd-enc-'));
    const file = path.join(dir, 'config.json');
    await writeFile(file, JSON.stringify({ security: { encryption: { enabled: true, algorithm: 'aes-256-cbc' } } }));
    try {
      expect(() => loadConfig({ ...isolated, env: { AGENTD_ENCRYPTION_KEY: ENCRYPTION_KEY }, configPath: file }))
        .to.throw(AgentdError)
        .with.property('message')
        .that.includes('security.encryption.algorithm')
        .and.includes('aes-256-cbc');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('an unknown algorithm fails startDaemon too (configurations built in code skip loadConfig)', async () => {
    const config = defaultConfig();
    config.server.port = 0;
    config.security.encryption = { enabled: true, algorithm: 'des-ede3', key: ENCRYPTION_KEY };
    const error = await startDaemon(config).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect((error as AgentdError).code).to.equal('invalid_config');
    expect((error as Error).message)
      .to.include('security.encryption.algorithm')
      .and.include('des-ede3');
  });

  it('enabled without a key fails configuration loading, naming security.encryption.key and AGENTD_ENCRYPTION_KEY', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'agentd-enc-'));
    const file = path.join(dir, 'config.json');
    await writeFile(file, JSON.stringify({ security: { encryption: { enabled: true } } }));
    try {
      expect(() => loadConfig({ ...isolated, env: {}, configPath: file }))
        .to.throw(AgentdError)
        .with.property('message')
        .that.includes('security.encryption.key')
        .and.includes('AGENTD_ENCRYPTION_KEY');
      const { config } = loadConfig({ ...isolated, env: { AGENTD_ENCRYPTION_KEY: ENCRYPTION_KEY }, configPath: file });
      expect(config.security.encryption).to.deep.equal({ enabled: true, algorithm: 'aes-256-gcm', key: ENCRYPTION_KEY });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('encryption of job data written to disk', function () {
  it('seals artifacts in the per-job scratch folder: nothing readable without the key, and the key opens them', async () => {
    const t = await startSecureDaemon((config) => {
      config.workspace.cleanup = false;
      config.security.encryption = { enabled: true, algorithm: 'chacha20-poly1305', key: ENCRYPTION_KEY };
    });
    try {
      const { body } = await post(t.url, '/jobs', {
        capability: 'refactoring.test-writer',
        input: { path: 'notes/very-private.txt', content: 'hello' },
      });
      await waitForStatus(t.url, body.id, ['awaiting_approval', 'succeeded', 'failed']);
      const folder = scratchFolder(t.workspace, body.id);
      const files = await readdir(folder);
      expect(files).to.deep.equal(['written.txt.sealed']);
      const sealed = await readFile(path.join(folder, files[0]!), 'utf8');
      expect(sealed).to.not.include('very-private');
      const codec = createEncryptingCodec({ algorithm: 'chacha20-poly1305', key: ENCRYPTION_KEY });
      expect(codec.decode(sealed)).to.deep.include({ name: 'written.txt', content: 'notes/very-private.txt' });
    } finally {
      await t.close();
    }
  });
});
