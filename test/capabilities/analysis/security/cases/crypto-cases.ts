/** Weak cryptography and TLS cases. */
import type { CaseTable } from '../security-tester.js';

export const CRYPTO_CASES: CaseTable = {
  valid: [
    {
      rule: 'security/weak-hash',
      name: 'SHA-256 for a token digest',
      code: "import crypto from 'crypto';\nexport const digestToken = (t: string) => crypto.createHash('sha256').update(t).digest('hex');\n",
    },
    {
      rule: 'security/weak-cipher',
      name: 'AES-256-GCM',
      code: "import crypto from 'crypto';\nexport const c = (k: Buffer, iv: Buffer) => crypto.createCipheriv('aes-256-gcm', k, iv);\n",
    },
    {
      rule: 'security/deprecated-cipher',
      name: 'createCipheriv is not createCipher',
      code: "import { createCipheriv, randomBytes } from 'crypto';\nexport const c = (k: Buffer) => createCipheriv('aes-256-cbc', k, randomBytes(16));\n",
    },
    {
      rule: 'security/insecure-random',
      name: 'Math.random for jitter and React keys',
      filename: 'src/List.tsx',
      code: 'export const delayMs = Math.random() * 100;\nexport const List = () => <ul>{[1].map(() => <li key={Math.random()} />)}</ul>;\nexport function isValid() { return Math.random() > 0.5; }\n',
    },
    // Real code (bullmq): an IPC correlation id, and Redis's EVALSHA name of a Lua script (the protocol prescribes SHA-1).
    {
      rule: 'security/insecure-random',
      name: 'correlation ids (request id of an IPC message, a unique DOM id)',
      code: 'export async function ask(send: (m: unknown) => Promise<void>) {\n  const requestId = Math.random().toString(36).substring(2, 15);\n  await send({ requestId });\n}\nexport const uniqueID = () => String(Math.random());\n',
    },
    {
      rule: 'security/weak-hash',
      name: 'SHA-1 naming a Redis Lua script (EVALSHA)',
      code: "import { createHash } from 'crypto';\nexport function defineCommand(name: string, definition: { lua: string }) {\n  const sha = createHash('sha1').update(definition.lua).digest('hex');\n  return { name, sha };\n}\n",
    },
    {
      rule: 'security/weak-key-size',
      name: '3072-bit RSA and EC keys',
      code: "import crypto from 'crypto';\ncrypto.generateKeyPairSync('rsa', { modulusLength: 3072 });\ncrypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });\n",
    },
    {
      rule: 'security/tls-verification-disabled',
      name: 'verification on, custom CA',
      code: "import https from 'https';\nexport const agent = new https.Agent({ rejectUnauthorized: true, ca: process.env.CA });\n",
    },
  ],
  invalid: [
    {
      rule: 'security/weak-hash',
      name: 'MD5 of a password is high',
      code: "import crypto from 'crypto';\nexport function hashPassword(p: string) {\n  return crypto.createHash('md5').update(p).digest('hex');\n}\n",
      errors: [{ ruleId: 'security/weak-hash', line: 3, severity: 'high' }],
    },
    {
      rule: 'security/weak-hash',
      name: 'SHA-1 checksum is low',
      code: "import { createHash } from 'crypto';\nexport const etag = (b: string) => createHash('sha1').update(b).digest('hex');\n",
      errors: [{ ruleId: 'security/weak-hash', line: 2, severity: 'low' }],
    },
    {
      rule: 'security/weak-cipher',
      name: 'DES and ECB',
      code: "import crypto from 'crypto';\ncrypto.createCipheriv('des-cbc', k, iv); // !\ncrypto.createCipheriv('aes-128-ecb', k, null); // !\n",
    },
    {
      rule: 'security/deprecated-cipher',
      name: 'crypto.createCipher',
      code: "import crypto from 'crypto';\nexport const c = crypto.createCipher('aes192', 'a password'); // !\n",
    },
    {
      rule: 'security/weak-hash',
      name: 'SHA-1 of a script is still high when it signs',
      code: "import { createHash } from 'crypto';\nexport const signScript = (script: string) => createHash('sha1').update(script).digest('hex');\n",
      errors: [{ ruleId: 'security/weak-hash', line: 2, severity: 'high' }],
    },
    {
      rule: 'security/insecure-random',
      name: 'Math.random for a reset id (not a correlation id)',
      code: 'export const resetId = Math.random().toString(36).slice(2); // !\n',
    },
    {
      rule: 'security/insecure-random',
      name: 'Math.random for a session id',
      code: 'export const sessionId = Math.random().toString(36).slice(2); // !\n',
    },
    {
      rule: 'security/weak-key-size',
      name: '1024-bit RSA',
      code: "import { generateKeyPair } from 'crypto';\ngenerateKeyPair('rsa', { modulusLength: 1024 }, () => {}); // !\n",
    },
    {
      rule: 'security/tls-verification-disabled',
      name: 'rejectUnauthorized false and the env switch',
      code: "process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'; // !\nconst agent = new https.Agent({ rejectUnauthorized: false }); // !\n",
    },
  ],
};
