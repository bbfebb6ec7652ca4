/**
 * A finding's code frame (GET /jobs/:id/findings/:index/frame, the dashboard's "Show code"): the lines
 * of its range with a few lines around them, read from its file **as the file is now** in the job's
 * workspace — confined to that workspace like every read, and only the file the finding names. A long
 * range is cut (the frame says so); long lines are cut too. When the file is gone the answer says so.
 */
import { AgentdError, type Finding, type SourceRange } from '../../core/index.js';
import { confinePath, readTextOrNull } from '../../core/workspace/index.js';
import { resolveJobWorkspace } from './job-workspace.js';
import type { StoredJob } from './job-record.js';

/** At most this many lines of the range itself are shown. */
export const FRAME_MAX_RANGE_LINES = 40;
const MAX_LINE_CHARS = 400;
/** Frames are read from files up to this size (analyses read files up to 100 KB; reports may name larger ones). */
const MAX_FRAME_FILE_BYTES = 5 * 1024 * 1024;

export interface FindingFrame {
  file: string;
  range: SourceRange;
  /** The 1-based number of `lines[0]`. */
  firstLine: number;
  lines: string[];
  /** True when the range had more lines than the frame shows. */
  cut: boolean;
}

export async function findingFrame(workspaceBase: string, job: StoredJob, finding: Finding, context: number): Promise<FindingFrame> {
  const { root } = await resolveJobWorkspace(workspaceBase, job.workspace);
  const { rel, abs } = await confinePath(root, finding.file);
  const text = await readTextOrNull(rel, abs, MAX_FRAME_FILE_BYTES);
  if (text === null) {
    throw new AgentdError(
      'not_found',
      `"${rel}" is no longer in the workspace "${job.workspace}"; the finding's file was moved or deleted since the job ran.`,
    );
  }
  const all = text.split(/\r?\n/);
  const { startLine, endLine } = finding.range;
  if (startLine < 1 || startLine > all.length) {
    throw new AgentdError(
      'not_found',
      `"${rel}" has ${all.length} lines now, fewer than the finding's line ${startLine}: the file changed since the job ran.`,
    );
  }
  const lastOfRange = Math.min(Math.max(endLine, startLine), startLine + FRAME_MAX_RANGE_LINES - 1);
  const firstLine = Math.max(1, startLine - context);
  const last = Math.min(all.length, lastOfRange + context);
  const lines = all.slice(firstLine - 1, last).map((line) => (line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…` : line));
  return { file: rel, range: finding.range, firstLine, lines, cut: endLine > lastOfRange };
}
