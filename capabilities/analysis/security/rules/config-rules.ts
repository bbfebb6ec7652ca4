/** Documentation of the configuration rules: weak crypto, TLS, CSRF, cookies, CORS and JWT. */
import type { RuleDoc } from '../../../../core/index.js';

export const CRYPTO_RULES: RuleDoc[] = [
  {
    id: 'security/weak-hash',
    title: 'MD5 or SHA-1',
    defaultSeverity: 'medium',
    cwe: 'CWE-328',
    category: 'crypto',
    description:
      "`createHash('md5' | 'md4' | 'sha1')`, `md5()`/`sha1()` packages or CryptoJS.MD5/SHA1. High when the surrounding names speak of passwords, signatures, tokens or secrets; low otherwise (checksums, ETags and cache keys are legitimate uses).",
    why: 'MD5 and SHA-1 collide cheaply and are fast to brute-force: password hashes are cracked and signatures forged.',
    example: { bad: "crypto.createHash('md5').update(password).digest('hex')", good: 'await bcrypt.hash(password, 12)' },
    fix: 'Passwords: bcrypt, scrypt or argon2. Signatures and tokens: SHA-256 or better (HMAC-SHA-256).',
  },
  {
    id: 'security/weak-cipher',
    title: 'Broken cipher or ECB mode',
    defaultSeverity: 'high',
    cwe: 'CWE-327',
    category: 'crypto',
    description: '`createCipheriv`/`createDecipheriv` with DES, 3DES, RC2, RC4, Blowfish or any ECB mode.',
    why: 'These ciphers are broken or have tiny blocks; ECB leaks patterns of the plaintext.',
    example: { bad: "crypto.createCipheriv('des-ede3-cbc', key, iv)", good: "crypto.createCipheriv('aes-256-gcm', key, iv)" },
    fix: 'Use AES-256-GCM (or ChaCha20-Poly1305) with a random IV per message.',
  },
  {
    id: 'security/deprecated-cipher',
    title: 'createCipher without an IV',
    defaultSeverity: 'high',
    cwe: 'CWE-327',
    category: 'crypto',
    description: '`crypto.createCipher`/`createDecipher` (removed in Node 22) derive the key with one round of MD5 and use no IV.',
    why: 'Equal plaintexts give equal ciphertexts and the key derivation is trivially brute-forced.',
    example: {
      bad: "crypto.createCipher('aes-256-cbc', password)",
      good: "crypto.createCipheriv('aes-256-gcm', scryptSync(password, salt, 32), randomBytes(12))",
    },
    fix: 'Use `createCipheriv` with a key from scrypt/PBKDF2 and a random IV.',
  },
  {
    id: 'security/insecure-random',
    title: 'Math.random() for a security value',
    defaultSeverity: 'medium',
    cwe: 'CWE-338',
    category: 'crypto',
    description:
      '`Math.random()` in a value named or produced for a token, secret, password, nonce, salt, session or reset code, or an id; `crypto.pseudoRandomBytes()` anywhere.',
    why: 'Math.random is predictable (xorshift128+): observing a few outputs reveals the next tokens.',
    example: {
      bad: 'const resetToken = Math.random().toString(36).slice(2)',
      good: "const resetToken = crypto.randomBytes(32).toString('hex')",
    },
    fix: 'Use `crypto.randomBytes`, `crypto.randomUUID()` or `crypto.getRandomValues`.',
  },
  {
    id: 'security/weak-key-size',
    title: 'RSA/DSA key shorter than 2048 bits',
    defaultSeverity: 'high',
    cwe: 'CWE-326',
    category: 'crypto',
    description: '`generateKeyPair(Sync)` of an RSA, RSA-PSS or DSA key with `modulusLength` below 2048.',
    why: '1024-bit RSA is within reach of well-funded attackers; 512-bit keys are factored in hours.',
    example: { bad: "generateKeyPairSync('rsa', { modulusLength: 1024 })", good: "generateKeyPairSync('rsa', { modulusLength: 3072 })" },
    fix: 'Use at least 2048 bits (3072 for keys that must last), or an elliptic-curve key (ed25519).',
  },
  {
    id: 'security/tls-verification-disabled',
    title: 'TLS certificate verification turned off',
    defaultSeverity: 'high',
    cwe: 'CWE-295',
    category: 'crypto',
    description: "`rejectUnauthorized: false`, `strictSSL: false`, or `NODE_TLS_REJECT_UNAUTHORIZED = '0'`.",
    why: 'Anyone on the network path can impersonate the server and read or change the traffic.',
    example: { bad: 'https.request({ host, rejectUnauthorized: false })', good: 'https.request({ host, ca: fs.readFileSync(caFile) })' },
    fix: 'Keep verification on; trust a private CA with the `ca` option instead.',
  },
];

export const TRANSPORT_RULES: RuleDoc[] = [
  {
    id: 'security/insecure-transport',
    title: 'Plain-text or obsolete transport',
    defaultSeverity: 'medium',
    cwe: 'CWE-319',
    category: 'transport',
    description:
      'An `http://` or `ws://` URL to a non-local host passed to an HTTP/WebSocket client (fetch, axios, got, request, `http.get`, `new WebSocket`); TLS pinned to SSLv3/TLS 1.0/1.1 (`secureProtocol`, `minVersion`); a database client with `ssl: false`/`tls: false`.',
    why: 'Anyone on the network path reads and changes the traffic: credentials, tokens and personal data in clear text.',
    example: {
      bad: "await axios.post('http://payments.example.com/charge', order)",
      good: "await axios.post('https://payments.example.com/charge', order)",
    },
    fix: 'Use https:// and wss://, TLS 1.2 or later, and TLS to the database.',
  },
];

export const WEB_RULES: RuleDoc[] = [
  {
    id: 'security/csrf-missing',
    title: 'State-changing route on cookie sessions without CSRF protection',
    defaultSeverity: 'medium',
    cwe: 'CWE-352',
    category: 'csrf',
    description:
      "The project uses cookie sessions (express-session, cookie-session, passport sessions) and registers POST/PUT/PATCH/DELETE routes, but no CSRF middleware (csurf, csrf-csrf, csrf-sync, lusca.csrf, tiny-csrf, @fastify/csrf-protection) protects them. A session cookie with `sameSite: 'strict'` counts as protection; `sameSite: 'lax'` lowers the finding to low.",
    why: 'Another site can submit a form to the route and the browser attaches the session cookie: the action runs as the victim.',
    example: {
      bad: "app.use(session({ secret })); app.post('/transfer', transfer)",
      good: "app.use(session({ secret, cookie: { sameSite: 'strict' } })); app.use(doubleCsrfProtection)",
    },
    fix: "Add CSRF tokens (csrf-csrf, csrf-sync) or set the session cookie to `sameSite: 'strict'`.",
  },
  {
    id: 'security/insecure-cookie',
    title: 'Session cookie without httpOnly or secure',
    defaultSeverity: 'medium',
    cwe: 'CWE-1004',
    category: 'transport',
    description:
      'Session middleware with `httpOnly: false` or `secure: false`, or `res.cookie()` of a session/token cookie without `httpOnly` (medium) or without `secure` (low).',
    why: 'Without httpOnly, any XSS reads the session; without secure, the cookie travels over plain HTTP.',
    example: { bad: "res.cookie('session', id)", good: "res.cookie('session', id, { httpOnly: true, secure: true, sameSite: 'strict' })" },
    fix: 'Set `httpOnly: true`, `secure: true` (behind TLS) and a `sameSite` policy on session cookies.',
  },
  {
    id: 'security/permissive-cors',
    title: 'CORS allows any origin with credentials',
    defaultSeverity: 'high',
    cwe: 'CWE-942',
    category: 'transport',
    description:
      "CORS options with `credentials: true` and `origin: true` or an origin callback that accepts everything (high), or `origin: '*'` (medium: browsers refuse it, but the intent is wrong); or an `Access-Control-Allow-Origin` header echoing the request origin next to `Allow-Credentials: true`.",
    why: "Every website can make authenticated requests with the user's cookies and read the answers.",
    example: {
      bad: 'app.use(cors({ origin: true, credentials: true }))',
      good: "app.use(cors({ origin: ['https://app.example.com'], credentials: true }))",
    },
    fix: 'List the allowed origins explicitly.',
  },
  {
    id: 'security/jwt-none-algorithm',
    title: 'JWT "none" algorithm accepted',
    defaultSeverity: 'critical',
    cwe: 'CWE-347',
    category: 'jwt',
    description: "`jwt.verify(..., { algorithms: ['none'] })` or signing with `algorithm: 'none'`.",
    why: 'Unsigned tokens are accepted: anyone can forge any identity.',
    example: {
      bad: "jwt.verify(token, key, { algorithms: ['none', 'HS256'] })",
      good: "jwt.verify(token, key, { algorithms: ['HS256'] })",
    },
    fix: 'Pin a real signing algorithm.',
  },
  {
    id: 'security/jwt-decode-without-verify',
    title: 'JWT decoded but never verified',
    defaultSeverity: 'high',
    cwe: 'CWE-347',
    category: 'jwt',
    description:
      '`jwt.decode()` (jsonwebtoken) in a function that never calls `verify`: the claims are trusted without checking the signature.',
    why: '`decode` does not check the signature; a forged token passes.',
    example: {
      bad: 'const user = jwt.decode(req.headers.authorization)',
      good: "const user = jwt.verify(token, key, { algorithms: ['HS256'] })",
    },
    fix: 'Use `jwt.verify` with a pinned algorithm list.',
  },
  {
    id: 'security/jwt-ignore-expiration',
    title: 'JWT expiry ignored',
    defaultSeverity: 'medium',
    cwe: 'CWE-613',
    category: 'jwt',
    description: '`jwt.verify(token, key, { ignoreExpiration: true })`.',
    why: 'A token that leaked once stays valid forever.',
    example: { bad: 'jwt.verify(token, key, { ignoreExpiration: true })', good: "jwt.verify(token, key, { algorithms: ['HS256'] })" },
    fix: 'Keep the expiry check; issue short-lived tokens and refresh them.',
  },
  {
    id: 'security/jwt-verify-without-algorithms',
    title: 'jwt.verify without pinned algorithms',
    defaultSeverity: 'low',
    cwe: 'CWE-347',
    category: 'jwt',
    description: '`jwt.verify(token, key)` without an `algorithms` option.',
    why: 'With public-key secrets, older libraries allowed algorithm confusion (HS256 signed with the public key); pinning removes the question.',
    example: { bad: 'jwt.verify(token, publicKey)', good: "jwt.verify(token, publicKey, { algorithms: ['RS256'] })" },
    fix: 'Pass `{ algorithms: [...] }` with exactly the algorithms you issue.',
  },
];
