/** A Redis of the test's own and N daemon processes on it, plus the HTTP helpers the tests share. */
import { freePort } from '../../../cli/support/agentd-process.js';
import { get, post, type Reply } from '../../support/http-client.js';
import { DaemonProcess } from './daemon-process.js';
import { TestRedisServer } from './redis-server.js';

export class Cluster {
  readonly daemons: DaemonProcess[] = [];

  private constructor(readonly redis: TestRedisServer) {}

  static async start(count: number, maxConcurrent: number): Promise<Cluster> {
    const redis = new TestRedisServer(await freePort());
    await redis.start();
    const cluster = new Cluster(redis);
    for (let i = 0; i < count; i++)
      cluster.daemons.push(new DaemonProcess(String.fromCharCode(65 + i), await freePort(), redis.url, maxConcurrent));
    const started = await Promise.allSettled(cluster.daemons.map((daemon) => daemon.start()));
    const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) {
      // The caller never gets the cluster to stop: the daemons that did start (and Redis) would outlive the run.
      await cluster.stop();
      throw failed.reason;
    }
    return cluster;
  }

  get live(): DaemonProcess[] {
    return this.daemons.filter((daemon) => daemon.alive);
  }

  /** The daemon that logged starting `jobId` (at `attempts`, when given). */
  runnerOf(jobId: string, attempts?: number): DaemonProcess | undefined {
    return this.daemons.find((daemon) => daemon.alive && daemon.started(jobId, attempts));
  }

  async waitForRunner(jobId: string, attempts?: number, timeoutMs = 20_000): Promise<DaemonProcess> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const runner = this.runnerOf(jobId, attempts);
      if (runner) return runner;
      if (Date.now() > deadline) throw new Error(`no daemon started job ${jobId} (attempt ${attempts ?? 'any'}) within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.daemons.map((daemon) => daemon.remove()));
    await this.redis.remove();
  }
}

export function submitSlow(daemon: DaemonProcess, ms: number): Promise<Reply> {
  return post(daemon.url, '/jobs', { capability: 'analysis.test-slow', input: { ms }, mode: 'auto' });
}

export function submitEmpty(daemon: DaemonProcess): Promise<Reply> {
  return post(daemon.url, '/jobs', { capability: 'analysis.test-empty', mode: 'auto' });
}

/** The value of one Prometheus sample, e.g. metric('agentd_jobs_total{status="succeeded"}'). */
export async function metric(daemon: DaemonProcess, sample: string): Promise<number> {
  const { body } = await get<string>(daemon.url, '/metrics');
  const line = body.split('\n').find((text) => text.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : NaN;
}
