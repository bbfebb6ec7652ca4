/**
 * Validators compiled at build time (scripts/precompile-validators.mjs writes
 * precompiled-validators.cjs next to this file): the capability meta schema and every first-party
 * inputSchema, as ajv's standalone code, keyed by a hash of the schema's JSON. A schema that is not
 * there (a third-party capability, a schema changed since the build, a build without the step) is
 * compiled by ajv at run time instead.
 */
import { hash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import type { JSONSchema } from '../contracts/index.js';

const require = createRequire(import.meta.url);

/** The export name of a schema's validator: its JSON's hash (the same object literal gives the same JSON). */
export function schemaKey(schema: JSONSchema): string {
  return `v${hash('sha256', JSON.stringify(schema), 'hex').slice(0, 32)}`;
}

let loaded: Record<string, ValidateFunction> | undefined;

function precompiled(): Record<string, ValidateFunction> {
  if (loaded) return loaded;
  try {
    loaded = require('./precompiled-validators.cjs') as Record<string, ValidateFunction>;
  } catch {
    loaded = {};
  }
  return loaded;
}

/** The build-time validator of exactly this schema, if there is one. */
export function precompiledValidator(schema: JSONSchema): ValidateFunction | undefined {
  const validate = precompiled()[schemaKey(schema)];
  return typeof validate === 'function' ? validate : undefined;
}
