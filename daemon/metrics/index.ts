export { createDaemonMetrics, DURATION_BUCKETS, type DaemonMetrics, type MetricsSources } from './daemon-metrics.js';
