import path from 'node:path';
import type { PlainObject } from './layers.js';
import { buildQueueUrl, parseQueueUrl } from './queue-url.js';
import type { AgentdConfig } from './types.js';
import { parseDuration, parseSize } from './units.js';

/**
 * The effective configuration from a merged object that passed the schema: sizes and durations
 * parsed, the workspace made absolute, and queue.url rebuilt from queue.external so it always agrees
 * with the host/port/password/db that won the layering (null for the in-memory queue).
 */
export function finalizeConfig(merged: PlainObject): AgentdConfig {
  const raw = structuredClone(merged) as unknown as AgentdConfig;
  const window = raw.security.rateLimiting.window as string | number;
  raw.security.rateLimiting.window = String(window);
  raw.security.rateLimiting.windowMs = parseDuration(window) as number;
  raw.security.jwtExpiresIn = String(raw.security.jwtExpiresIn as string | number);
  raw.workspace.maxSizeBytes = raw.workspace.maxSize === null ? null : parseSize(raw.workspace.maxSize);
  raw.workspace.path = path.resolve(raw.workspace.path);
  raw.queue.url = raw.queue.type === 'redis' ? effectiveQueueUrl(raw.queue) : null;
  return raw;
}

function effectiveQueueUrl(queue: AgentdConfig['queue']): string {
  const given = queue.url ? parseQueueUrl(queue.url) : null;
  return buildQueueUrl({
    protocol: given?.protocol ?? 'redis:',
    username: given?.username ?? null,
    password: queue.external.password,
    host: queue.external.host,
    port: queue.external.port,
    db: queue.external.db,
  });
}
