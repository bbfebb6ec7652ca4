/**
 * Halstead counts over a file's tokens (tree-sitter leaves). Operands: identifiers of every kind,
 * literals (a string, template text, regex or number is one operand), `this`, `super`, `true`, `false`,
 * `null`, `undefined`. Operators: every other token (keywords, operators, opening brackets), except
 * separators (`,` `;`) and closing brackets, which only pair with what they close. Comments are skipped.
 */
export const OPERAND_TYPES = new Set([
  'identifier',
  'property_identifier',
  'shorthand_property_identifier',
  'shorthand_property_identifier_pattern',
  'private_property_identifier',
  'type_identifier',
  'statement_identifier',
  'number',
  'string',
  'regex',
  'string_fragment',
  'this',
  'super',
  'true',
  'false',
  'null',
  'undefined',
  'predefined_type',
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

/**
 * Counts what the Halstead volume needs: distinct and total operators and operands (the volume reads
 * no single count, so no per-token count map). Operators are counted by node type, which the walker
 * has already looked up once (node-roles.ts gives each type a small slot number): a byte per slot
 * says whether the file has seen it, instead of a string-keyed map update per token.
 */
export class HalsteadCounter {
  private readonly operands = new Set<string>();
  private operandTotal = 0;
  private operatorSeen = new Uint8Array(256);
  private operatorDistinct = 0;
  private operatorTotal = 0;

  /** An operand's text (an atomic operand's whole text, or a leaf's). */
  operand(text: string): void {
    this.operands.add(text);
    this.operandTotal++;
  }

  /** An operator token, by its type's slot (node-roles.ts's typeInfo). */
  operator(slot: number): void {
    if (slot >= this.operatorSeen.length) {
      const grown = new Uint8Array(slot * 2);
      grown.set(this.operatorSeen);
      this.operatorSeen = grown;
    }
    if (this.operatorSeen[slot] === 0) {
      this.operatorSeen[slot] = 1;
      this.operatorDistinct++;
    }
    this.operatorTotal++;
  }

  result(): Halstead {
    const n1 = this.operatorDistinct;
    const n2 = this.operands.size;
    const N1 = this.operatorTotal;
    const N2 = this.operandTotal;
    const vocabulary = n1 + n2;
    const volume = vocabulary > 1 ? (N1 + N2) * Math.log2(vocabulary) : 0;
    return { distinctOperators: n1, distinctOperands: n2, totalOperators: N1, totalOperands: N2, volume };
  }
}
