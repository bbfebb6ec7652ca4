/**
 * Where JSON text first goes wrong, as line and column. V8's JSON.parse messages only sometimes carry
 * a position ("Unexpected token '}', ... is not valid JSON" does not), and a config error that does
 * not say where is of little use, so this small scanner walks the grammar and stops at the first fault.
 */

export interface JsonPosition {
  offset: number;
  line: number;
  column: number;
}

export function jsonErrorPosition(text: string): JsonPosition {
  const scanner = new Scanner(text);
  let offset: number;
  try {
    scanner.value();
    scanner.space();
    offset = scanner.at < text.length ? scanner.at : text.length;
  } catch (fault) {
    if (!(fault instanceof Fault)) throw fault;
    offset = fault.offset;
  }
  return toPosition(text, offset);
}

export function toPosition(text: string, offset: number): JsonPosition {
  const before = text.slice(0, offset).split(/\r\n|\r|\n/);
  return { offset, line: before.length, column: before[before.length - 1].length + 1 };
}

class Fault {
  constructor(readonly offset: number) {}
}

const LITERALS = ['true', 'false', 'null'];
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// JSON forbids raw control characters inside a string, so the pattern names them.
// eslint-disable-next-line no-control-regex
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

class Scanner {
  at = 0;
  constructor(private readonly text: string) {}

  space(): void {
    while (/[ \t\r\n]/.test(this.text[this.at] ?? '')) this.at++;
  }

  value(): void {
    this.space();
    const ch = this.text[this.at];
    if (ch === '{') return this.container('}', () => this.member());
    if (ch === '[') return this.container(']', () => this.value());
    if (ch === '"') return this.token(STRING);
    const literal = LITERALS.find((word) => this.text.startsWith(word, this.at));
    if (literal) {
      this.at += literal.length;
      return;
    }
    this.token(NUMBER);
  }

  private member(): void {
    this.space();
    if (this.text[this.at] !== '"') throw new Fault(this.at);
    this.token(STRING);
    this.expect(':');
    this.value();
  }

  private container(close: string, item: () => void): void {
    this.at++;
    this.space();
    if (this.text[this.at] === close) {
      this.at++;
      return;
    }
    for (;;) {
      item();
      this.space();
      const ch = this.text[this.at];
      this.at++;
      if (ch === close) return;
      if (ch !== ',') throw new Fault(this.at - 1);
    }
  }

  private expect(ch: string): void {
    this.space();
    if (this.text[this.at] !== ch) throw new Fault(this.at);
    this.at++;
  }

  private token(pattern: RegExp): void {
    pattern.lastIndex = this.at;
    if (!pattern.test(this.text)) throw new Fault(this.at);
    this.at = pattern.lastIndex;
  }
}
