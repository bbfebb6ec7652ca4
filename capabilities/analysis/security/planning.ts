/** analysis.security's planning data: how a task names it, and the security categories named in prose (next to ./rules/). */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'audit-security',
      offered: { when: 'vague', order: 4 },
      label: 'audit security',
      keywords:
        'security,secure,insecure,vulnerability,vulnerable,vuln,vulns,audit=1.5,injection,xss,secret=2.5,hardcoded=2.5,csrf,cve,cwe,exploit,attack=2,owasp,sanitize=2,password=2,jwt=2,cors=2,cookie=1.5,crypto=2,cryptography=2.5,pentest,safe=1.5,unsafe=2.5,hack=2',
    },
  ],
  strategy: 'scope',
  stepTitle: 'Security audit',
  fields: [
    {
      field: 'categories',
      from: 'vocabulary',
      vocabulary: [
        {
          value: 'injection',
          phrases: ['injection', 'sql', 'nosql', 'command injection', 'path traversal', 'eval'],
        },
        {
          value: 'xss',
          phrases: ['xss', 'cross site scripting', 'innerhtml', 'dangerouslysetinnerhtml'],
        },
        {
          value: 'secrets',
          phrases: ['secret', 'hardcoded', 'credential', 'api key', 'password', 'token leak'],
        },
        {
          value: 'crypto',
          phrases: ['crypto', 'cryptography', 'hash', 'hashing', 'cipher', 'encryption', 'random'],
        },
        {
          value: 'csrf',
          phrases: ['csrf'],
        },
        {
          value: 'transport',
          phrases: ['cookie', 'cors', 'https', 'tls', 'transport'],
        },
        {
          value: 'jwt',
          phrases: ['jwt'],
        },
        {
          value: 'dependencies',
          phrases: ['insecure dependency', 'vulnerable dependency', 'vulnerable package', 'dependency', 'advisory', 'npm audit', 'package'],
          unlessIntent: 'dependencies',
        },
      ],
    },
    {
      field: 'testFiles',
      from: 'tests-included',
      value: 'report',
    },
  ],
};
