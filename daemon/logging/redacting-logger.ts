/**
 * A logger whose every record passes the daemon's SecretRedactor first: the message and each field.
 * The daemon wraps whatever logger it was given (its own, the CLI's, a test's), so no line it writes —
 * to stdout, the log file, the ring buffer behind GET /logs, or a live subscriber — carries a secret.
 */
import type { SecretRedactor } from './redact.js';
import type { Level, Logger } from './types.js';

export function redactingLogger(inner: Logger, redactor: SecretRedactor): Logger {
  if (!redactor.active) return inner;
  const write =
    (level: Level) =>
    (msg: string, fields?: Record<string, unknown>): void =>
      inner[level](redactor.text(String(msg)), fields === undefined ? undefined : redactor.value(fields));
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (bindings) => redactingLogger(inner.child(redactor.value(bindings)), redactor),
    recent: (filter) => inner.recent(filter),
    subscribe: (listener, filter) => inner.subscribe(listener, filter),
    close: () => inner.close(),
  };
}
