/**
 * Validators compiled at build time (scripts/precompile-validators.mjs writes one module per schema
 * into validators/ next to this file, named by a hash of the schema's JSON): the capability meta
 * schema, every first-party inputSchema and the project configuration's schema, as ajv's standalone
 * code. A process loads only the ones it asks for (a scan: the meta schema and its checks' inputs), not
 * the ~900 KB of all of them. A schema that is not there (a third-party capability, a schema changed
 * since the build, a build without the step) is compiled by ajv at run time instead.
 */
import { hash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import type { JSONSchema } from '../contracts/index.js';

const require = createRequire(import.meta.url);

/** The folder, next to this module, that holds one validator module per schema key. */
export const VALIDATORS_FOLDER = 'validators';

/** The export name of a schema's validator: its JSON's hash (the same object literal gives the same JSON). */
export function schemaKey(schema: JSONSchema): string {
  return `v${hash('sha256', JSON.stringify(schema), 'hex').slice(0, 32)}`;
}

/** Each key asked for: its validator, or null when the build wrote none. */
const loaded = new Map<string, ValidateFunction | null>();

/** The build-time validator of exactly this schema, if there is one. */
export function precompiledValidator(schema: JSONSchema): ValidateFunction | undefined {
  const key = schemaKey(schema);
  let validate = loaded.get(key);
  if (validate === undefined) {
    try {
      const exported = (require(`./${VALIDATORS_FOLDER}/${key}.cjs`) as Record<string, unknown>)[key];
      validate = typeof exported === 'function' ? (exported as ValidateFunction) : null;
    } catch {
      validate = null;
    }
    loaded.set(key, validate);
  }
  return validate ?? undefined;
}
