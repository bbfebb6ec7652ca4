/** Documentation of the hardcoded-secret rules. */
import type { RuleDoc } from '../../../../core/index.js';

export const SECRET_RULES: RuleDoc[] = [
  {
    id: 'security/hardcoded-secret',
    title: 'Provider credential in source',
    defaultSeverity: 'critical',
    cwe: 'CWE-798',
    category: 'secrets',
    description:
      'A literal matches a provider credential format: AWS access key id and secret access key, GitHub tokens (`ghp_`, `gho_`, `github_pat_`, ...), Slack tokens (`xox*`) and webhooks, Stripe live keys (`sk_live_`), Google API keys (`AIza`), npm tokens, SendGrid keys, PEM private keys, or a JWT assigned to a token/secret name.',
    why: 'Anyone with the repository (forks, CI logs, a leaked laptop) can use the credential; history keeps it after deletion.',
    example: { bad: "const stripe = new Stripe('sk_live_...')", good: 'const stripe = new Stripe(process.env.STRIPE_SECRET_KEY!)' },
    fix: 'Revoke and rotate the credential, then load it from the environment or a secret manager.',
  },
  {
    id: 'security/hardcoded-password',
    title: 'Hardcoded password',
    defaultSeverity: 'high',
    cwe: 'CWE-259',
    category: 'secrets',
    description:
      'A string literal is assigned to a password-like name (`password`, `passwd`, `pwd`, `dbPassword`, ...), or passed as the password of a database, Redis or mail client (any literal there, `admin` included); under names, placeholders (`changeme`, `<password>`, `${...}`, `example`) and labels are ignored.',
    why: 'The password is the same in every deployment and visible to everyone who can read the code.',
    example: { bad: "const dbPassword = 'S3cure!Pass2024'", good: 'const dbPassword = process.env.DB_PASSWORD' },
    fix: 'Read it from the environment or a secret manager; rotate the exposed one.',
  },
  {
    id: 'security/secret-connection-string',
    title: 'Connection string with a password',
    defaultSeverity: 'high',
    cwe: 'CWE-798',
    category: 'secrets',
    description:
      'A database or broker URL (`postgres://`, `mysql://`, `mongodb+srv://`, `redis://`, `amqp://`) contains a user and a password. Local hosts (localhost, 127.0.0.1) are reported at low severity.',
    why: 'The URL is a complete credential: host, user and password.',
    example: {
      bad: "new Pool({ connectionString: 'postgres://app:Tr0ub4dor@db.internal/app' })",
      good: 'new Pool({ connectionString: process.env.DATABASE_URL })',
    },
    fix: 'Move the URL to the environment; rotate the password.',
  },
  {
    id: 'security/high-entropy-secret',
    title: 'Random-looking literal assigned to a secret name',
    defaultSeverity: 'medium',
    cwe: 'CWE-798',
    category: 'secrets',
    description:
      'A literal of 16+ characters with high Shannon entropy (random-looking) is assigned to a secret-like name (`secret`, `token`, `apiKey`, `privateKey`, `accessKey`, `signingKey`, ...).',
    why: "Unknown providers' keys have no fixed format; randomness plus a secret name is the best remaining signal.",
    example: { bad: "const sessionSecret = 'f8Kq2LzP9vXw3TbN7mRc'", good: 'const sessionSecret = process.env.SESSION_SECRET' },
    fix: 'Load it from the environment or a secret manager; rotate it.',
  },
  {
    id: 'security/hardcoded-key',
    title: 'Literal key where the API expects a secret',
    defaultSeverity: 'high',
    cwe: 'CWE-321',
    category: 'secrets',
    description:
      'A string literal (directly, or through a constant of the same file) passed where a library expects a secret, whatever its entropy: the `jsonwebtoken` signing key, `express-session`/`cookie-session`/`cookie-parser` secrets, express-jwt and passport-jwt secrets, `crypto.createHmac`/`createCipheriv` keys.',
    why: "Short or guessable secrets (`'shhhhh'`, `'keyboard cat'`) are the first an attacker tries; with the key anyone forges tokens and session cookies.",
    example: { bad: "jwt.sign(payload, 'shhhhh')", good: 'jwt.sign(payload, process.env.JWT_SECRET!)' },
    fix: 'Load the key from the environment or a secret manager (fail at start-up when it is missing) and rotate the exposed one.',
  },
  {
    id: 'security/secret-fallback',
    title: 'Literal fallback for a secret from the environment',
    defaultSeverity: 'low',
    cwe: 'CWE-798',
    category: 'secrets',
    description:
      "`process.env.JWT_SECRET || 'dev-secret'` (or `??`): when the variable is missing in production the known literal becomes the secret. Reported whatever the literal looks like.",
    why: 'A forgotten variable silently turns on a secret that is public in the repository (forged JWTs, session cookies).',
    example: {
      bad: "const secret = process.env.JWT_SECRET || 'dev-secret'",
      good: "const secret = required('JWT_SECRET') // throws at start-up when unset",
    },
    fix: 'Fail at start-up when the variable is missing, or allow the fallback only when NODE_ENV is development.',
  },
];
