/**
 * Where a tree walker (tree-tokens.ts, flat-tokens.ts) puts the tokens of one file: each token's text
 * is interned from its source range (slice-interner.ts), which also gives its exact code, and its
 * place is found by a row tracker that only moves forward. Both walkers record through the same
 * sink, so the stream is the same whichever tree it was read from.
 */
import { SliceInterner } from './slice-interner.js';
import { ROLE_JSX_TEXT, kindOf } from './token-roles.js';
import type { TokenStream } from './tokenize.js';

/**
 * The columns of the file being tokenised, grown by doubling and reused for every file (tokenize is
 * synchronous, so one file at a time), then copied out at their final length: a file's streams cost
 * one exact-size array each instead of arrays grown push by push.
 */
class TokenColumns {
  count = 0;
  ids: Int32Array = new Int32Array(4096);
  codes: Int32Array = new Int32Array(4096);
  kinds: Uint8Array = new Uint8Array(4096);
  startLines: Int32Array = new Int32Array(4096);
  endLines: Int32Array = new Int32Array(4096);
  startColumns: Int32Array = new Int32Array(4096);
  endColumns: Int32Array = new Int32Array(4096);

  push(id: number, code: number, kind: number, startLine: number, endLine: number, startColumn: number, endColumn: number): void {
    const n = this.count;
    if (n === this.ids.length) this.grow();
    this.ids[n] = id;
    this.codes[n] = code;
    this.kinds[n] = kind;
    this.startLines[n] = startLine;
    this.endLines[n] = endLine;
    this.startColumns[n] = startColumn;
    this.endColumns[n] = endColumn;
    this.count = n + 1;
  }

  /**
   * The stream of the tokens pushed since the last call, which empties the columns. Its seven columns
   * are views of one buffer: each typed array with a buffer of its own is a separate allocation outside
   * V8's heap (and a separate sweep), which made up a third of tokenising a file.
   */
  take(texts: string[], lines: number): TokenStream {
    const n = this.count;
    this.count = 0;
    const buffer = new ArrayBuffer(n * 25);
    const column = (index: number, from: Int32Array): Int32Array => {
      const out = new Int32Array(buffer, index * n * 4, n);
      out.set(from.subarray(0, n));
      return out;
    };
    const kinds = new Uint8Array(buffer, n * 24, n);
    kinds.set(this.kinds.subarray(0, n));
    return {
      ids: column(0, this.ids),
      texts,
      codes: column(1, this.codes),
      kinds,
      startLines: column(2, this.startLines),
      endLines: column(3, this.endLines),
      startColumns: column(4, this.startColumns),
      endColumns: column(5, this.endColumns),
      lines,
    };
  }

  private grow(): void {
    const size = this.ids.length * 2;
    const grown = <T extends Int32Array | Uint8Array>(old: T, next: T): T => {
      next.set(old);
      return next;
    };
    this.ids = grown(this.ids, new Int32Array(size));
    this.codes = grown(this.codes, new Int32Array(size));
    this.kinds = grown(this.kinds, new Uint8Array(size));
    this.startLines = grown(this.startLines, new Int32Array(size));
    this.endLines = grown(this.endLines, new Int32Array(size));
    this.startColumns = grown(this.startColumns, new Int32Array(size));
    this.endColumns = grown(this.endColumns, new Int32Array(size));
  }
}

const columns = new TokenColumns();

/**
 * Rows and columns of tokens met in source order: the row only moves forward, so each lookup is a few
 * steps from the last one instead of a search from the top.
 */
class RowTracker {
  private readonly starts: number[] = [0];
  private row = 0;

  constructor(private readonly source: string) {
    for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** 0-based row of `index`; `index` never goes below the previous call's start. */
  advance(index: number): number {
    while (this.row + 1 < this.starts.length && this.starts[this.row + 1]! <= index) this.row++;
    return this.row;
  }

  /** 0-based row of an index at or after the current row, without moving. */
  peek(index: number): number {
    let r = this.row;
    while (r + 1 < this.starts.length && this.starts[r + 1]! <= index) r++;
    return r;
  }

  column(index: number, row: number): number {
    return index - this.starts[row]!;
  }

  /** Lines in the file as jscpd counts them (a final newline opens no line), from the line starts already found. */
  lineCount(): number {
    if (this.source.length === 0) return 0;
    return this.source.endsWith('\n') ? this.starts.length - 1 : this.starts.length;
  }
}

/** The tokens of one source, recorded in source order; `finish` makes the stream. */
export class TokenSink {
  private readonly rows: RowTracker;
  private readonly texts: SliceInterner;

  constructor(private readonly source: string) {
    this.rows = new RowTracker(source);
    // About one distinct text per 30 characters of source; the table grows if there are more.
    this.texts = new SliceInterner(source, source.length >>> 5);
    columns.count = 0;
  }

  /** Records the node `[start, end)` of role `role` (token-roles.ts) as a token, unless it has no content. */
  record(start: number, end: number, role: number): void {
    if (end <= start) return; // zero-width nodes: recovered (missing) tokens
    // Whitespace between JSX elements is layout, not content.
    if (role & ROLE_JSX_TEXT && this.source.slice(start, end).trim() === '') return;
    const texts = this.texts;
    const rows = this.rows;
    const id = texts.intern(start, end);
    const fromRow = rows.advance(start);
    const toRow = rows.peek(end);
    columns.push(
      id,
      texts.code,
      kindOf(role),
      fromRow + 1,
      toRow + 1,
      rows.column(start, fromRow) + 1,
      Math.max(1, rows.column(end, toRow)),
    );
  }

  finish(): TokenStream {
    this.release();
    return columns.take(this.texts.texts, this.rows.lineCount());
  }

  /** Gives the interner's tables back (finish does; a walk that throws must too). */
  release(): void {
    this.texts.release();
  }
}
