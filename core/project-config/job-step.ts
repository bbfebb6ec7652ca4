/**
 * A job's analysis step under its workspace's agentd.config.json (REST jobs and the agent's plans both
 * run here, in the step worker): the file at the workspace root (never above it: a job's workspace is
 * all it may read) fills the step's input, its findings are reviewed as `agentd scan` reviews them, and
 * the agentd-ignore comments about this check's rules are reported. Other capabilities run untouched.
 */
import type { Capability, CapabilityContext, StagedEntry, StepResult, WorkspaceView } from '../contracts/index.js';
import { SOURCE_EXTENSIONS } from '../syntax/parse-sources.js';
import { openWorkspace } from '../workspace/overlay-workspace.js';
import { runReviewed, scopeOf } from './configured-step.js';
import { directiveFindings } from './directive-findings.js';
import type { ReadTexts } from './finding-review.js';
import type { ConfigCatalog } from './load-config.js';
import { inputFor, newReview, projectSettings } from './project-settings.js';

/** Reads through a workspace view (its overlay and confinement), many files at once. */
export function workspaceReader(workspace: WorkspaceView): ReadTexts {
  return async (files) => {
    const { files: read } = await workspace.readMany(files);
    return new Map(read.map((f) => [f.path, f.content]));
  };
}

async function sourcesInScope(workspace: WorkspaceView, input: Record<string, unknown>): Promise<Map<string, string>> {
  const listed = await workspace.list({
    include: input.include as string[] | undefined,
    exclude: input.exclude as string[] | undefined,
    extensions: SOURCE_EXTENSIONS,
  });
  const inScope = scopeOf(input);
  return workspaceReader(workspace)(listed.filter(inScope));
}

export interface JobStepPlace {
  root: string;
  /** The overlay the step starts from: the review reads files as the step sees them. */
  staged: StagedEntry[];
  catalog: () => Promise<ConfigCatalog>;
}

export async function runJobStep(capability: Capability, input: unknown, ctx: CapabilityContext, place: JobStepPlace): Promise<StepResult> {
  const id = capability.meta?.id;
  if (capability.meta?.group !== 'analysis' || typeof id !== 'string') return capability.run(input, ctx);
  const settings = projectSettings(place.root, await place.catalog(), false);
  const configured = inputFor(settings, id, (input ?? {}) as Record<string, unknown>);
  // The review's reads are agentd's own bookkeeping, not the capability's: they do not count against the job's tool budget.
  const workspace = await openWorkspace({ root: place.root, staged: place.staged });
  const review = newReview(settings, workspaceReader(workspace));
  const { result } = await runReviewed((i, c) => capability.run(i, c), id, configured, ctx, review);
  // Only a check that documents rules can own an agentd-ignore comment (test doubles and third-party checks without rules do not).
  if (!capability.meta.rules?.length) return result;
  const about = directiveFindings(review, await sourcesInScope(workspace, configured), id);
  if (about.length === 0) return result;
  return {
    ...result,
    findings: [...(result.findings ?? []), ...about],
    summary: `${result.summary} (+${about.length} about agentd-ignore comments)`,
  };
}
