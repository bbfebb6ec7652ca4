import type { LogRecord } from './types.js';

/** One JSON line per record (logging.format "json"), the shape log shippers expect. */
export function formatJson(record: LogRecord): string {
  return JSON.stringify(record);
}

/**
 * A readable one-liner: `2025-01-02T03:04:05.678Z INFO  message key=value key2="two words"`.
 * Used by the daemon (logging.format "pretty") and by `agentd logs` to show records it fetched.
 */
export function formatPretty(record: LogRecord): string {
  const { time, level, msg, ...fields } = record;
  const parts = [String(time), String(level).toUpperCase().padEnd(5), String(msg)];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(`${key}=${formatValue(value)}`);
  }
  return parts.join(' ');
}

function formatValue(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  if (value && typeof value === 'object' && 'stack' in value) {
    // Serialized errors: the stack stays in the JSON form and the ring buffer; the line stays one line.
    const { stack: _stack, ...rest } = value as Record<string, unknown>;
    return JSON.stringify(rest);
  }
  return JSON.stringify(value);
}
