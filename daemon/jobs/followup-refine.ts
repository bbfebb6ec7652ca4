/**
 * What a follow-up message means for a pipeline job (`{capability}` or `{pipeline}`), which has no
 * planner: it either narrows the scope of the steps that take one ("only src/", "exclude test/"), asks
 * explicitly for the same run again ("run again", "once more"), or is refused with
 * followup_not_understood — a message is never silently ignored while the same thing re-runs.
 * Task jobs (`{task}`) are refined by the planner instead (daemon/agent).
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { AgentdError, type CapabilityMeta } from '../../core/index.js';
import { closeMatches } from '../../core/fuzzy/index.js';
import { normalizeRelPath } from '../../core/workspace/index.js';
import type { JobStep } from './job-record.js';

/** Phrasings, as data: extend the lists (and the tests in test/daemon/jobs/follow-up-refine.test.ts). */
export const FOLLOWUP_WORDS = {
  /** The whole message asks for the same run again. */
  rerun: [/^(?:please\s+)?(?:run|do|try|check|look|scan)(?:\s+it)?\s+again\b/i, /^(?:re-?run|retry|repeat|again|once more)\b/i],
  /** "<word> <paths>": the steps look only at these paths. */
  include: /^(?:only|just|limit(?:\s+it)?\s+to|restrict(?:\s+it)?\s+to|scope(?:\s+it)?\s+to)\s+(?:in\s+|on\s+|the\s+)?(.+)$/i,
  /** "<word> <paths>": the steps leave these paths out. */
  exclude: /^(?:exclude|skip|ignore|without|leave\s+out)\s+(?:the\s+)?(.+)$/i,
} as const;

export type Refinement = { kind: 'rerun' } | { kind: 'scope'; field: 'include' | 'exclude'; globs: string[] };

const understood =
  'It can narrow the scope ("only src/", "only src/ and lib/", "exclude test/") or run the same steps again ("run again"); for anything else, submit a new job';

function notUnderstood(message: string, why: string): AgentdError {
  return new AgentdError('followup_not_understood', `The follow-up "${message.slice(0, 200)}" ${why}. ${understood}.`);
}

/** "src/ and lib, test" -> ["src/", "lib", "test"]. */
function splitPaths(text: string): string[] {
  return text
    .replace(/\s+(?:folders?|directories|files?)\s*$/i, '')
    .split(/\s*(?:,|\band\b|\s)\s*/i)
    .map((part) => part.replace(/^["'`]|["'`.]$/g, ''))
    .filter(Boolean);
}

/** A path of the message as a glob relative to the workspace: a folder covers what is inside it. */
async function toGlob(root: string, wanted: string): Promise<string> {
  if (/[*?[\]]/.test(wanted)) return wanted;
  const rel = normalizeRelPath(wanted.replace(/\/+$/, '')); // workspace_escape for "..", absolute
  const info = await stat(path.join(root, ...rel.split('/'))).catch(() => null);
  if (!info) {
    const parent = path.posix.dirname(rel);
    const siblings = await readdir(path.join(root, ...(parent === '.' ? [] : parent.split('/')))).catch(() => [] as string[]);
    const close = closeMatches(path.posix.basename(rel), siblings).map((name) => (parent === '.' ? name : `${parent}/${name}`));
    const hint = close.length > 0 ? ` Did you mean ${close.map((c) => `"${c}"`).join(' or ')}?` : '';
    throw new AgentdError(
      'file_not_found',
      `"${wanted}" (from the follow-up) does not exist in the job's workspace; nothing was re-run.${hint}`,
    );
  }
  return info.isDirectory() ? `${rel}/**` : rel;
}

/** Reads the message; refuses what it does not understand. `root` is the job's real workspace folder. */
export async function readFollowUp(message: string, root: string): Promise<Refinement> {
  const text = message.trim().replace(/[.!]+$/, '');
  if (FOLLOWUP_WORDS.rerun.some((pattern) => pattern.test(text))) return { kind: 'rerun' };
  for (const field of ['include', 'exclude'] as const) {
    const match = FOLLOWUP_WORDS[field].exec(text);
    if (!match) continue;
    const paths = splitPaths(match[1]!);
    if (paths.length === 0) throw notUnderstood(message, 'names no folder or file');
    return { kind: 'scope', field, globs: await Promise.all(paths.map((wanted) => toGlob(root, wanted))) };
  }
  throw notUnderstood(message, 'was not understood for this job (a capability or pipeline job has no planner)');
}

/** The steps with the refinement applied; refused when no step takes that scope. */
export function refineSteps(
  steps: JobStep[],
  refinement: Extract<Refinement, { kind: 'scope' }>,
  metas: (id: string) => CapabilityMeta | undefined,
  message: string,
): { steps: JobStep[]; note: string } {
  const takes = (step: JobStep): boolean => {
    const properties = (metas(step.capability)?.inputSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
    return properties !== undefined && refinement.field in properties;
  };
  const touched = steps.filter(takes);
  if (touched.length === 0) {
    throw notUnderstood(
      message,
      `asks for a scope, but none of the job's steps (${[...new Set(steps.map((s) => s.capability))].join(', ')}) takes "${refinement.field}"`,
    );
  }
  const next = steps.map((step) => {
    if (!takes(step)) return step;
    const input = { ...((step.input ?? {}) as Record<string, unknown>) };
    const before = Array.isArray(input[refinement.field]) ? (input[refinement.field] as string[]) : [];
    input[refinement.field] = refinement.field === 'include' ? refinement.globs : [...new Set([...before, ...refinement.globs])];
    return { ...step, input };
  });
  const list = touched.map((step) => `${step.index + 1} (${step.capability})`).join(', ');
  const globs = refinement.globs.map((glob) => `"${glob}"`).join(', ');
  return { steps: next, note: `Refined step(s) ${list}: ${refinement.field} ${globs}. Running them again with that input.` };
}
