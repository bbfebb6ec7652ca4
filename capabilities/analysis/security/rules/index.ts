/** Every rule analysis.security reports, documented (meta.rules), and lookups by id. */
import type { RuleDoc } from '../../../../core/index.js';
import { INJECTION_RULES } from './injection-rules.js';
import { SECRET_RULES } from './secret-rules.js';
import { CRYPTO_RULES, TRANSPORT_RULES, WEB_RULES } from './config-rules.js';
import { SERVER_INJECTION_RULES } from './server-injection-rules.js';
import { OBJECT_RULES } from './object-rules.js';

export const RULES: RuleDoc[] = [
  ...INJECTION_RULES,
  ...SERVER_INJECTION_RULES,
  ...OBJECT_RULES,
  ...SECRET_RULES,
  ...CRYPTO_RULES,
  ...TRANSPORT_RULES,
  ...WEB_RULES,
];

const BY_ID = new Map(RULES.map((r) => [r.id, r]));

export function ruleDoc(id: string): RuleDoc | undefined {
  return BY_ID.get(id);
}

export const CATEGORIES = ['injection', 'xss', 'redos', 'secrets', 'crypto', 'csrf', 'transport', 'jwt', 'dependencies'] as const;
export type Category = (typeof CATEGORIES)[number];
