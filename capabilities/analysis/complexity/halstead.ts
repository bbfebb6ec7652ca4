/**
 * Halstead counts over a file's tokens (tree-sitter leaves). What is an operand, an operator or
 * neither (OPERAND_TYPES, IGNORED_TOKENS) is core's metric vocabulary (core/parsing/metric-roles.ts),
 * which the flat-tree addon's metrics read too.
 */
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
    return halsteadOf(this.operatorDistinct, this.operands.size, this.operatorTotal, this.operandTotal);
  }
}

/** The Halstead figures from the four counts (n1, n2 distinct operators and operands; N1, N2 totals). */
export function halsteadOf(n1: number, n2: number, N1: number, N2: number): Halstead {
  const vocabulary = n1 + n2;
  const volume = vocabulary > 1 ? (N1 + N2) * Math.log2(vocabulary) : 0;
  return { distinctOperators: n1, distinctOperands: n2, totalOperators: N1, totalOperands: N2, volume };
}
