/**
 * A job record's `result`, kept lean. A 20,000-file analysis produced a 47 MB record whose every read,
 * write and listing held the daemon's one thread for seconds. Now the record carries the summary, the
 * counts, the first findings and changes (changes as diffs, no file texts) and small per-step data;
 * everything else lives beside the record as parts of the job store (job-store.ts), served by reference
 * and paged: GET /jobs/:id/findings, /changes, /changes/:i/{before,after}, /artifacts/:i, /data/:i.
 */
import type { Artifact, Change, Finding, PipelineResult, Severity } from '../../core/index.js';

/** Findings and changes a record shows inline (GitHub shows a check run's first annotations the same way). */
export const RECORD_PREVIEW = 100;
/** A diff longer than this is cut in the record (the changes route serves it whole). */
export const INLINE_DIFF_CHARS = 20_000;
/** An artifact's content is inline only up to this size; the artifacts route serves any. */
export const INLINE_ARTIFACT_CHARS = 16 * 1024;
/** The result summary in a record; the full text of a longer one is in the data of its steps. */
export const SUMMARY_CHARS = 20_000;

/** The parts of a job's result stored beside the record. */
export const PART = {
  findings: 'findings',
  changes: 'changes',
  artifacts: 'artifacts',
  history: 'history',
  data: (index: number) => `data-${index}`,
} as const;

/** A change as a record shows it: what and where, with its diff; the file texts are fetched by reference. */
export interface ChangeView {
  index: number;
  path: string;
  action: Change['action'];
  diff: string;
  /** The diff was cut at INLINE_DIFF_CHARS; GET /jobs/:id/changes serves it whole. */
  diffTruncated?: boolean;
}

export interface ArtifactView {
  index: number;
  name: string;
  mediaType: string;
  /** Characters of the content. */
  size: number;
  /** Inline when small (INLINE_ARTIFACT_CHARS); always at GET /jobs/:id/artifacts/:index. */
  content?: string;
}

/** A step's data too large for the record: where it is. */
export interface DataReference {
  truncated: true;
  /** Characters of its JSON. */
  size: number;
  href: string;
}

export interface ResultCounts {
  findings: number;
  bySeverity: Record<Severity, number>;
  changes: number;
  artifacts: number;
}

export interface JobResult {
  summary: string;
  /** All findings when there are at most RECORD_PREVIEW, else the most severe RECORD_PREVIEW; all of them at `links.findings`. */
  findings: Finding[];
  changes: ChangeView[];
  artifacts: ArtifactView[];
  /** Per-step data by step index: small data inline, large data by reference. */
  data?: (unknown | DataReference)[];
  counts: ResultCounts;
  /** True when `findings` or `changes` hold fewer items than `counts` says. */
  truncated: boolean;
  links: { findings: string; changes: string };
}

const SEVERITIES: Severity[] = ['critical', 'high', 'medium', 'low', 'info'];

export function severityCounts(findings: readonly Finding[]): Record<Severity, number> {
  const counts = Object.fromEntries(SEVERITIES.map((severity) => [severity, 0])) as Record<Severity, number>;
  for (const finding of findings) if (finding.severity in counts) counts[finding.severity] += 1;
  return counts;
}

export function changeView(change: Change, index: number): ChangeView {
  const diff = change.diff ?? '';
  const view: ChangeView = { index, path: change.path, action: change.action, diff: diff.slice(0, INLINE_DIFF_CHARS) };
  if (diff.length > INLINE_DIFF_CHARS) view.diffTruncated = true;
  return view;
}

export function artifactView(artifact: Artifact, index: number): ArtifactView {
  const view: ArtifactView = { index, name: artifact.name, mediaType: artifact.mediaType, size: artifact.content.length };
  if (artifact.content.length <= INLINE_ARTIFACT_CHARS) view.content = artifact.content;
  return view;
}

export function jobLinks(jobId: string): JobResult['links'] {
  return { findings: `/jobs/${jobId}/findings`, changes: `/jobs/${jobId}/changes` };
}

/** A result with everything inline (old records, and the shape tests build) read as a lean one. */
export function isLeanResult(result: unknown): result is JobResult {
  return typeof result === 'object' && result !== null && 'counts' in result && 'links' in result;
}

/** The record's result as clients see it: lean results as they are, an old inline one previewed the same way. */
export function legacyResultView(jobId: string, result: JobResult | PipelineResult): JobResult {
  if (isLeanResult(result)) return result;
  return {
    summary: result.summary,
    findings: result.findings.slice(0, RECORD_PREVIEW),
    changes: result.changes.slice(0, RECORD_PREVIEW).map(changeView),
    artifacts: result.artifacts.map(artifactView),
    ...(result.data ? { data: result.data } : {}),
    counts: {
      findings: result.findings.length,
      bySeverity: severityCounts(result.findings),
      changes: result.changes.length,
      artifacts: result.artifacts.length,
    },
    truncated: result.findings.length > RECORD_PREVIEW || result.changes.length > RECORD_PREVIEW,
    links: jobLinks(jobId),
  };
}
