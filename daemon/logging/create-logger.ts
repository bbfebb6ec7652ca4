import type { Writable } from 'node:stream';
import { atLeast } from './levels.js';
import { LogSink } from './log-sink.js';
import { isSecretField, redactValue, REDACTED } from './redact.js';
import type { Level, Logger, LogRecord } from './types.js';

export interface LoggerConfig {
  level: Level;
  format: 'json' | 'pretty';
  file: string | null;
}

export interface LoggerOptions {
  /** Where lines go; process.stdout by default. */
  stdout?: Writable;
  /** Records kept for `recent()` (and `GET /logs`). */
  capacity?: number;
}

export const DEFAULT_CAPACITY = 2000;

const RESERVED = new Set(['time', 'level', 'msg']);

/**
 * The daemon's structured logger (logging.* of the configuration). Records below `level` are dropped
 * entirely; the rest go to stdout, logging.file (always as JSON lines, for machines), the ring buffer
 * behind `recent()` and live subscribers. Throws AgentdError("invalid_config") when the file cannot be opened.
 */
export function createLogger(config: LoggerConfig, options: LoggerOptions = {}): Logger {
  const sink = new LogSink(config.format, options.stdout ?? process.stdout, config.file, options.capacity ?? DEFAULT_CAPACITY);
  return new SinkLogger(sink, config.level, {});
}

class SinkLogger implements Logger {
  constructor(
    private readonly sink: LogSink,
    private readonly minimum: Level,
    private readonly bindings: Record<string, unknown>,
  ) {}

  debug(msg: string, fields?: Record<string, unknown>): void {
    this.log('debug', msg, fields);
  }
  info(msg: string, fields?: Record<string, unknown>): void {
    this.log('info', msg, fields);
  }
  warn(msg: string, fields?: Record<string, unknown>): void {
    this.log('warn', msg, fields);
  }
  error(msg: string, fields?: Record<string, unknown>): void {
    this.log('error', msg, fields);
  }

  child(bindings: Record<string, unknown>): Logger {
    return new SinkLogger(this.sink, this.minimum, { ...this.bindings, ...bindings });
  }

  recent: Logger['recent'] = (filter) => this.sink.recent(filter);
  subscribe: Logger['subscribe'] = (listener, filter) => this.sink.subscribe(listener, filter);
  close(): Promise<void> {
    return this.sink.close();
  }

  private log(level: Level, msg: string, fields?: Record<string, unknown>): void {
    if (!atLeast(level, this.minimum)) return;
    const record: LogRecord = { time: new Date().toISOString(), level, msg: String(msg) };
    for (const source of [this.bindings, fields ?? {}]) {
      for (const [key, value] of Object.entries(source)) {
        if (RESERVED.has(key) || value === undefined) continue;
        record[key] = isSecretField(key) ? REDACTED : redactValue(value);
      }
    }
    this.sink.write(record);
  }
}
