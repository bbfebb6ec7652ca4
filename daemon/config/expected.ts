import type { JsonSchema } from './schema.js';
import { DURATION_EXAMPLES, SIZE_EXAMPLES } from './units.js';

const QUEUE_URL_FORM = 'redis://[user:password@]host:port[/db]';

/** What a key accepts, in words, derived from its schema: "an integer between 0 and 65535". */
export function describeExpected(schema: JsonSchema | undefined): string {
  if (!schema) return 'not a configuration key';
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  const types = ([] as string[]).concat((schema.type as string | string[] | undefined) ?? []);
  const nullable = types.includes('null');
  const described =
    describeFormat(schema) ??
    describeTypes(
      schema,
      types.filter((t) => t !== 'null'),
    );
  return nullable ? `${described} or null` : described;
}

function describeFormat(schema: JsonSchema): string | undefined {
  switch (schema.format) {
    case 'size':
      return `a size with a unit, such as ${SIZE_EXAMPLES}`;
    case 'duration':
      return `a positive duration, such as ${DURATION_EXAMPLES}`;
    case 'queue-url':
      return `a URL of the form ${QUEUE_URL_FORM}`;
    case 'host-port':
      return 'host:port, such as "127.0.0.1:5432"';
    case 'workspace-pattern':
      return 'a workspace path relative to workspace.path (globs allowed: "repos/*"; "*" for all), without ".." or a leading "/"';
    default:
      return undefined;
  }
}

function describeTypes(schema: JsonSchema, types: string[]): string {
  const [type] = types;
  switch (type) {
    case 'integer':
      return describeInteger(schema.minimum as number | undefined, schema.maximum as number | undefined);
    case 'boolean':
      return 'true or false';
    case 'string':
      return schema.minLength ? 'a non-empty string' : 'a string';
    case 'array':
      return `an array of ${plural(describeExpected(schema.items as JsonSchema))}`;
    case 'object':
      return 'an object';
    default:
      return types.join(' or ');
  }
}

function describeInteger(minimum?: number, maximum?: number): string {
  if (minimum !== undefined && maximum !== undefined) return `an integer between ${minimum} and ${maximum}`;
  if (minimum !== undefined) return `an integer of at least ${minimum}`;
  return 'an integer';
}

function plural(described: string): string {
  return described.replace(/^an? (non-empty )?(\w+)/, (_m, adj: string | undefined, noun: string) => `${adj ?? ''}${noun}s`);
}

export { QUEUE_URL_FORM };
