/**
 * Name validation of generators: a name the user gives becomes an identifier, a file name or both, so
 * it must be a valid identifier, not a reserved word, in the casing the kind requires, and must not
 * collide with what the project already declares. Problems are `invalid_input` naming the field.
 */
import { AgentdError } from '../../../core/index.js';
import { RESERVED_TYPE_NAMES, RESERVED_WORDS } from './reserved-words.js';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export interface IdentifierRule {
  /** Input field the name came from, for the message ("name", "resource", "fields[2].name"). */
  field: string;
  /** What it names, for the message ("component", "hook", "field"). */
  kind: string;
  /** Required casing: 'pascal' (components, types), 'camel' (functions, fields), 'hook' (camel starting with use + capital). */
  casing?: 'pascal' | 'camel' | 'hook';
  /** The name becomes a type too (interface, class, type alias). */
  isType?: boolean;
}

/** Why `name` is not acceptable, or null. */
export function identifierProblem(name: string, rule: IdentifierRule): string | null {
  if (!IDENTIFIER.test(name)) return `"${name}" is not a valid identifier (letters, digits, _ and $, not starting with a digit)`;
  if (RESERVED_WORDS.has(name)) return `"${name}" is a reserved word`;
  if (rule.isType && RESERVED_TYPE_NAMES.has(name.toLowerCase()) && name === name.toLowerCase()) return `"${name}" is a built-in type name`;
  if (rule.casing === 'pascal' && !/^[A-Z]/.test(name))
    return `a ${rule.kind} name starts with a capital letter (PascalCase), e.g. "${name.charAt(0).toUpperCase()}${name.slice(1)}"`;
  if (rule.casing === 'camel' && !/^[a-z_$]/.test(name))
    return `a ${rule.kind} name starts with a lower-case letter (camelCase), e.g. "${name.charAt(0).toLowerCase()}${name.slice(1)}"`;
  if (rule.casing === 'hook' && !/^use[A-Z0-9]/.test(name))
    return `a ${rule.kind}'s name starts with "use" followed by a capital letter (${rule.kind === 'React hook' ? 'Rules of Hooks' : 'as hooks are named'}), e.g. "use${name.charAt(0).toUpperCase()}${name.slice(1)}"`;
  return null;
}

/** Throws invalid_input when `name` is not acceptable. */
export function assertIdentifier(name: string, rule: IdentifierRule): void {
  const problem = identifierProblem(name, rule);
  if (problem)
    throw new AgentdError('invalid_input', `${rule.field}: ${problem}`, {
      details: [{ path: `/${rule.field.replace(/\./g, '/')}`, message: problem }],
    });
}
