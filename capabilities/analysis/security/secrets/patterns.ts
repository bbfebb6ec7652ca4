/** Provider credential formats, placeholders, and the names that make a literal a secret. */
import type { Severity } from '../../../../core/index.js';

export interface ProviderPattern {
  provider: string;
  pattern: RegExp;
  severity: Severity;
}

export const PROVIDER_PATTERNS: ProviderPattern[] = [
  { provider: 'AWS access key id', pattern: /\b(AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b/, severity: 'high' },
  { provider: 'GitHub token', pattern: /\b(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}\b|\bgithub_pat_[A-Za-z0-9_]{22,}/, severity: 'critical' },
  { provider: 'Slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/, severity: 'high' },
  {
    provider: 'Slack webhook',
    pattern: /https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]+\/B[A-Z0-9]+\/[A-Za-z0-9]{16,}/,
    severity: 'medium',
  },
  { provider: 'Stripe live secret key', pattern: /\b(sk|rk)_live_[A-Za-z0-9]{20,}/, severity: 'critical' },
  { provider: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/, severity: 'high' },
  { provider: 'npm token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/, severity: 'critical' },
  { provider: 'SendGrid API key', pattern: /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/, severity: 'high' },
  {
    provider: 'private key',
    pattern: /-----BEGIN (RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY( BLOCK)?-----/,
    severity: 'critical',
  },
];

/** An AWS secret access key: 40 base64 characters, recognised only next to an AWS-ish secret name. */
export const AWS_SECRET = /^[A-Za-z0-9/+]{40}$/;
export const AWS_SECRET_NAME = /aws.*secret|secret.*access.*key|secretAccessKey/i;

export const JWT_LITERAL = /^eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}$/;

export const CONNECTION_STRING =
  /\b(postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|mssql|sqlserver):\/\/([^:/\s@]+):([^@/\s]+)@([^/:\s?]+)/i;

/** Names that make a literal a password. */
export const PASSWORD_NAME = /(^|[_.-]|[a-z])(password|passwd|passphrase|pwd)$/i;
/** Names that make a random-looking literal a secret. */
export const SECRET_NAME =
  /(secret|token|api[_-]?key|apikey|private[_-]?key|access[_-]?key|auth[_-]?key|credential|signing[_-]?key|session[_-]?key|encryption[_-]?key|password|passwd|client[_-]?secret|bearer|jwt)$/i;
/** Names of values that describe a secret rather than hold one (labels, field names, routes, rules). */
export const DESCRIPTIVE_NAME =
  /(label|message|msg|field|placeholder|hint|text|title|prompt|error|regex|pattern|url|path|route|column|input|selector|type|name|policy|length|header|param|key_?name|env|variable|prefix|suffix|format|storage_?key|cookie_?name|query)$/i;

const PLACEHOLDER_WORDS =
  /^(changeme|change[-_]?me|xxx+|x+|\*+|\.+|todo|tbd|none|null|undefined|secret|password|passwd|pass|token|test|testing|example|sample|dummy|fake|placeholder|default|dev|development|local|localhost|admin|root|user|guest|qwerty|foo|bar|foobar|abc|abc123|123456|12345678)$/i;
const PLACEHOLDER_PARTS =
  /(your[-_ ]?[a-z]*|<[^>]*>|\$\{|\{\{|example|placeholder|changeme|change[-_]me|dummy|fake|xxxx|redacted|insert[-_ ]?here|replace[-_]?me|\.\.\.|\*\*\*)/i;

export function isPlaceholder(value: string): boolean {
  return value.length === 0 || PLACEHOLDER_WORDS.test(value) || PLACEHOLDER_PARTS.test(value) || /^(.)\1+$/.test(value);
}

/** Literals that are not credentials even under a password name: env var names, i18n keys, paths, selectors. */
export function isDescriptiveValue(value: string): boolean {
  return (
    /^[A-Z][A-Z0-9_]+$/.test(value) ||
    /^[a-z]+([._][a-z]+)+$/i.test(value) ||
    /^[#./[]/.test(value) ||
    /\s/.test(value) ||
    /^https?:\/\//.test(value)
  );
}
