/**
 * The validators of the route table's query and body schemas: compiled at build time into
 * precompiled-route-validators-{body,query}.cjs next to this file (scripts/precompile-validators.mjs,
 * ajv standalone code keyed by a hash of the schema, as core/registry/precompiled-validators.ts does
 * for capability inputs), else compiled by ajv on first use. Bodies are checked as sent; queries arrive
 * as strings (or arrays when a name repeats), so their validators coerce to the schema's types and
 * fill defaults.
 */
import { createRequire } from 'node:module';
import type { Options, ValidateFunction } from 'ajv';
import { createAjv } from '../../core/registry/ajv-instance.js';
import { schemaKey } from '../../core/registry/precompiled-validators.js';
import type { Schema } from './route-spec.js';

export type ValidatorKind = 'body' | 'query';

/** Added to agentd's ajv options (core/registry/ajv-instance.ts), at build time and at run time alike. */
export const ROUTE_AJV_OPTIONS: Record<ValidatorKind, Options> = {
  body: {},
  query: { coerceTypes: 'array', useDefaults: true },
};

export const precompiledFile = (kind: ValidatorKind): string => `precompiled-route-validators-${kind}.cjs`;

const require = createRequire(import.meta.url);
const precompiled: Partial<Record<ValidatorKind, Record<string, ValidateFunction>>> = {};
const runtime: Partial<Record<ValidatorKind, ReturnType<typeof createAjv>>> = {};

function precompiledOf(kind: ValidatorKind): Record<string, ValidateFunction> {
  if (!precompiled[kind]) {
    try {
      precompiled[kind] = require(`./${precompiledFile(kind)}`) as Record<string, ValidateFunction>;
    } catch {
      precompiled[kind] = {};
    }
  }
  return precompiled[kind];
}

export function routeValidator(kind: ValidatorKind, schema: Schema): ValidateFunction {
  const built = precompiledOf(kind)[schemaKey(schema)];
  if (typeof built === 'function') return built;
  runtime[kind] ??= createAjv(ROUTE_AJV_OPTIONS[kind]);
  return runtime[kind].compile(schema);
}
