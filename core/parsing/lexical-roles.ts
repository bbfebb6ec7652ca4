/**
 * What each node type of the JavaScript and TypeScript grammars is to a lexical token stream: skipped
 * (comments), one literal token taken whole (strings, numbers, regexes, JSX text), an identifier, or
 * neither. Roles are bit flags so a walker decides with one lookup per node: by name for the plain
 * tree, by the grammar's numeric type id for the flat one. The flat-tree addon reads the same table
 * (native/flat-tokens.h) when a parse asks for its tokens (flat-parser.ts).
 */
import { ERROR_TYPE_ID, type GrammarNames } from './flat-parser.js';

const IDENTIFIERS = new Set([
  'identifier',
  'property_identifier',
  'shorthand_property_identifier',
  'shorthand_property_identifier_pattern',
  'type_identifier',
  'private_property_identifier',
  'statement_identifier',
]);
const LITERALS = new Set(['string', 'template_string', 'number', 'regex', 'jsx_text']);
const SKIPPED = new Set(['comment', 'html_comment', 'hash_bang_line']);

export const ROLE_SKIPPED = 1;
export const ROLE_LITERAL = 2;
export const ROLE_IDENTIFIER = 4;
/** A template string: a literal only when it has no substitution. */
export const ROLE_TEMPLATE = 8;
export const ROLE_SUBSTITUTION = 16;
/** JSX text: left out when it is only whitespace. */
export const ROLE_JSX_TEXT = 32;

function roleOfName(type: string): number {
  let role = 0;
  if (SKIPPED.has(type)) role |= ROLE_SKIPPED;
  if (LITERALS.has(type)) role |= ROLE_LITERAL;
  if (IDENTIFIERS.has(type)) role |= ROLE_IDENTIFIER;
  if (type === 'template_string') role |= ROLE_TEMPLATE;
  if (type === 'template_substitution') role |= ROLE_SUBSTITUTION;
  if (type === 'jsx_text') role |= ROLE_JSX_TEXT;
  return role;
}

const byName = new Map<string, number>();

/** The role of a node type by name (the plain tree's nodes). */
export function roleOf(type: string): number {
  let role = byName.get(type);
  if (role === undefined) byName.set(type, (role = roleOfName(type)));
  return role;
}

const byGrammar = new WeakMap<GrammarNames, Uint8Array>();

/**
 * Roles by type id for one grammar's names table (the flat tree's nodes). It spans every 16-bit id,
 * so ERROR (0xffff, outside the grammar's symbols) reads as role 0 like any other node without a role.
 */
export function rolesOf(names: GrammarNames): Uint8Array {
  let roles = byGrammar.get(names);
  if (!roles) {
    roles = new Uint8Array(ERROR_TYPE_ID + 1);
    names.types.forEach((type, id) => {
      if (id !== ERROR_TYPE_ID && type !== undefined) roles![id] = roleOf(type);
    });
    byGrammar.set(names, roles);
  }
  return roles;
}
