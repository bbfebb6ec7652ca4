/**
 * A step's `data` too large to travel as an object. The step's worker thread turns it into JSON text
 * (it serialises the whole result anyway), so the daemon's one thread only ever moves the string: it
 * stores it as it is and serves it by reference, and nothing parses it unless it asks (`dataOf`).
 * Analyses of 20,000 files made 8 MB of data in one step; decoding and re-encoding that held the
 * daemon's event loop.
 */

/** Data whose JSON is longer than this travels serialised. */
export const INLINE_DATA_CHARS = 64 * 1024;

export interface SerializedData {
  readonly serialized: 'json';
  /** Characters of the JSON text. */
  readonly size: number;
  readonly json: string;
}

export function isSerializedData(value: unknown): value is SerializedData {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as SerializedData).serialized === 'json' &&
    typeof (value as SerializedData).json === 'string'
  );
}

/** A step's data as a value: parsed when it came serialised. */
export function dataOf(value: unknown): unknown {
  return isSerializedData(value) ? JSON.parse(value.json) : value;
}

/** `data` as a plain JSON value, or serialised when its JSON is large. */
export function packData(data: unknown): unknown {
  if (data === undefined) return undefined;
  const json = JSON.stringify(data);
  if (json === undefined) return undefined;
  return json.length > INLINE_DATA_CHARS ? ({ serialized: 'json', size: json.length, json } satisfies SerializedData) : JSON.parse(json);
}
