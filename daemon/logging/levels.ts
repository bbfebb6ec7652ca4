import type { Level, LogFilter, LogRecord } from './types.js';

export const LEVELS: readonly Level[] = ['debug', 'info', 'warn', 'error'];

const RANK: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function isLevel(value: unknown): value is Level {
  return typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
}

/** Whether `level` is at least `minimum` ("warn" passes "info", "debug" does not). */
export function atLeast(level: Level, minimum: Level): boolean {
  return RANK[level] >= RANK[minimum];
}

/** Whether a record passes a filter: minimum level, job id, and a case-insensitive text over msg and fields. */
export function matchesFilter(record: LogRecord, filter: LogFilter = {}): boolean {
  if (filter.level && !atLeast(record.level, filter.level)) return false;
  if (filter.jobId !== undefined && record.jobId !== filter.jobId) return false;
  if (filter.text) {
    const { time: _time, level: _level, ...rest } = record;
    if (!JSON.stringify(rest).toLowerCase().includes(filter.text.toLowerCase())) return false;
  }
  return true;
}
