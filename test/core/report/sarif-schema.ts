/**
 * The official SARIF 2.1.0 JSON schema (OASIS's final schema as published to SchemaStore,
 * "sarif-2.1.0-rtm.5.json"), as shipped by the @microsoft/jest-sarif package (a devDependency for this
 * file alone). The schema is draft-04; ajv 8 reads it as draft-07 once its draft-04 `id` is renamed
 * `$id` — the keywords it uses (type, enum, required, properties, items, $ref into #/definitions,
 * minimum, uniqueItems, format, default) mean the same in both drafts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export const SARIF_SCHEMA_PATH = createRequire(import.meta.url).resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

let compiled: ValidateFunction | undefined;

export function sarifValidator(): ValidateFunction {
  if (compiled) return compiled;
  const { id, $schema: _draft04, ...schema } = JSON.parse(readFileSync(SARIF_SCHEMA_PATH, 'utf8')) as Record<string, unknown>;
  // The schema's `language` pattern has a stray "]" that is only legal without the u flag, as written for draft-04 validators.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  compiled = ajv.compile({ ...schema, $id: id } as Record<string, unknown>);
  return compiled;
}
