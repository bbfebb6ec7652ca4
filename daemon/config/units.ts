/**
 * Sizes ("10GB", "500MB", "1.5 GiB") and durations ("15m", "1h", "30s", "900") as people write them in
 * configuration. SI units (KB, MB, GB, TB) are powers of 1000 and IEC units (KiB, MiB, GiB, TiB) powers
 * of 1024, as `du --si` and `du -h` use them; units are case-insensitive and may follow a space.
 */

const SIZE_UNITS: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
};

const DURATION_UNITS_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  sec: 1000,
  second: 1000,
  seconds: 1000,
  m: 60_000,
  min: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
  d: 86_400_000,
  day: 86_400_000,
  days: 86_400_000,
};

const QUANTITY = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i;

/** Bytes in a size such as "10GB" or "1.5 GiB"; a bare number is bytes. Returns null when it is not a size. */
export function parseSize(text: string): number | null {
  const match = QUANTITY.exec(text);
  if (!match) return null;
  const factor = SIZE_UNITS[(match[2] || 'b').toLowerCase()];
  if (factor === undefined) return null;
  return Math.round(Number(match[1]) * factor);
}

/** Milliseconds in a duration such as "15m" or "30s"; a bare number (or number value) is seconds. Null when invalid. */
export function parseDuration(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value * 1000) : null;
  const match = QUANTITY.exec(value);
  if (!match) return null;
  const factor = DURATION_UNITS_MS[(match[2] || 's').toLowerCase()];
  if (factor === undefined) return null;
  return Math.round(Number(match[1]) * factor);
}

export const SIZE_EXAMPLES = '"10GB", "500MB" or "1.5 GiB"';
export const DURATION_EXAMPLES = '"15m", "1h", "30s" or a number of seconds';
