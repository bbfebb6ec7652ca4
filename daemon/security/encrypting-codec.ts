/**
 * The encrypting RecordCodec (security.encryption): every record is sealed with an AEAD cipher under a
 * key derived once (scrypt) from security.encryption.key, with a fresh random 96-bit nonce per record.
 * Envelope, one line of text so stores can keep it as a string:
 *
 *     agentd-sealed:v1:<algorithm>:<nonce b64url>:<ciphertext b64url>:<tag b64url>
 *
 * The header ("agentd-sealed:v1:<algorithm>") is bound in as associated data, so swapping the
 * algorithm or version is detected like any other change. Anything that does not open — altered,
 * truncated, sealed under another key, or plain JSON where a sealed record belongs — is
 * AgentdError("record_tampered"), never garbage.
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync, type CipherGCMTypes } from 'node:crypto';
import { AgentdError } from '../../core/index.js';
import { AEAD_ALGORITHMS } from '../config/schema.js';
import type { RecordCodec } from './record-codec.js';

export type AeadAlgorithm = (typeof AEAD_ALGORITHMS)[number];

const VERSION = 'v1';
const PREFIX = 'agentd-sealed';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES: Record<AeadAlgorithm, number> = { 'aes-256-gcm': 32, 'aes-192-gcm': 24, 'aes-128-gcm': 16, 'chacha20-poly1305': 32 };
// A fixed salt keeps the key the same on every daemon that shares the secret (they share one Redis);
// the secret itself must carry the entropy, which the docs ask for.
const SALT = 'agentd/record-codec/v1';
const SCRYPT = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export interface EncryptionSettings {
  algorithm: string;
  key: string | null;
}

export function isAeadAlgorithm(value: string): value is AeadAlgorithm {
  return (AEAD_ALGORITHMS as readonly string[]).includes(value);
}

function deriveKey(secret: string, algorithm: AeadAlgorithm): Buffer {
  return scryptSync(secret, `${SALT}/${algorithm}`, KEY_BYTES[algorithm], SCRYPT);
}

const tampered = (why: string): AgentdError =>
  new AgentdError(
    'record_tampered',
    `A stored job record failed its integrity check (${why}); it was altered or sealed with another security.encryption.key — restore the record or the key.`,
  );

function checkSettings(settings: EncryptionSettings): { algorithm: AeadAlgorithm; key: string } {
  if (!isAeadAlgorithm(settings.algorithm)) {
    throw new AgentdError(
      'invalid_config',
      `security.encryption.algorithm "${settings.algorithm}" is not a supported AEAD cipher; use one of ${AEAD_ALGORITHMS.join(', ')}.`,
    );
  }
  if (!settings.key) {
    throw new AgentdError(
      'invalid_config',
      'security.encryption.key is not set but security.encryption.enabled is true; set AGENTD_ENCRYPTION_KEY to a long random secret.',
    );
  }
  return { algorithm: settings.algorithm, key: settings.key };
}

export function createEncryptingCodec(settings: EncryptionSettings): RecordCodec {
  const { algorithm, key: secret } = checkSettings(settings);
  const key = deriveKey(secret, algorithm);
  const header = `${PREFIX}:${VERSION}:${algorithm}`;
  const aad = Buffer.from(header, 'utf8');
  const cipherOptions = { authTagLength: TAG_BYTES };

  const seal = (plain: Buffer): string => {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv(algorithm as CipherGCMTypes, key, nonce, cipherOptions);
    cipher.setAAD(aad, { plaintextLength: plain.length });
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return [header, nonce.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(':');
  };

  const open = (text: string): Buffer => {
    if (typeof text !== 'string' || !text.startsWith(`${PREFIX}:`)) throw tampered('it is not a sealed record');
    const parts = text.split(':');
    if (parts.length !== 6 || `${parts[0]}:${parts[1]}:${parts[2]}` !== header)
      throw tampered("its envelope header does not match this daemon's cipher");
    const [nonce, body, tag] = parts.slice(3).map((part) => Buffer.from(part, 'base64url'));
    if (nonce!.length !== NONCE_BYTES || tag!.length !== TAG_BYTES) throw tampered('its nonce or tag has the wrong length');
    try {
      const decipher = createDecipheriv(algorithm as CipherGCMTypes, key, nonce!, cipherOptions);
      decipher.setAAD(aad, { plaintextLength: body!.length });
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(body!), decipher.final()]);
    } catch {
      throw tampered('its authentication tag does not verify');
    }
  };

  return {
    name: `sealed-${algorithm}`,
    encode: (value) => seal(Buffer.from(JSON.stringify(value), 'utf8')),
    decode: (text) => JSON.parse(open(text).toString('utf8')) as unknown,
    encrypts: true,
  };
}
