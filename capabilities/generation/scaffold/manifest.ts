/**
 * A scaffold folder's optional `scaffold.json`: the variables it takes (type, default, required,
 * pattern, description) and per-file conditions. Without one, every file of the folder is rendered and
 * the variables are whatever the input gives.
 */
import { AgentdError } from '../../../core/index.js';

export interface VariableSpec {
  type?: 'string' | 'boolean' | 'number';
  description?: string;
  default?: string | boolean | number;
  required?: boolean;
  /** A regular expression a string value must match (e.g. "^[A-Z][A-Za-z0-9]*$"). */
  pattern?: string;
}

export interface FileRule {
  /** Path of a template file, relative to the scaffold folder. */
  from: string;
  /** A variable that must be truthy ("withTests"), falsy ("!withTests") or equal a value ("style=css"). */
  when: string;
}

export interface ScaffoldManifest {
  description?: string;
  variables: Record<string, VariableSpec>;
  files: FileRule[];
}

const TYPES = new Set(['string', 'boolean', 'number']);

function fail(file: string, message: string): never {
  throw new AgentdError('invalid_input', `${file}: ${message}`, { details: [{ path: '/template', message: `${file}: ${message}` }] });
}

/** Parses and checks a manifest; every problem names the file and the key. */
export function parseManifest(file: string, text: string): ScaffoldManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    fail(file, `not valid JSON (${(error as Error).message})`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail(file, 'must be a JSON object with "variables" and/or "files"');
  const known = new Set(['description', 'variables', 'files', '$schema']);
  for (const key of Object.keys(raw)) if (!known.has(key)) fail(file, `unknown key "${key}" (expected description, variables, files)`);
  const object = raw as Record<string, unknown>;
  const variables = (object.variables ?? {}) as Record<string, VariableSpec>;
  if (typeof variables !== 'object' || Array.isArray(variables))
    fail(file, '"variables" must be an object of name -> { type, default, required, pattern, description }');
  for (const [name, spec] of Object.entries(variables)) {
    if (!/^[A-Za-z_][\w]*$/.test(name)) fail(file, `variables.${name}: a variable name is an identifier`);
    if (spec.type !== undefined && !TYPES.has(spec.type))
      fail(file, `variables.${name}.type: "${String(spec.type)}" is not one of string, boolean, number`);
    if (spec.pattern !== undefined) {
      try {
        new RegExp(spec.pattern);
      } catch {
        fail(file, `variables.${name}.pattern: not a valid regular expression`);
      }
    }
  }
  const files = (object.files ?? []) as FileRule[];
  if (!Array.isArray(files)) fail(file, '"files" must be an array of { from, when }');
  files.forEach((rule, i) => {
    if (typeof rule?.from !== 'string' || typeof rule?.when !== 'string')
      fail(file, `files[${i}]: needs "from" (a template file) and "when" (a condition)`);
    const variable = rule.when.replace(/^!/, '').split('=')[0]!;
    if (!(variable in variables)) fail(file, `files[${i}].when: "${rule.when}" names the undeclared variable "${variable}"`);
  });
  return { ...(typeof object.description === 'string' ? { description: object.description } : {}), variables, files };
}

/** Whether a file's condition holds for the variables. */
export function conditionHolds(when: string, variables: Record<string, unknown>): boolean {
  if (when.startsWith('!')) return !variables[when.slice(1)];
  const eq = when.indexOf('=');
  if (eq > 0) return String(variables[when.slice(0, eq)]) === when.slice(eq + 1);
  return Boolean(variables[when]);
}

/** The variables with defaults applied, checked against the manifest (missing required, wrong type, pattern). */
export function resolveVariables(manifest: ScaffoldManifest, given: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...given };
  const problems: string[] = [];
  for (const [name, spec] of Object.entries(manifest.variables)) {
    if (out[name] === undefined && spec.default !== undefined) out[name] = spec.default;
    const value = out[name];
    if (value === undefined) {
      if (spec.required !== false) problems.push(`"${name}" is required${spec.description ? ` (${spec.description})` : ''}`);
      else out[name] = spec.type === 'boolean' ? false : '';
      continue;
    }
    const type = spec.type ?? 'string';
    if (typeof value !== type) problems.push(`"${name}" must be a ${type}, got ${JSON.stringify(value)}`);
    else if (type === 'string' && spec.pattern && !new RegExp(spec.pattern).test(value as string))
      problems.push(`"${name}" = ${JSON.stringify(value)} does not match ${spec.pattern}`);
  }
  if (problems.length > 0) {
    throw new AgentdError('invalid_input', `variables: ${problems.join('; ')}`, {
      details: problems.map((message) => ({ path: '/variables', message })),
    });
  }
  return out;
}
