import { maskUrlPassword } from './queue-url.js';
import type { AgentdConfig } from './types.js';

export const MASK = '<secret>';

const mask = (value: string | null): string | null => (value === null ? null : MASK);

/** A copy of the configuration safe to print or log: every secret replaced, the queue URL's password masked. */
export function maskSecrets(config: AgentdConfig): AgentdConfig {
  const copy = structuredClone(config);
  copy.security.apiKey = mask(copy.security.apiKey);
  copy.security.jwtSecret = mask(copy.security.jwtSecret);
  copy.github.webhookSecret = mask(copy.github.webhookSecret);
  copy.queue.external.password = mask(copy.queue.external.password);
  copy.security.encryption.key = mask(copy.security.encryption.key);
  // A database URL may hold a password: the names show what is set, never the values.
  copy.security.sandboxEnv = Object.fromEntries(Object.keys(copy.security.sandboxEnv).map((name) => [name, MASK]));
  if (copy.queue.url) copy.queue.url = maskUrlPassword(copy.queue.url);
  return copy;
}
