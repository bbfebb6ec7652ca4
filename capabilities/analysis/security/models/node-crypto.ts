/** Node's crypto: HMAC and cipher keys are secrets by position, however short or guessable the literal. */
import type { LibraryModel } from './types.js';

const CRYPTO = ['crypto', 'node:crypto'];

export const model: LibraryModel = {
  id: 'node-crypto',
  title: 'Node crypto',
  modules: CRYPTO,
  assumedLocals: ['crypto'],
  secrets: [
    { callee: { module: CRYPTO, path: ['createHmac'] }, arg: 1, ruleId: 'security/hardcoded-key', what: 'the HMAC key' },
    // createCipher/createDecipher take a password, and are security/deprecated-cipher already.
    {
      callee: { module: CRYPTO, path: ['createCipheriv', 'createDecipheriv'] },
      arg: 1,
      ruleId: 'security/hardcoded-key',
      what: 'the cipher key',
    },
    {
      callee: { module: CRYPTO, path: ['pbkdf2', 'pbkdf2Sync', 'scrypt', 'scryptSync'] },
      arg: 1,
      ruleId: 'security/hardcoded-key',
      what: 'the key-derivation salt',
    },
    {
      callee: {
        module: ['crypto-js'],
        path: ['AES.encrypt', 'AES.decrypt', 'HmacSHA256', 'HmacSHA512', 'HmacSHA1', 'TripleDES.encrypt', 'Rabbit.encrypt'],
      },
      arg: 1,
      ruleId: 'security/hardcoded-key',
      what: 'the cipher or HMAC key',
    },
  ],
};
