/**
 * Redis clients report every failed reconnect as an `error` event; during an outage that is one per
 * backoff step per connection. This reports the first of each distinct message and then at most one
 * a minute, so the log says what is wrong without flooding.
 */
export type ErrorSink = (message: string, fields: Record<string, unknown>) => void;

export function throttledReporter(sink: ErrorSink, quietMs = 60_000): (error: Error) => void {
  const lastReported = new Map<string, number>();
  return (error) => {
    const message = error?.message ?? String(error);
    const now = Date.now();
    const last = lastReported.get(message);
    if (last !== undefined && now - last < quietMs) return;
    lastReported.set(message, now);
    if (lastReported.size > 100) lastReported.delete(lastReported.keys().next().value as string);
    sink('redis queue backend error', { error: message });
  };
}
