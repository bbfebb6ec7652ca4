/** Hardcoded-secret cases: provider formats, passwords, entropy, connection strings, fallbacks, placeholders. */
import type { CaseTable } from '../security-tester.js';

export const SECRET_CASES: CaseTable = {
  valid: [
    { rule: 'security/hardcoded-secret', name: 'AWS documentation example key', code: "export const keyId = 'AKIAIOSFODNN7EXAMPLE';\n" },
    {
      rule: 'security/hardcoded-secret',
      name: 'key read from the environment',
      code: 'export const stripe = new Stripe(process.env.STRIPE_SECRET_KEY!);\n',
    },
    {
      rule: 'security/hardcoded-password',
      name: 'placeholders',
      code: "export const a = { password: 'changeme', dbPassword: '<your-password>', pwd: 'xxxxxxxx', adminPassword: '${ADMIN_PASSWORD}' };\n",
    },
    {
      rule: 'security/hardcoded-password',
      name: 'labels, field names and env names',
      code: "export const passwordLabel = 'Enter your password';\nexport const passwordField = 'user_password';\nexport const PASSWORD_ENV = 'DB_PASSWORD';\nexport const i18n = { password: 'auth.password.hint' };\n",
    },
    {
      rule: 'security/high-entropy-secret',
      name: 'random-looking value under a non-secret name',
      code: "export const commitSha = '9f2c4e7a1b3d5f6e8a0c2b4d6f8e0a1c3b5d7f9e';\n",
    },
    {
      rule: 'security/high-entropy-secret',
      name: 'secret name with a readable value',
      code: "export const tokenStorageKey = 'app.auth.token';\nexport const secretPrefix = 'sk_test_';\n",
    },
    {
      rule: 'security/secret-connection-string',
      name: "a rule's documented bad example quotes a connection string in its code",
      code: "export const rule = {\n  id: 'security/secret-connection-string',\n  example: { bad: \"new Pool({ connectionString: 'postgres://app:Tr0ub4dor@db.internal/app' })\", good: 'new Pool({ connectionString: process.env.DATABASE_URL })' },\n};\n",
    },
    {
      rule: 'security/secret-connection-string',
      name: 'connection string with env placeholders',
      code: "export const url = 'postgres://${PGUSER}:${PGPASSWORD}@${PGHOST}/app';\n",
    },
    {
      rule: 'security/secret-fallback',
      name: 'fallback of a non-secret variable',
      code: "export const port = process.env.PORT || '3000';\nexport const region = process.env.AWS_REGION ?? 'eu-west-1';\n",
    },
    {
      rule: 'security/hardcoded-secret',
      name: 'real-looking token in a test file is info, and skipped when asked',
      filename: 'test/api.test.ts',
      code: "const token = 'ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';\n",
      input: { testFiles: 'skip' },
    },
  ],
  invalid: [
    { rule: 'security/hardcoded-secret', name: 'AWS access key id', code: "export const awsKey = 'AKIAQ3EGRV5TKRN7L2WB'; // !\n" },
    {
      rule: 'security/hardcoded-secret',
      name: 'AWS secret access key',
      code: "export const aws = {\n  secretAccessKey: 'q8Wd2kLm9PzR4vXt7NbY1cQe6HjU3sGa5FfK0oIi', // !\n};\n",
      errors: [{ ruleId: 'security/hardcoded-secret', line: 2, severity: 'critical' }],
    },
    {
      rule: 'security/hardcoded-secret',
      name: 'GitHub token',
      code: "const octokit = new Octokit({ auth: 'ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5' }); // !\n",
    },
    {
      rule: 'security/hardcoded-secret',
      name: 'fine-grained GitHub token',
      code: "const t = 'github_pat_11ABCDE2Y0aBcDeFgHiJkL_mNoPqRsTuVwXyZ0123456789abcdefghijKLMNOP'; // !\n",
    },
    {
      rule: 'security/hardcoded-secret',
      name: 'Slack bot token',
      code: "const slack = new WebClient('xoxb-2741953608-5829361047-Rk8Tq2Lw9ZpXv3Nb7Mc4Yd1F'); // !\n",
    },
    {
      rule: 'security/hardcoded-secret',
      name: 'Stripe live key',
      code: "const stripe = new Stripe('sk_live_51Hq8ZkLmN3pQ7rT2vW9xY4bC6dF0gJ'); // !\n",
    },
    {
      rule: 'security/hardcoded-secret',
      name: 'Google API key',
      code: "const maps = { key: 'AIzaSyD4k9Lm2Nq7Rt5Vx8Zb3Cf6Hj1Kp0Sw-Ue' }; // !\n",
    },
    {
      rule: 'security/hardcoded-secret',
      name: 'PEM private key',
      code: "const pem = '-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n-----END PRIVATE KEY-----'; // !\n",
    },
    {
      rule: 'security/hardcoded-secret',
      name: 'JWT assigned to a token name',
      code: "const serviceToken = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJzZXJ2aWNlIiwiaWF0IjoxNzAwMDAwMDAwfQ.c2lnbmF0dXJlLW5vdC1yZWFsLTEyMzQ1Ng'; // !\n",
    },
    { rule: 'security/hardcoded-password', name: 'password assignment', code: "const dbPassword = 'Sup3r-S3cret-2024'; // !\n" },
    {
      rule: 'security/high-entropy-secret',
      name: 'random session secret',
      code: "const sessionSecret = 'f8Kq2LzP9vXw3TbN7mRc'; // !\n",
      errors: [{ ruleId: 'security/high-entropy-secret', line: 1 }],
    },
    {
      rule: 'security/secret-connection-string',
      name: 'a real connection string in an options object keyed like an example is still one',
      code: "export const examples = { bad: 'postgres://app:Tr0ub4dor-88@db.prod.example.net/app' }; // !\n",
    },
    {
      rule: 'security/secret-connection-string',
      name: 'postgres URL with a password',
      code: "const pool = new Pool({ connectionString: 'postgres://app:Tr0ub4dor-88@db.prod.example.net/app' }); // !\n",
    },
    {
      rule: 'security/secret-connection-string',
      name: 'local connection string is low',
      code: "const url = 'mongodb://root:hunter2pass@localhost:27017/app';\n",
      errors: [{ ruleId: 'security/secret-connection-string', line: 1, severity: 'low' }],
    },
    {
      rule: 'security/secret-fallback',
      name: 'JWT secret with a literal fallback',
      code: "export const jwtSecret = process.env.JWT_SECRET || 'dev-secret'; // !\n",
    },
    {
      rule: 'security/hardcoded-secret',
      name: 'test files are reported as info',
      filename: 'src/__tests__/client.test.ts',
      code: "const token = 'ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';\n",
      errors: [{ ruleId: 'security/hardcoded-secret', line: 1, severity: 'info' }],
    },
  ],
};
