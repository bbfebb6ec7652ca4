/**
 * The one ajv configuration agentd validates with, loaded on first use: the registry needs ajv only
 * for schemas that were not compiled at build time (precompiled-validators.ts), so a process whose
 * capabilities are all first-party never loads it.
 */
import { createRequire } from 'node:module';
import type { Ajv, Options } from 'ajv';

/** strictSchema refuses unknown keywords (a typo such as "minimun" is an error, not a silent no-op). */
export const AJV_OPTIONS: Options = { allErrors: true, strictSchema: true, strictTypes: false, strictTuples: false, strictRequired: false };

const require = createRequire(import.meta.url);

/** A new ajv with agentd's options and ajv-formats; `extra` adds options (code generation, for the build). */
export function createAjv(extra: Options = {}): Ajv {
  const { Ajv: AjvClass } = require('ajv') as { Ajv: new (options: Options) => Ajv };
  const addFormats = require('ajv-formats') as (ajv: Ajv) => Ajv;
  const ajv = new AjvClass({ ...AJV_OPTIONS, ...extra });
  addFormats(ajv);
  return ajv;
}
