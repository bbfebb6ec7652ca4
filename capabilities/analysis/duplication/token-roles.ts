/**
 * The token kinds of a stream, from the node roles core defines for the grammars (comments skipped,
 * literals whole, identifiers: core/parsing/lexical-roles.ts, which the flat-tree addon's tokens read
 * too). Re-exported here for the two tree walkers (tree-tokens.ts, flat-tokens.ts).
 */
import { ROLE_IDENTIFIER, ROLE_LITERAL } from '../../../core/index.js';

export {
  ROLE_IDENTIFIER,
  ROLE_JSX_TEXT,
  ROLE_LITERAL,
  ROLE_SKIPPED,
  ROLE_SUBSTITUTION,
  ROLE_TEMPLATE,
  roleOf,
  rolesOf,
} from '../../../core/index.js';

export const TOKEN_KIND = { other: 0, identifier: 1, literal: 2 } as const;

/** The kind of a token of role `role`. */
export function kindOf(role: number): number {
  return role & ROLE_LITERAL ? TOKEN_KIND.literal : role & ROLE_IDENTIFIER ? TOKEN_KIND.identifier : TOKEN_KIND.other;
}
