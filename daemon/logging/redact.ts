/**
 * Log fields are redacted by key name, so a secret passed along in a field (a header, a config
 * object) never reaches stdout, the log file, the ring buffer or `agentd logs`.
 */
export const REDACTED = '<redacted>';

const SECRET_KEY = /pass(word|wd)?$|secret|token|api[-_]?key|authorization|cookie|private[-_]?key$/i;

export function isSecretField(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** A JSON-safe copy of a field value: secrets by key redacted, Errors as {name, message, code, stack}. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return serializeError(value);
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? String(value) : value;
  if (depth > 8) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = isSecretField(key) ? REDACTED : redactValue(item, depth + 1);
  return out;
}

function serializeError(error: Error): Record<string, unknown> {
  const out: Record<string, unknown> = { name: error.name, message: error.message };
  const code = (error as { code?: unknown }).code;
  if (code !== undefined) out.code = code;
  if (error.stack) out.stack = error.stack;
  return out;
}

/** Shorter values are not redacted: replacing every "pw" in every text would destroy it (docs/security.md). */
export const MIN_REDACTED_LENGTH = 8;

/**
 * The daemon's own secrets (API key, JWT secret, encryption key, webhook secret, Redis password, the
 * GitHub App's private key), removed from every text that leaves the daemon — job records, SSE events,
 * log lines, REST answers — as the last line of defence: whatever a capability or project code prints,
 * a secret it found is replaced by `<redacted>`. Each secret is also matched URL-encoded and
 * JSON-escaped, the forms it takes inside URLs and serialised strings.
 */
export class SecretRedactor {
  private readonly needles: string[];

  constructor(secrets: readonly (string | null | undefined)[]) {
    const forms = new Set<string>();
    for (const secret of secrets) {
      if (typeof secret !== 'string' || secret.length < MIN_REDACTED_LENGTH) continue;
      forms.add(secret);
      forms.add(encodeURIComponent(secret));
      forms.add(JSON.stringify(secret).slice(1, -1));
    }
    // Longest first, so a secret containing another is replaced whole.
    this.needles = [...forms].sort((a, b) => b.length - a.length);
  }

  /** True when there is anything to redact. */
  get active(): boolean {
    return this.needles.length > 0;
  }

  text(value: string): string {
    let out = value;
    for (const needle of this.needles) if (out.includes(needle)) out = out.split(needle).join(REDACTED);
    return out;
  }

  /** A copy of `value` with every string in it (at any depth, keys included) redacted; other values as they are. */
  value<T>(value: T): T {
    if (!this.active) return value;
    return this.walk(value, 0) as T;
  }

  /** For `JSON.stringify` and express's "json replacer": redacts each string on the way out. */
  readonly replacer = (_key: string, value: unknown): unknown => (typeof value === 'string' && this.active ? this.text(value) : value);

  private walk(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return this.text(value);
    if (value === null || typeof value !== 'object' || depth > 64) return value;
    if (Array.isArray(value)) return value.map((item) => this.walk(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[this.text(key)] = this.walk(item, depth + 1);
    return out;
  }
}
