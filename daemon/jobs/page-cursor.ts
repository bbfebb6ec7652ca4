/**
 * Page cursors, opaque to clients (base64url): a page of jobs ends at the creation sequence of its last
 * job, so the next page starts below it however many jobs arrived meanwhile; a page of a result's
 * findings or changes ends at an index of that result, and names the result (the run that made it), so a
 * cursor outliving a re-run is refused instead of paging into another result.
 */
import { AgentdError } from '../../core/index.js';
import { runOf, type StoredJob } from './job-record.js';

function invalid(): AgentdError {
  return new AgentdError(
    'invalid_cursor',
    'The "cursor" is not one this daemon gave out for this list (or the job was re-run since); start again without it and follow the "next" links.',
  );
}

function decode(cursor: string, pattern: RegExp): RegExpExecArray {
  const match = pattern.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw invalid();
  return match;
}

export function encodeJobsCursor(sequence: number): string {
  return Buffer.from(`q${sequence}`).toString('base64url');
}

export function decodeJobsCursor(cursor: string): number {
  return Number(decode(cursor, /^q(\d{1,15})$/)[1]);
}

/** Which result of a job a part cursor belongs to: its run (attempt) and when that run ended. */
function resultKey(job: StoredJob): string {
  return `${runOf(job)}.${Date.parse(job.finishedAt ?? job.updatedAt) || 0}`;
}

export function encodePartCursor(job: StoredJob, index: number): string {
  return Buffer.from(`i${index}@${resultKey(job)}`).toString('base64url');
}

/** The index a part cursor points at (0 without one); invalid_cursor for another result's cursor. */
export function decodePartCursor(job: StoredJob, cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const [, index, key] = decode(cursor, /^i(\d{1,9})@([\d.]+)$/);
  if (key !== resultKey(job)) throw invalid();
  return Number(index);
}
