/**
 * The API's types, from the daemon's one client-facing module (daemon/http/api-types.ts, published as
 * `@agentd/cli/api`; type-only: nothing of the daemon is bundled), so a change of a record, summary,
 * event or answer the page relies on fails the dashboard's build.
 */
import type { JobStatus } from '../../../daemon/http/api-types.js';

export type {
  ApiErrorBody,
  ArtifactView,
  CapabilityMeta,
  ChangeView,
  DataReference,
  Finding,
  FindingFrame,
  Health,
  Instance,
  JobEvent,
  JobRecord,
  JobResult,
  JobStatus,
  JobStep,
  JobSummary,
  JobTurn,
  PublicJob,
  RuleDoc,
  Severity,
  Stats,
  ThroughputBucket,
} from '../../../daemon/http/api-types.js';

/** The status filter's choices, in the order shown; a status the daemon adds fails the build until it is listed here. */
export const STATUSES = [
  'queued',
  'running',
  'awaiting_approval',
  'succeeded',
  'incomplete',
  'failed',
  'cancelled',
] as const satisfies readonly JobStatus[];
type Unlisted = Exclude<JobStatus, (typeof STATUSES)[number]>;
export const EVERY_STATUS_LISTED: [Unlisted] extends [never] ? true : Unlisted = true;
