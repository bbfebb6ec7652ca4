import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { describeExpected } from './expected.js';
import { findSource, getPath, type PlainObject, type SourceMap } from './layers.js';
import { valueProblem, type ConfigProblem } from './problems.js';
import { parseQueueUrl } from './queue-url.js';
import { CONFIG_SCHEMA, schemaAt, type JsonSchema } from './schema.js';
import { suggestKey } from './suggest-key.js';
import { parseDuration, parseSize } from './units.js';
import { isWorkspacePattern } from './workspace-patterns.js';

let compiled: ValidateFunction | undefined;

/** Compiled once per process, as validators are costly to build and the schema never changes. */
function validator(): ValidateFunction {
  if (compiled) return compiled;
  const ajv = new Ajv({ allErrors: true, verbose: true, allowUnionTypes: true, strict: true });
  ajv.addFormat('size', { type: 'string', validate: (text: string) => parseSize(text) !== null });
  ajv.addFormat('duration', { type: 'string', validate: (text: string) => (parseDuration(text) ?? 0) > 0 });
  ajv.addFormat('queue-url', { type: 'string', validate: (text: string) => parseQueueUrl(text) !== null });
  ajv.addFormat('workspace-pattern', { type: 'string', validate: isWorkspacePattern });
  // security.sandboxServices: a host the sandbox relays to, "127.0.0.1:5432".
  ajv.addFormat('host-port', {
    type: 'string',
    validate: (value: string) => /^[A-Za-z0-9._-]+:\d{1,5}$/.test(value) && Number(value.split(':').pop()) <= 65535,
  });
  compiled = ajv.compile(CONFIG_SCHEMA);
  return compiled;
}

/** Every schema violation of the merged configuration, one problem per key, each with its source. */
export function validateConfig(merged: PlainObject, sources: SourceMap): ConfigProblem[] {
  const validate = validator();
  if (validate(merged)) return [];
  const byKey = new Map<string, ConfigProblem>();
  for (const error of validate.errors ?? []) {
    const problem = toProblem(error, merged, sources);
    if (!byKey.has(problem.key)) byKey.set(problem.key, problem);
  }
  return [...byKey.values()];
}

function toProblem(error: ErrorObject, merged: PlainObject, sources: SourceMap): ConfigProblem {
  const parentKey = error.instancePath.slice(1).replace(/\//g, '.');
  if (error.keyword === 'additionalProperties') {
    const name = (error.params as { additionalProperty: string }).additionalProperty;
    const key = parentKey ? `${parentKey}.${name}` : name;
    const suggestion = suggestKey(key);
    const hint = suggestion ? ` (did you mean "${suggestion}"?)` : ' (remove it; docs/configuration.md lists every key)';
    return valueProblem(key, getPath(merged, key), findSource(sources, key) ?? 'default', `unknown key${hint}`);
  }
  const schema = (error.parentSchema as JsonSchema | undefined) ?? schemaAt(parentKey);
  const shown = parentKey.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
  return valueProblem(shown, error.data, findSource(sources, parentKey) ?? 'default', `must be ${describeExpected(schema)}`);
}
