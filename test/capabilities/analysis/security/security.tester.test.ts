import { runCases } from './security-tester.js';
import { INJECTION_CASES } from './cases/injection-cases.js';
import { XSS_CASES } from './cases/xss-cases.js';
import { SECRET_CASES } from './cases/secret-cases.js';
import { CRYPTO_CASES } from './cases/crypto-cases.js';
import { WEB_CASES } from './cases/web-cases.js';
import { FAMILY_CASES } from './cases/family-cases.js';

describe('capabilities/analysis/security rules', () => {
  runCases('injection (taint)', INJECTION_CASES);
  runCases('xss (taint and DOM sinks)', XSS_CASES);
  runCases('hardcoded secrets', SECRET_CASES);
  runCases('weak cryptography', CRYPTO_CASES);
  runCases('csrf, cookies, cors, jwt', WEB_CASES);
  runCases('template injection, SSRF, XXE, ReDoS, objects, transport, keys by position', FAMILY_CASES);
});
