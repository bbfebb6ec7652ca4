/**
 * Problems of a configuration file in words a user acts on: the key (as a dotted path), its value, and
 * for a mistyped key or value the closest valid one ("did you mean"). The file is named by the caller.
 */
import type { ErrorObject } from 'ajv';
import type { JSONSchema } from '../contracts/index.js';
import { closestMatch } from '../fuzzy/index.js';

export interface ConfigProblem {
  /** Dotted path of the key, e.g. "thresholds.complexity.cyclomatic" or "overrides[0].files". */
  key: string;
  message: string;
}

/** "/overrides/0/rules" -> "overrides[0].rules" */
export function keyOf(segments: readonly string[]): string {
  return segments.reduce((out, segment) => (/^\d+$/.test(segment) ? `${out}[${segment}]` : out ? `${out}.${segment}` : segment), '');
}

export function pointerSegments(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function valueAt(document: unknown, segments: readonly string[]): unknown {
  let value = document;
  for (const segment of segments) value = (value as Record<string, unknown> | undefined)?.[segment];
  return value;
}

/** The schema node that describes the value at `segments` (properties, items and additionalProperties followed). */
function schemaAt(schema: JSONSchema, segments: readonly string[]): JSONSchema | undefined {
  let node: JSONSchema | undefined = schema;
  for (const segment of segments) {
    if (!node) return undefined;
    const properties = node.properties as Record<string, JSONSchema> | undefined;
    if (properties?.[segment]) node = properties[segment];
    else if (node.items && /^\d+$/.test(segment)) node = node.items as JSONSchema;
    else if (typeof node.additionalProperties === 'object') node = node.additionalProperties as JSONSchema;
    else return undefined;
  }
  return node;
}

export function shown(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const suggestion = (wanted: string, candidates: Iterable<string>): string => {
  const close = closestMatch(wanted, candidates);
  return close === undefined ? '' : `; did you mean "${close}"?`;
};

function problemOf(error: ErrorObject, document: unknown, schema: JSONSchema): ConfigProblem | undefined {
  const segments = pointerSegments(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const value = valueAt(document, segments);
  if (error.propertyName !== undefined) {
    // A key that fails propertyNames (an unknown check under `options`, a malformed rule id).
    const key = keyOf([...segments, error.propertyName]);
    const allowed = error.keyword === 'enum' ? (params.allowedValues as unknown[]).map(String) : [];
    const hint =
      allowed.length > 0 ? suggestion(error.propertyName, allowed) || `; known: ${allowed.join(', ')}` : ` (${error.message ?? 'invalid'})`;
    return {
      key,
      message: `"${key}" is not a valid key here (value ${shown(valueAt(document, [...segments, error.propertyName]))})${hint}`,
    };
  }
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const known = Object.keys((schemaAt(schema, segments)?.properties as object | undefined) ?? {});
      return {
        key: keyOf([...segments, name]),
        message: `unknown key "${keyOf([...segments, name])}" (value ${shown(valueAt(document, [...segments, name]))})${suggestion(name, known)}${known.length && !closestMatch(name, known) ? `; known keys: ${known.join(', ')}` : ''}`,
      };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      return {
        key: keyOf(segments),
        message: `"${keyOf(segments)}" is ${shown(value)}, which is not one of ${allowed.join(', ')}${typeof value === 'string' ? suggestion(value, allowed) : ''}`,
      };
    }
    case 'propertyNames':
      return undefined; // reported by the error on the name itself (above)
    case 'pattern':
    case 'required':
    case 'type':
    case 'minimum':
    case 'maximum':
    case 'minItems':
    case 'minLength':
    case 'uniqueItems':
    case 'const': {
      const key = error.keyword === 'required' ? keyOf([...segments, String(params.missingProperty)]) : keyOf(segments) || '(the file)';
      return {
        key,
        message: `"${key}" is ${error.keyword === 'required' ? 'missing' : `${shown(value)}, but ${error.message ?? 'invalid'}`}`,
      };
    }
    default:
      return { key: keyOf(segments), message: `"${keyOf(segments)}" is ${shown(value)}, but ${error.message ?? 'invalid'}` };
  }
}

/** One problem per offending key (the first error of a key is the useful one). */
export function schemaProblems(errors: readonly ErrorObject[], document: unknown, schema: JSONSchema): ConfigProblem[] {
  const byKey = new Map<string, ConfigProblem>();
  for (const error of errors) {
    const problem = problemOf(error, document, schema);
    if (problem && !byKey.has(problem.key)) byKey.set(problem.key, problem);
  }
  return [...byKey.values()];
}

/** A rule id (or `prefix/*`) the checks do not know, and what the user probably meant. */
export function unknownRuleProblem(key: string, id: string, closest: string | undefined): ConfigProblem {
  return { key, message: `"${key}" names rule "${id}", which no check reports${closest ? `; did you mean "${closest}"?` : ''}` };
}
