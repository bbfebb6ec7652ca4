/**
 * Hardcoded secrets: provider formats in any literal or comment; passwords, secrets and JWTs by the
 * name they are assigned to; random-looking literals (entropy) under secret names; connection strings
 * with passwords; and literal fallbacks of secret environment variables.
 */
import { nodesOfType } from '../../../../core/index.js';
import { field, unwrap, type Node } from '../syntax/tree.js';
import { rangeOf, stringValue, textOf, type SourceFile } from '../syntax/source-file.js';
import { bindingName } from '../syntax/names.js';
import type { RawFinding } from '../raw-finding.js';
import { looksRandom, shannonEntropy } from './entropy.js';
import {
  AWS_SECRET,
  AWS_SECRET_NAME,
  CONNECTION_STRING,
  DESCRIPTIVE_NAME,
  JWT_LITERAL,
  PASSWORD_NAME,
  PROVIDER_PATTERNS,
  SECRET_NAME,
  isDescriptiveValue,
  isPlaceholder,
} from './patterns.js';

/**
 * Every provider pattern at once: most literals and comments match none, and one scan of the text
 * costs less than one per pattern. No pattern matches fewer than 15 characters (the shortest, a Slack
 * token, is `xoxb-` and ten more), so shorter texts are not scanned at all.
 */
const ANY_PROVIDER = new RegExp(PROVIDER_PATTERNS.map((p) => `(?:${p.pattern.source})`).join('|'));
const MIN_PROVIDER_LENGTH = 15;
const mayHoldProvider = (text: string): boolean => text.length >= MIN_PROVIDER_LENGTH && ANY_PROVIDER.test(text);

export function scanSecrets(file: SourceFile): RawFinding[] {
  const out: RawFinding[] = [];
  for (const n of nodesOfType(file.root, ['string', 'template_string', 'comment'])) {
    if (n.type === 'string' || (n.type === 'template_string' && !n.children.some((c) => c.type === 'template_substitution')))
      literalFindings(file, n, out);
    else if (n.type === 'comment' && n.endIndex - n.startIndex >= MIN_PROVIDER_LENGTH) {
      const text = textOf(file, n);
      if (mayHoldProvider(text)) providerFindings(file, n, text, out);
    }
  }
  return out;
}

const mask = (value: string): string => (value.length <= 8 ? '****' : `${value.slice(0, 4)}…${value.slice(-2)} (${value.length} chars)`);

const EXAMPLE_KEY = /^(examples?|samples?|snippets?|bad|good|before|after|invalid|valid)$/i;

/**
 * Code shown as an example — a rule's `example: { bad: "new Pool({ connectionString: 'postgres://u:p@h' })" }`,
 * a docs sample — quotes the credential inside the literal's own code; it documents a mistake, it is
 * not a credential of this program.
 */
function isDocumentedExample(file: SourceFile, node: Node, value: string): boolean {
  if (!/['"`]\w+:\/\/|['"`][A-Za-z0-9_-]{16,}['"`]/.test(value)) return false;
  for (let p: Node | null = node.parent, depth = 0; p && depth < 4; p = p.parent, depth++) {
    if (p.type === 'pair' && EXAMPLE_KEY.test(textOf(file, field(p, 'key')!).replace(/^['"]|['"]$/g, ''))) return true;
  }
  return false;
}

function literalFindings(file: SourceFile, node: Node, out: RawFinding[]): void {
  if (node.endIndex - node.startIndex < 8) return; // a value shorter than 6 characters
  const value = stringValue(file, node) ?? '';
  if (value.length < 6 || isDocumentedExample(file, node, value)) return;
  if (mayHoldProvider(value) && providerFindings(file, node, value, out)) return;
  if (value.includes('://') && connectionString(node, value, out)) return;
  const fallback = envFallback(file, node);
  const name = fallback ?? bindingName(file, node);
  if (!name) return;
  const key = name.split('.').pop()!;
  if (fallback) {
    if (SECRET_NAME.test(key) || PASSWORD_NAME.test(key))
      out.push(
        finding('security/secret-fallback', node, `Secret "${key}" falls back to a literal when the environment variable is unset.`, {
          name: key,
        }),
      );
    return;
  }
  if (AWS_SECRET.test(value) && AWS_SECRET_NAME.test(key)) {
    out.push(
      finding(
        'security/hardcoded-secret',
        node,
        `AWS secret access key in "${key}".`,
        { provider: 'AWS secret access key', value: mask(value) },
        'critical',
      ),
    );
    return;
  }
  if (JWT_LITERAL.test(value) && SECRET_NAME.test(key)) {
    out.push(
      finding(
        'security/hardcoded-secret',
        node,
        `JSON Web Token literal assigned to "${key}".`,
        { provider: 'JWT', value: mask(value) },
        'high',
      ),
    );
    return;
  }
  if (isPlaceholder(value) || DESCRIPTIVE_NAME.test(key) || isDescriptiveValue(value)) return;
  if (PASSWORD_NAME.test(key))
    out.push(finding('security/hardcoded-password', node, `Hardcoded password in "${key}".`, { name: key, value: mask(value) }));
  else if (SECRET_NAME.test(key) && looksRandom(value)) {
    out.push(
      finding(
        'security/high-entropy-secret',
        node,
        `Random-looking literal (entropy ${shannonEntropy(value).toFixed(2)} bits/char) assigned to "${key}".`,
        { name: key, value: mask(value), entropy: Number(shannonEntropy(value).toFixed(2)) },
      ),
    );
  }
}

function providerFindings(file: SourceFile, node: Node, text: string, out: RawFinding[]): boolean {
  let found = false;
  for (const p of PROVIDER_PATTERNS) {
    const m = p.pattern.exec(text);
    if (!m || isPlaceholder(m[0]) || /EXAMPLE/.test(m[0])) continue;
    out.push(
      finding('security/hardcoded-secret', node, `${p.provider} in source.`, { provider: p.provider, value: mask(m[0]) }, p.severity),
    );
    found = true;
  }
  return found;
}

function connectionString(node: Node, value: string, out: RawFinding[]): boolean {
  const m = CONNECTION_STRING.exec(value);
  if (!m) return false;
  const password = m[3]!;
  const host = m[4]!;
  if (isPlaceholder(password) && password.toLowerCase() !== 'pass') return true;
  const local = /^(localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\]|db|postgres|mysql|mongo|redis)$/i.test(host);
  out.push(
    finding(
      'security/secret-connection-string',
      node,
      `${m[1]} connection string with a password for host "${host}".`,
      { scheme: m[1], host, local },
      local ? 'low' : 'high',
    ),
  );
  return true;
}

/** The env variable name when `node` is the fallback of `process.env.X || '...'` / `?? '...'`. */
function envFallback(file: SourceFile, node: Node): string | null {
  const parent = node.parent;
  if (parent?.type !== 'binary_expression' || node.field !== 'right') return null;
  const op = textOf(file, field(parent, 'operator')!);
  if (op !== '||' && op !== '??') return null;
  const left = unwrap(field(parent, 'left')!);
  const text = textOf(file, left);
  const m = /^process\.env(?:\.([A-Za-z_][\w]*)|\[['"]([^'"]+)['"]\])$/.exec(text);
  if (!m) return null;
  const envName = m[1] ?? m[2]!;
  const bound = bindingName(file, parent);
  return SECRET_NAME.test(envName) || PASSWORD_NAME.test(envName)
    ? envName
    : bound && (SECRET_NAME.test(bound) || PASSWORD_NAME.test(bound))
      ? bound
      : envName;
}

function finding(
  ruleId: string,
  node: Node,
  message: string,
  data: Record<string, unknown>,
  severity?: RawFinding['severity'],
): RawFinding {
  return { ruleId, range: rangeOf(node), message, severity, data };
}
