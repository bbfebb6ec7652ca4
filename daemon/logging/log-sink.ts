import { closeSync, createWriteStream, mkdirSync, openSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { AgentdError } from '../../core/errors/index.js';
import { formatJson, formatPretty } from './format.js';
import { matchesFilter } from './levels.js';
import { RingBuffer } from './ring-buffer.js';
import type { LogFilter, LogRecord } from './types.js';

interface Subscription {
  listener: (record: LogRecord) => void;
  filter?: LogFilter;
}

/**
 * Where records go, shared by a logger and all its children: the formatted line to stdout and the
 * log file, the record to the ring buffer and to live subscribers.
 */
export class LogSink {
  private readonly buffer: RingBuffer<LogRecord>;
  private readonly subscribers = new Set<Subscription>();
  private readonly file: WriteStream | null;
  private fileFailed = false;

  constructor(
    private readonly format: 'json' | 'pretty',
    private readonly stdout: Writable,
    filePath: string | null,
    capacity: number,
  ) {
    this.buffer = new RingBuffer(capacity);
    this.file = filePath ? openAppend(filePath) : null;
    this.file?.on('error', (error) => this.reportFileError(filePath as string, error));
  }

  write(record: LogRecord): void {
    const line = (this.format === 'json' ? formatJson(record) : formatPretty(record)) + '\n';
    this.stdout.write(line);
    if (this.file && !this.fileFailed && this.file.writable) this.file.write(this.format === 'json' ? line : formatJson(record) + '\n');
    this.buffer.push(record);
    for (const { listener, filter } of this.subscribers) {
      if (!matchesFilter(record, filter)) continue;
      try {
        listener(record);
      } catch {
        // A failing subscriber (a closed SSE response) must not break logging for everyone else.
      }
    }
  }

  recent(filter: LogFilter = {}): LogRecord[] {
    const matching = this.buffer.toArray().filter((record) => matchesFilter(record, filter));
    return filter.limit !== undefined && filter.limit >= 0 ? matching.slice(Math.max(0, matching.length - filter.limit)) : matching;
  }

  subscribe(listener: (record: LogRecord) => void, filter?: LogFilter): () => void {
    const subscription = { listener, filter };
    this.subscribers.add(subscription);
    return () => this.subscribers.delete(subscription);
  }

  async close(): Promise<void> {
    this.subscribers.clear();
    const file = this.file;
    if (!file || file.closed) return;
    await new Promise<void>((resolve) => {
      file.once('close', () => resolve());
      file.end();
    });
  }

  private reportFileError(filePath: string, error: Error): void {
    if (this.fileFailed) return;
    this.fileFailed = true;
    this.stdout.write(`agentd: writing the log file "${filePath}" failed (${error.message}); logging continues on stdout only\n`);
  }
}

/** Opens synchronously so a log file that cannot be written fails start-up with a clear error, not later. */
function openAppend(filePath: string): WriteStream {
  let fd: number;
  try {
    mkdirSync(path.dirname(filePath), { recursive: true });
    fd = openSync(filePath, 'a');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new AgentdError(
      'invalid_config',
      `The log file "${filePath}" (logging.file) cannot be opened for appending (${reason}); choose a writable path or unset LOG_FILE.`,
      { cause: error },
    );
  }
  try {
    return createWriteStream('', { fd, flags: 'a' });
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}
