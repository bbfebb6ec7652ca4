/**
 * The one JSON Schema of agentd's configuration, in the form people write it (files, env, flags):
 * sizes and durations as strings with units; the derived byte/millisecond fields are not part of it.
 * `additionalProperties: false` everywhere so a mistyped key is reported by name. Error messages derive
 * what was expected from the same schema (expected.ts), so the two cannot drift apart.
 */

export type JsonSchema = Record<string, unknown>;

const integer = (minimum: number, maximum?: number): JsonSchema =>
  maximum === undefined ? { type: 'integer', minimum } : { type: 'integer', minimum, maximum };
const nullableString: JsonSchema = { type: ['string', 'null'], minLength: 1 };
const object = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  properties,
});

export const AEAD_ALGORITHMS = ['aes-256-gcm', 'aes-192-gcm', 'aes-128-gcm', 'chacha20-poly1305'] as const;
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

export const CONFIG_SCHEMA: JsonSchema = object({
  server: object({
    port: integer(0, 65535),
    host: { type: 'string', minLength: 1 },
    maxConcurrent: integer(1, 1000),
    shutdownGraceSec: integer(0, 86_400),
    insecure: { type: 'boolean' },
    dashboard: { type: 'boolean' },
    headersTimeoutMs: integer(1000, 600_000),
    requestTimeoutMs: integer(1000, 3_600_000),
  }),
  workspace: object({
    path: { type: 'string', minLength: 1 },
    cleanup: { type: 'boolean' },
    maxSize: { type: ['string', 'null'], format: 'size' },
    default: { type: ['string', 'null'], minLength: 1 },
  }),
  queue: object({
    type: { enum: ['memory', 'redis'] },
    url: { type: ['string', 'null'], format: 'queue-url' },
    external: object({
      host: { type: 'string', minLength: 1 },
      port: integer(1, 65535),
      password: nullableString,
      db: integer(0, 15),
    }),
    requireDurable: { type: 'boolean' },
    retention: object({
      maxCount: integer(1, 10_000_000),
      maxAgeSec: integer(60, 31_536_000),
    }),
  }),
  github: object({
    appId: nullableString,
    privateKeyPath: nullableString,
    installationId: nullableString,
    webhookSecret: nullableString,
    apiUrl: { type: 'string', minLength: 1, pattern: '^https?://' },
    gitUrl: { type: 'string', minLength: 1, pattern: '^(https?|file)://' },
    checkName: { type: 'string', minLength: 1, maxLength: 100 },
    codeScanning: { type: 'boolean' },
    publicUrl: { type: ['string', 'null'], minLength: 1, pattern: '^https?://' },
  }),
  limits: object({
    maxMemoryMB: integer(16, 1_048_576),
    maxExecutionTimeMin: integer(1, 10_080),
    maxToolCalls: integer(1, 1_000_000),
  }),
  logging: object({
    level: { enum: [...LOG_LEVELS] },
    format: { enum: ['json', 'pretty'] },
    file: nullableString,
  }),
  security: object({
    apiKey: nullableString,
    jwtSecret: nullableString,
    jwtExpiresIn: { type: ['string', 'integer'], format: 'duration', minimum: 1 },
    protectMetrics: { type: 'boolean' },
    corsOrigins: { type: 'array', items: { type: 'string', minLength: 1 } },
    trustedWorkspaces: { type: 'array', items: { type: 'string', minLength: 1, format: 'workspace-pattern' } },
    sandboxServices: { type: 'array', maxItems: 20, items: { type: 'string', format: 'host-port' } },
    sandboxEnv: {
      type: 'object',
      maxProperties: 50,
      propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
      additionalProperties: { type: 'string' },
    },
    rateLimiting: object({
      enabled: { type: 'boolean' },
      requests: integer(1, 1_000_000),
      window: { type: ['string', 'integer'], format: 'duration', minimum: 1 },
    }),
    encryption: object({
      enabled: { type: 'boolean' },
      algorithm: { enum: [...AEAD_ALGORITHMS] },
      key: nullableString,
    }),
  }),
  plugins: { type: 'array', items: { type: 'string', minLength: 1 } },
});

/** Dotted keys whose values are secrets: never printed, masked in dry-run output and error messages. */
export const SECRET_KEYS = new Set([
  'security.apiKey',
  'security.jwtSecret',
  'github.webhookSecret',
  'queue.external.password',
  'security.encryption.key',
]);

/** The schema of one dotted key ("server.port"), or undefined when the key does not exist. */
export function schemaAt(key: string): JsonSchema | undefined {
  let node: JsonSchema | undefined = CONFIG_SCHEMA;
  for (const part of key.split('.')) {
    if (!node) return undefined;
    if (node.type === 'array' && /^\d+$/.test(part)) node = node.items as JsonSchema;
    else node = (node.properties as Record<string, JsonSchema> | undefined)?.[part];
  }
  return node;
}

/** Every leaf key of the schema, dotted, in schema order. */
export function leafKeys(node: JsonSchema = CONFIG_SCHEMA, prefix = ''): string[] {
  const properties = node.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return [prefix];
  return Object.entries(properties).flatMap(([name, child]) => leafKeys(child, prefix ? `${prefix}.${name}` : name));
}
