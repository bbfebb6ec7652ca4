/**
 * The plugin manifest: the `agentd` field of the plugin's package.json (one file: a plugin is an npm
 * package, and a plain folder gets a package.json too). Data only: loading a plugin reads this and
 * never runs the plugin's code. docs/plugins.md documents every field.
 */
import { CAPABILITY_GROUPS } from '../../core/index.js';
import { META_SCHEMA } from '../../core/registry/index.js';
import { MAX_PLUGIN_LIMITS, PLUGIN_TOOLS } from '../sandbox/binding.js';

/** The SDK this agentd provides; a manifest's `sdk` range must include it. */
export const SDK_VERSION = '1.0.0';

/** A plugin's namespace: its capabilities are registered as "<namespace>/<group>.<name>". */
export const NAMESPACE_PATTERN = '^[a-z][a-z0-9-]{0,49}$';
export const LOCAL_ID_PATTERN = `^(${CAPABILITY_GROUPS.join('|')})\\.[a-z][a-z0-9-]*$`;

const limit = (maximum: number, minimum = 1) => ({ type: 'integer', minimum, maximum });

const { id: _id, ...metaProperties } = META_SCHEMA.properties;

export const MANIFEST_SCHEMA = {
  type: 'object',
  required: ['sdk', 'entry', 'capabilities'],
  additionalProperties: false,
  properties: {
    namespace: { type: 'string', pattern: NAMESPACE_PATTERN },
    sdk: { type: 'string', minLength: 1 },
    entry: { type: 'string', minLength: 1 },
    capabilities: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: [...META_SCHEMA.required],
        properties: { id: { type: 'string', pattern: LOCAL_ID_PATTERN }, ...metaProperties, rules: { type: 'array' } },
      },
    },
    permissions: {
      type: 'object',
      additionalProperties: false,
      properties: {
        read: { type: 'array', items: { type: 'string', minLength: 1 } },
        writes: { type: 'boolean' },
        tools: { type: 'array', uniqueItems: true, items: { enum: [...PLUGIN_TOOLS] } },
      },
    },
    limits: {
      type: 'object',
      additionalProperties: false,
      properties: {
        memoryMB: limit(MAX_PLUGIN_LIMITS.memoryMB, 8),
        cpuMs: limit(MAX_PLUGIN_LIMITS.cpuMs, 10),
        wallMs: limit(MAX_PLUGIN_LIMITS.wallMs, 10),
        maxToolCalls: limit(MAX_PLUGIN_LIMITS.maxToolCalls),
        maxOutputBytes: limit(MAX_PLUGIN_LIMITS.maxOutputBytes, 1024),
      },
    },
  },
} as const;

export interface ManifestCapability {
  id: string;
  [key: string]: unknown;
}

export interface PluginManifest {
  namespace?: string;
  sdk: string;
  entry: string;
  capabilities: ManifestCapability[];
  permissions?: { read?: string[]; writes?: boolean; tools?: (typeof PLUGIN_TOOLS)[number][] };
  limits?: Partial<Record<'memoryMB' | 'cpuMs' | 'wallMs' | 'maxToolCalls' | 'maxOutputBytes', number>>;
}
