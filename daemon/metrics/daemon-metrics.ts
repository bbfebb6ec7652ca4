/**
 * The daemon's Prometheus metrics, on a registry of its own (several daemons in one test process must
 * not share counters). Job counters are derived from `done` events; the queue gauge reads the queue
 * backend at scrape time, so it is never stale.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobEventBus } from '../events/event-bus.js';
import type { QueueCounts } from '../queue/queue.js';

export const DURATION_BUCKETS = [0.1, 0.5, 1, 5, 10, 30, 60, 300, 600, 1800, 3600];

export interface DaemonMetrics {
  registry: Registry;
  /** Prometheus text exposition. */
  render(): Promise<string>;
  contentType: string;
  close(): void;
}

export interface MetricsSources {
  bus: JobEventBus;
  queueCounts(): Promise<QueueCounts>;
  startedAt: number;
}

export function createDaemonMetrics(sources: MetricsSources): DaemonMetrics {
  const registry = new Registry();
  const jobsTotal = new Counter({
    name: 'agentd_jobs_total',
    help: 'Jobs processed, by final status.',
    labelNames: ['status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'agentd_jobs_duration_seconds',
    help: 'Job execution duration in seconds.',
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'agentd_queue_size',
    help: 'Current queue size, by status.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      // An unreachable backend keeps the last values: the rest of the scrape must still answer.
      const counts = await sources.queueCounts().catch(() => null);
      if (!counts) return;
      this.set({ status: 'queued' }, counts.waiting);
      this.set({ status: 'running' }, counts.active);
    },
  });
  let reportedUptime = 0;
  new Counter({
    name: 'agentd_uptime_seconds',
    help: 'Seconds since the daemon started.',
    registers: [registry],
    collect() {
      const uptime = (Date.now() - sources.startedAt) / 1000;
      this.inc(Math.max(0, uptime - reportedUptime));
      reportedUptime = Math.max(reportedUptime, uptime);
    },
  });
  for (const status of ['succeeded', 'incomplete', 'failed', 'cancelled']) jobsTotal.inc({ status }, 0);
  collectDefaultMetrics({ register: registry });

  const unsubscribe = sources.bus.subscribeAll((event) => {
    if (event.type !== 'done') return;
    jobsTotal.inc({ status: event.status });
    if (event.durationMs !== null) duration.observe(event.durationMs / 1000);
  });
  return { registry, contentType: registry.contentType, render: () => registry.metrics(), close: unsubscribe };
}
