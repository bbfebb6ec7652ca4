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
