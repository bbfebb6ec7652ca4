/**
 * The validators of one registry: the meta schema and every capability's inputSchema are compiled
 * once, at registration, and cached by capability id (like ESLint caches rule option validators).
 * Schemas compiled at build time (precompiled-validators.ts: the meta schema and first-party inputs)
 * are taken from there; ajv is loaded and run only for the others.
 */
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { JSONSchema } from '../contracts/index.js';
import { createAjv } from './ajv-instance.js';
import { META_PATTERN_HINTS, META_SCHEMA } from './meta-schema.js';
import { precompiledValidator } from './precompiled-validators.js';

export interface InputError {
  /** JSON pointer of the offending value, "/" for the input itself, e.g. "/paths/0". */
  path: string;
  message: string;
}

export interface InputValidation {
  valid: boolean;
  errors: InputError[];
}

export class InputValidators {
  private ajv: Ajv | undefined;
  private metaValidator: ValidateFunction | undefined;
  private readonly byId = new Map<string, ValidateFunction>();

  /**
   * Problems of a meta object against META_SCHEMA, at "/meta/<field>". A failed pattern (id, version)
   * is said in words with the offending value: the raw regular expression tells an author nothing.
   */
  metaProblems(meta: unknown): InputError[] {
    const validate = (this.metaValidator ??= this.compile(META_SCHEMA));
    if (validate(meta)) return [];
    const errors = validate.errors ?? [];
    return toInputErrors(errors, '/meta').map((problem, i) => {
      const error = errors[i]!;
      const hint = error.keyword === 'pattern' ? META_PATTERN_HINTS[error.instancePath] : undefined;
      if (hint === undefined) return problem;
      const value = (meta as Record<string, unknown>)[error.instancePath.slice(1)];
      return { path: problem.path, message: `is ${JSON.stringify(value)} but ${hint}` };
    });
  }

  /** Compiles a schema (or takes its build-time validator); throws ajv's own error when the schema is invalid. */
  compile(schema: JSONSchema): ValidateFunction {
    return precompiledValidator(schema) ?? (this.ajv ??= createAjv()).compile(schema);
  }

  remember(id: string, validate: ValidateFunction): void {
    this.byId.set(id, validate);
  }

  validate(id: string, input: unknown): InputValidation {
    const validate = this.byId.get(id);
    if (!validate) throw new Error(`no validator compiled for "${id}"`);
    if (validate(input)) return { valid: true, errors: [] };
    return { valid: false, errors: toInputErrors(validate.errors ?? [], '') };
  }
}

/** ajv errors as JSON pointers; `required` and `additionalProperties` point at the property concerned. */
export function toInputErrors(errors: ErrorObject[], prefix: string): InputError[] {
  return errors.map((error) => {
    let path = `${prefix}${error.instancePath}`;
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required') path += `/${String(params.missingProperty)}`;
    if (error.keyword === 'additionalProperties') path += `/${String(params.additionalProperty)}`;
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'enum') message += `: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    return { path: path === '' ? '/' : path, message };
  });
}
