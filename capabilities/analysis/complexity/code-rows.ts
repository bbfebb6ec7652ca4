/**
 * The rows (0-based) that hold code, counted as they are marked. The walker meets tokens almost in
 * source order, so the row of each is found by stepping from the previous one (a few steps, either
 * way) rather than by a binary search per node; the rows are the same ones startRowOf/endRowOf give.
 */
export class CodeRows {
  private readonly starts: number[] = [0];
  private readonly marked: Uint8Array;
  private row = 0;
  /** Distinct rows marked so far. */
  count = 0;

  constructor(source: string) {
    for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) this.starts.push(i + 1);
    this.marked = new Uint8Array(this.starts.length);
  }

  /** Physical lines, as `source.split('\n').length` counts them. */
  get lines(): number {
    return this.starts.length;
  }

  /** Marks every row from the one holding `start` to the one holding `end`. */
  mark(start: number, end: number): void {
    const starts = this.starts;
    const last = starts.length - 1;
    let row = this.row;
    while (row > 0 && starts[row]! > start) row--;
    while (row < last && starts[row + 1]! <= start) row++;
    this.row = row;
    for (;;) {
      if (this.marked[row] === 0) {
        this.marked[row] = 1;
        this.count++;
      }
      if (row === last || starts[row + 1]! > end) return;
      row++;
    }
  }
}
