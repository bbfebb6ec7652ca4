/**
 * A run's result, split between the record and the store's parts (job-result.ts says what goes where),
 * and read back by range. Findings are stored 500 to a row, so a page of them decodes a row or two and
 * a part of 100,000 is written a row at a time; each change, artifact and large step data is a row of
 * its own. Records written by earlier versions hold their result inline: every reader here serves
 * those too, from the record.
 */
import { isSerializedData, type Artifact, type Change, type Finding, type PipelineResult, type StepResult } from '../../core/index.js';
import type { JobStore } from './job-store.js';
import type { StoredJob } from './job-record.js';
import {
  PART,
  RECORD_PREVIEW,
  SUMMARY_CHARS,
  artifactView,
  changeView,
  isLeanResult,
  jobLinks,
  severityCounts,
  type DataReference,
  type JobResult,
} from './job-result.js';

/** Findings per stored row. */
export const FINDINGS_PER_ROW = 500;

function rows<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** Stores the parts of a finished run's result and returns the lean result its record keeps. */
export async function storeResult(store: JobStore, jobId: string, result: PipelineResult): Promise<JobResult> {
  await store.writePart(jobId, PART.findings, rows(result.findings, FINDINGS_PER_ROW));
  await store.writePart(jobId, PART.changes, result.changes);
  await store.writePart(jobId, PART.artifacts, result.artifacts);
  const data: JobResult['data'] = [];
  for (const [index, value] of (result.data ?? []).entries()) {
    if (!isSerializedData(value)) {
      data.push(value);
      continue;
    }
    await store.writePart(jobId, PART.data(index), [value.json]);
    data.push({ truncated: true, size: value.size, href: `/jobs/${jobId}/data/${index}` } satisfies DataReference);
  }
  const { findings, changes, artifacts } = result;
  return {
    summary: result.summary.length > SUMMARY_CHARS ? `${result.summary.slice(0, SUMMARY_CHARS - 1)}…` : result.summary,
    findings: previewFindings(findings),
    changes: changes.slice(0, RECORD_PREVIEW).map(changeView),
    artifacts: artifacts.map(artifactView),
    ...(result.data ? { data } : {}),
    counts: { findings: findings.length, bySeverity: severityCounts(findings), changes: changes.length, artifacts: artifacts.length },
    truncated: findings.length > RECORD_PREVIEW || changes.length > RECORD_PREVIEW,
    links: jobLinks(jobId),
  };
}

const RANK: Record<string, number> = { critical: 0, high: 1, medium: 2, low: 3, info: 4 };

/** All findings when there are few; otherwise the most severe RECORD_PREVIEW of them, in result order. */
function previewFindings(findings: Finding[]): Finding[] {
  if (findings.length <= RECORD_PREVIEW) return findings;
  const chosen = findings
    .map((finding, index) => ({ rank: RANK[finding.severity] ?? 5, index }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, RECORD_PREVIEW)
    .sort((a, b) => a.index - b.index);
  return chosen.map(({ index }) => findings[index]!);
}

/** History rows: a step result's head (everything but its findings), then its findings in rows. */
type HistoryRow = { head: Omit<StepResult, 'findings'>; findings: number } | { findings: Finding[] };

/** Appends a run's step results to the job's history (handed to its next run as `previous`). */
export async function appendHistory(store: JobStore, jobId: string, results: StepResult[]): Promise<void> {
  const out: HistoryRow[] = [];
  for (const { findings = [], ...head } of results) {
    out.push({ head, findings: findings.length });
    for (const row of rows(findings, FINDINGS_PER_ROW)) out.push({ findings: row });
  }
  if (out.length > 0) await store.appendPart(jobId, PART.history, out);
}

/** Rows per read of a whole part; between reads the event loop turns (a row may hold 500 findings). */
const READ_ROWS = 20;

async function readAll(store: JobStore, jobId: string, part: string): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let start = 0; ; start += READ_ROWS) {
    const page = await store.readPart(jobId, part, start, READ_ROWS);
    if (!page) return out;
    out.push(...page.items);
    if (start + READ_ROWS >= page.total) return out;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The step results of every earlier run, oldest first: a record's own (earlier versions) and the stored ones. */
export async function loadHistory(store: JobStore, job: StoredJob): Promise<StepResult[]> {
  const results = [...job.internal.history];
  for (const row of (await readAll(store, job.id, PART.history)) as HistoryRow[]) {
    if ('head' in row) results.push({ ...row.head, findings: [] });
    else results.at(-1)?.findings?.push(...row.findings);
  }
  return results;
}

/** The approved changes the next run writes, with their file texts. */
export async function loadPendingChanges(store: JobStore, job: StoredJob): Promise<Change[]> {
  const pending = job.internal.pendingApply;
  if (pending === null) return [];
  if (Array.isArray(pending)) return pending;
  return (await readAll(store, job.id, PART.changes)) as Change[];
}

/** What an approval marks for the next run: the stored changes, or (a record of an earlier version) its own. */
export function pendingFrom(job: StoredJob): StoredJob['internal']['pendingApply'] {
  const result = job.result;
  if (!result) return [];
  return isLeanResult(result) ? { part: 'changes', count: result.counts.changes } : result.changes;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** Findings [start, start + count) of a job's result. */
export async function findingsPage(store: JobStore, job: StoredJob, start: number, count: number): Promise<Page<Finding>> {
  const result = job.result;
  if (!result) return { items: [], total: 0 };
  if (!isLeanResult(result)) return { items: result.findings.slice(start, start + count), total: result.findings.length };
  const first = Math.floor(start / FINDINGS_PER_ROW);
  const last = Math.floor((start + count - 1) / FINDINGS_PER_ROW);
  const page = await store.readPart(job.id, PART.findings, first, last - first + 1);
  const items = ((page?.items ?? []) as Finding[][]).flat();
  const offset = start - first * FINDINGS_PER_ROW;
  return { items: items.slice(offset, offset + count), total: result.counts.findings };
}

/** Changes [start, start + count) with their whole diffs (no file texts). */
export async function changesPage(
  store: JobStore,
  job: StoredJob,
  start: number,
  count: number,
): Promise<Page<ReturnType<typeof changeView>>> {
  const all = await changesOf(store, job, start, count);
  return {
    items: all.items.map((change, i) => ({ index: start + i, path: change.path, action: change.action, diff: change.diff ?? '' })),
    total: all.total,
  };
}

async function changesOf(store: JobStore, job: StoredJob, start: number, count: number): Promise<Page<Change>> {
  const result = job.result;
  if (!result) return { items: [], total: 0 };
  if (!isLeanResult(result)) return { items: result.changes.slice(start, start + count), total: result.changes.length };
  const page = await store.readPart(job.id, PART.changes, start, count);
  return { items: (page?.items ?? []) as Change[], total: result.counts.changes };
}

/** One change with its file texts, or null when the result has no such change. */
export async function oneChange(store: JobStore, job: StoredJob, index: number): Promise<Change | null> {
  return (await changesOf(store, job, index, 1)).items[0] ?? null;
}

export async function oneArtifact(store: JobStore, job: StoredJob, index: number): Promise<Artifact | null> {
  const result = job.result;
  if (!result) return null;
  if (!isLeanResult(result)) return result.artifacts[index] ?? null;
  return ((await store.readPart(job.id, PART.artifacts, index, 1))?.items[0] as Artifact | undefined) ?? null;
}

/** A step's data as JSON text (large data as it was stored, never parsed here), or null when there is none. */
export async function stepDataJson(store: JobStore, job: StoredJob, index: number): Promise<string | null> {
  const result = job.result;
  const inline = result?.data?.[index];
  if (inline === undefined || inline === null) return null;
  const stored = await store.readPart(job.id, PART.data(index), 0, 1);
  if (stored?.items[0] !== undefined) return stored.items[0] as string;
  return JSON.stringify(inline);
}

/**
 * The job as a run works on it: its history and approved changes loaded from the parts, and — when it
 * is to apply approved changes — its whole result (the apply's report counts and lists from it). The
 * record itself stays lean; this copy is never stored.
 */
export async function workingCopy(store: JobStore, job: StoredJob): Promise<StoredJob> {
  const pendingApply = job.internal.pendingApply === null ? null : await loadPendingChanges(store, job);
  const result =
    pendingApply !== null && job.result && isLeanResult(job.result) ? await wholeResult(store, job, job.result, pendingApply) : job.result;
  return { ...job, result, internal: { ...job.internal, history: await loadHistory(store, job), pendingApply } };
}

async function wholeResult(store: JobStore, job: StoredJob, lean: JobResult, changes: Change[]): Promise<PipelineResult> {
  const findings = ((await readAll(store, job.id, PART.findings)) as Finding[][]).flat();
  const artifacts = (await readAll(store, job.id, PART.artifacts)) as Artifact[];
  return { summary: lean.summary, findings, changes, artifacts, ...(lean.data ? { data: lean.data } : {}) };
}

/** The approved changes of a working copy (workingCopy loaded them). */
export function approvedChanges(job: StoredJob): Change[] {
  return Array.isArray(job.internal.pendingApply) ? job.internal.pendingApply : [];
}
