/**
 * Build-time half of precompiled-validators.ts: ajv's standalone code for a set of schemas, with the
 * options the run-time ajv uses, one export per schema named by schemaKey — in one module
 * (precompileValidators: the daemon's route validators, all used by one process) or in one module per
 * schema (precompileEach: the registry's, of which a process uses a few). A schema ajv refuses is left
 * out (the registry reports it when the capability registers).
 */
import type { Options } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import type { JSONSchema } from '../contracts/index.js';
import { createAjv } from './ajv-instance.js';
import { schemaKey } from './precompiled-validators.js';

// ajv's standalone entry is CommonJS; under NodeNext its default export arrives as the module object.
const standaloneCode = ((standaloneModule as unknown as { default?: unknown }).default ?? standaloneModule) as (
  ajv: unknown,
  refs: Record<string, string>,
) => string;

/** `extra`: options added to agentd's (the daemon's query validators coerce and fill defaults). */
export function precompileValidators(schemas: readonly JSONSchema[], extra: Options = {}): { code: string; count: number } {
  const ajv = createAjv({ ...extra, code: { source: true } });
  const refs: Record<string, string> = {};
  for (const schema of schemas) {
    const key = schemaKey(schema);
    if (refs[key]) continue;
    try {
      ajv.addSchema(schema as object, key);
      ajv.getSchema(key);
      refs[key] = key;
    } catch {
      ajv.removeSchema(key);
    }
  }
  return { code: `${standaloneCode(ajv, refs)}\n`, count: Object.keys(refs).length };
}

/** One module per schema, by its key: each holds only its own validator (and what that references). */
export function precompileEach(schemas: readonly JSONSchema[]): Map<string, string> {
  const ajv = createAjv({ code: { source: true } });
  const modules = new Map<string, string>();
  for (const schema of schemas) {
    const key = schemaKey(schema);
    if (modules.has(key)) continue;
    try {
      ajv.addSchema(schema as object, key);
      ajv.getSchema(key);
      modules.set(key, `${standaloneCode(ajv, { [key]: key })}\n`);
    } catch {
      ajv.removeSchema(key);
    }
  }
  return modules;
}
