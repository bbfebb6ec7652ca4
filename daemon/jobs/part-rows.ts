/**
 * Encoding a part's rows (job-store.ts) a slice at a time: a batch ends after ~8 ms of work or 256 KB
 * of text, and the caller yields to the event loop between batches. A part of 100,000 findings is
 * encoded in dozens of short slices, with requests (and /health) answered between them; a fixed row
 * count could not bound a slice, as one row may hold 500 findings or one small change.
 */
const SLICE_MS = 8;
const SLICE_CHARS = 256 * 1024;

export async function* encodedBatches(items: readonly unknown[], encode: (item: unknown) => string): AsyncGenerator<string[]> {
  let batch: string[] = [];
  let chars = 0;
  let started = performance.now();
  for (const item of items) {
    const row = encode(item);
    batch.push(row);
    chars += row.length;
    if (chars >= SLICE_CHARS || performance.now() - started >= SLICE_MS) {
      yield batch;
      batch = [];
      chars = 0;
      await new Promise((resolve) => setImmediate(resolve));
      started = performance.now();
    }
  }
  if (batch.length > 0) yield batch;
}
