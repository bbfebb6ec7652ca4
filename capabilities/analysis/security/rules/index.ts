/** Every rule analysis.security reports, documented (meta.rules), and lookups by id. */
import type { RuleDoc } from '../../../../core/index.js';
import { INJECTION_RULES } from './injection-rules.js';
import { SECRET_RULES } from './secret-rules.js';
import { CRYPTO_RULES, WEB_RULES } from './config-rules.js';

export const RULES: RuleDoc[] = [...INJECTION_RULES, ...SECRET_RULES, ...CRYPTO_RULES, ...WEB_RULES];

const BY_ID = new Map(RULES.map((r) => [r.id, r]));

export function ruleDoc(id: string): RuleDoc | undefined {
  return BY_ID.get(id);
}

export const CATEGORIES = ['injection', 'xss', 'secrets', 'crypto', 'csrf', 'transport', 'jwt', 'dependencies'] as const;
export type Category = (typeof CATEGORIES)[number];
