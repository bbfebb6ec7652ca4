/**
 * Halstead counts over a file's tokens (tree-sitter leaves). Operands: identifiers of every kind,
 * literals (a string, template text, regex or number is one operand), `this`, `super`, `true`, `false`,
 * `null`, `undefined`. Operators: every other token (keywords, operators, opening brackets), except
 * separators (`,` `;`) and closing brackets, which only pair with what they close. Comments are skipped.
 */
import type { SyntaxNode as Node } from '../../../core/index.js';

export const OPERAND_TYPES = new Set([
  'identifier', 'property_identifier', 'shorthand_property_identifier', 'shorthand_property_identifier_pattern',
  'private_property_identifier', 'type_identifier', 'statement_identifier', 'number', 'string', 'regex',
  'string_fragment', 'this', 'super', 'true', 'false', 'null', 'undefined', 'predefined_type',
]);
/** Leaves in all but name: their text is one operand and their children are quoting punctuation. */
export const ATOMIC_OPERANDS = new Set(['string', 'regex', 'number']);
export const IGNORED_TOKENS = new Set([',', ';', ')', ']', '}', '`', '"', "'", 'comment', 'html_comment', 'hash_bang_line']);

export interface Halstead {
  distinctOperators: number;
  distinctOperands: number;
  totalOperators: number;
  totalOperands: number;
  /** N × log2(n) */
  volume: number;
}

export class HalsteadCounter {
  private readonly operators = new Map<string, number>();
  private readonly operands = new Map<string, number>();

  /**
   * Counts a node (the walker classifies it once by type: see node-roles.ts). An atomic operand counts
   * its whole text; other nodes count only as leaves. Returns true for an atomic operand.
   */
  add(node: Node, source: string, atomic: boolean, operand: boolean, ignored: boolean): boolean {
    if (atomic) {
      bump(this.operands, source.slice(node.startIndex, node.endIndex));
      return true;
    }
    if (node.children.length > 0 || ignored) return false;
    if (operand) bump(this.operands, source.slice(node.startIndex, node.endIndex));
    else bump(this.operators, node.type);
    return false;
  }

  result(): Halstead {
    const n1 = this.operators.size;
    const n2 = this.operands.size;
    const N1 = sum(this.operators);
    const N2 = sum(this.operands);
    const vocabulary = n1 + n2;
    const volume = vocabulary > 1 ? (N1 + N2) * Math.log2(vocabulary) : 0;
    return { distinctOperators: n1, distinctOperands: n2, totalOperators: N1, totalOperands: N2, volume };
  }
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function sum(map: Map<string, number>): number {
  let total = 0;
  for (const count of map.values()) total += count;
  return total;
}
