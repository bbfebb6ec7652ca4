/**
 * What a user can do to a job, as the API allows it: approve / reject an awaiting job (POST
 * /jobs/:id/followup), cancel a job that has not finished (DELETE /jobs/:id), follow up with a message,
 * retry, which submits a new job with the same steps, and delete a finished job's record (DELETE
 * /jobs/:id?purge=true; the files it changed stay).
 */
import { request, sendJson } from './api/client.js';
import type { JobStatus, PublicJob } from './api/types.js';

export type Action = 'approve' | 'reject' | 'cancel' | 'retry' | 'delete';

/** The statuses a job ends in (an incomplete job is finished too: its skipped steps said why). */
export const FINAL: readonly JobStatus[] = ['succeeded', 'incomplete', 'failed', 'cancelled'];

export function actionsFor(status: JobStatus): Action[] {
  if (status === 'awaiting_approval') return ['approve', 'reject', 'cancel'];
  if (FINAL.includes(status)) return ['retry', 'delete'];
  return ['cancel'];
}

export const ACTION_TEXT: Record<Action, { label: string; title: string; message: string; confirm: string }> = {
  approve: {
    label: 'Approve (y)',
    title: 'Approve the staged changes?',
    message: 'The job is queued again and writes the changes shown here into the workspace.',
    confirm: 'Approve and write',
  },
  reject: {
    label: 'Reject (n)',
    title: 'Reject the staged changes?',
    message: 'Nothing is written; the job ends as cancelled.',
    confirm: 'Reject',
  },
  cancel: {
    label: 'Cancel job',
    title: 'Cancel this job?',
    message: 'A running step is stopped; nothing staged is written.',
    confirm: 'Cancel job',
  },
  retry: {
    label: 'Retry',
    title: 'Run this job again?',
    message: 'A new job is submitted with the same steps, task and workspace.',
    confirm: 'Submit again',
  },
  delete: {
    label: 'Delete',
    title: 'Delete this job?',
    message: 'Its record, results and artifacts are deleted for good; the files it changed in the workspace stay as they are.',
    confirm: 'Delete job',
  },
};

function retryBody(job: PublicJob): Record<string, unknown> {
  const base = { workspace: job.workspace, mode: job.mode };
  if (job.kind === 'task' && job.task) return { ...base, task: job.task };
  return { ...base, pipeline: job.steps.map((step) => ({ capability: step.capability, input: step.input ?? {} })) };
}

/** Runs the action; returns the job to show next (the same one, or the new one of a retry), null once deleted. */
export async function perform(action: Action, job: PublicJob): Promise<PublicJob | null> {
  const path = `/jobs/${encodeURIComponent(job.id)}`;
  if (action === 'delete') {
    await request('DELETE', `${path}?purge=true`);
    return null;
  }
  if (action === 'approve' || action === 'reject') return sendJson<PublicJob>('POST', `${path}/followup`, { action });
  if (action === 'cancel') return sendJson<PublicJob>('DELETE', path);
  return sendJson<PublicJob>('POST', '/jobs', retryBody(job));
}

export function followUp(job: PublicJob, message: string): Promise<PublicJob> {
  return sendJson<PublicJob>('POST', `/jobs/${encodeURIComponent(job.id)}/followup`, { message });
}
