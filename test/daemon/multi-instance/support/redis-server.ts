/**
 * A redis-server of the test's own on a free port, persisting every write (appendfsync always), so a
 * test can stop and restart it, or SIGKILL it, without disturbing the shared Redis on 6379 and
 * without losing what the daemons acknowledged.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';

export class TestRedisServer {
  private child: ChildProcess | null = null;
  readonly dir = mkdtempSync(path.join(tmpdir(), 'agentd-redis-'));

  /**
   * durable: fsync every write (the fault tests); false: Redis's default everysec (the benchmark).
   * `settings` override the persistence and eviction settings (the durability check's tests).
   */
  constructor(
    readonly port: number,
    private readonly durable = true,
    private readonly settings: { appendonly?: boolean; maxmemoryPolicy?: string } = {},
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  async start(): Promise<void> {
    this.child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--save',
        '',
        '--appendonly',
        this.settings.appendonly === false ? 'no' : 'yes',
        '--appendfsync',
        this.durable ? 'always' : 'everysec',
        '--daemonize',
        'no',
        '--maxmemory-policy',
        this.settings.maxmemoryPolicy ?? 'noeviction',
      ],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (await this.answers()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server on port ${this.port} did not start`);
  }

  /** SIGTERM: Redis flushes its append-only file and exits. */
  stop(): Promise<void> {
    return this.end('SIGTERM');
  }

  /** SIGKILL: no chance to flush anything; only what is already in the append-only file survives. */
  kill(): Promise<void> {
    return this.end('SIGKILL');
  }

  private async end(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
    this.child = null;
  }

  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async answers(): Promise<boolean> {
    const client = new Redis({ port: this.port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  }
}
