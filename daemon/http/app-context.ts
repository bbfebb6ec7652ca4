/** What the routes read: the daemon's parts, passed in once when the app is built. */
import type { CapabilityRegistry } from '../../core/registry/index.js';
import type { PlanOnly } from '../agent/plan-only.js';
import type { JobEventBus } from '../events/event-bus.js';
import type { JobService } from '../jobs/job-service.js';
import type { InstanceInfo } from '../queue/instance-roster.js';
import type { ThroughputBucket } from '../metrics/throughput-history.js';
import type { JobStore } from '../jobs/job-store.js';
import type { Logger } from '../logging/types.js';
import type { SecretRedactor } from '../logging/redact.js';
import type { DaemonMetrics } from '../metrics/daemon-metrics.js';
import type { Queue } from '../queue/queue.js';
import type { SecurityParts } from '../security/security-setup.js';

export interface AppContext {
  service: JobService;
  store: JobStore;
  queue: Queue;
  bus: JobEventBus;
  registry: CapabilityRegistry;
  metrics: DaemonMetrics;
  logger: Logger;
  /** Removes the daemon's secrets from every JSON answer and SSE event (express's "json replacer"). */
  redactor?: SecretRedactor;
  startedAt: number;
  version: string;
  /** Names this daemon among several sharing a queue. */
  instance: string;
  maxConcurrent: number;
  /** The daemons serving this queue (GET /instances); absent in apps built without a roster. */
  instances?: () => Promise<InstanceInfo[]>;
  /** Jobs finished per minute over the last `minutes` (GET /stats/history); absent in apps built without one. */
  throughput?: (minutes: number) => Promise<ThroughputBucket[]>;
  /** server.dashboard: serve the web dashboard under /ui (default true). */
  dashboard?: boolean;
  /** POST /plans: plans a task without creating a job; absent in apps built without an engine. */
  planner?: PlanOnly;
  /** Auth, rate limiting, CORS, webhooks (daemon/security); absent only in apps built without them. */
  security?: SecurityParts;
}
