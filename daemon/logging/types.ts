/** The daemon's structured logger: JSON lines (logging.format "json") or pretty lines to stdout and logging.file. */
export type Level = 'debug' | 'info' | 'warn' | 'error';

export interface LogRecord {
  time: string;
  level: Level;
  msg: string;
  /** Structured fields (jobId, route, status, durationMs, ...). Secrets are never logged. */
  [field: string]: unknown;
}

export interface LogFilter {
  /** Minimum level. */
  level?: Level;
  /** Case-insensitive substring over msg and fields. */
  text?: string;
  jobId?: string;
  limit?: number;
}

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(bindings: Record<string, unknown>): Logger;
  /** The most recent records kept in memory (a ring buffer), oldest first, filtered. */
  recent(filter?: LogFilter): LogRecord[];
  /** Live records as they are written; returns an unsubscribe function. */
  subscribe(listener: (record: LogRecord) => void, filter?: LogFilter): () => void;
  close(): Promise<void>;
}
