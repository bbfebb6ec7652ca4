/**
 * Halstead counts over a file's tokens (tree-sitter leaves). Operands: identifiers of every kind,
 * literals (a string, template text, regex or number is one operand), `this`, `super`, `true`, `false`,
 * `null`, `undefined`. Operators: every other token (keywords, operators, opening brackets), except
 * separators (`,` `;`) and closing brackets, which only pair with what they close. Comments are skipped.
 */
import { textOf, type SyntaxNode as Node } from '../../../core/index.js';

const OPERAND_TYPES = new Set([
  'identifier', 'property_identifier', 'shorthand_property_identifier', 'shorthand_property_identifier_pattern',
  'private_property_identifier', 'type_identifier', 'statement_identifier', 'number', 'string', 'regex',
  'string_fragment', 'this', 'super', 'true', 'false', 'null', 'undefined', 'predefined_type',
]);
/** Leaves in all but name: their text is one operand and their children are quoting punctuation. */
const ATOMIC_OPERANDS = new Set(['string', 'regex', 'number']);
const IGNORED = new Set([',', ';', ')', ']', '}', '`', '"', "'", 'comment', 'html_comment', 'hash_bang_line']);

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

  /** Counts a node if it is a token; returns true when its children must not be visited for Halstead. */
  add(node: Node, source: string): boolean {
    if (ATOMIC_OPERANDS.has(node.type)) {
      bump(this.operands, textOf(node, source));
      return true;
    }
    if (node.children.length > 0 || IGNORED.has(node.type)) return false;
    if (OPERAND_TYPES.has(node.type)) bump(this.operands, textOf(node, source));
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
