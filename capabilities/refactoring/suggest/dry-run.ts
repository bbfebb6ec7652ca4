/**
 * Each suggestion is tried before it is proposed: its step runs through `ctx.invoke(..., { dryRun:
 * true })` (the capability's own checks, nothing staged), and a suggestion the named capability
 * refuses, or whose step would change nothing, is dropped with the reason. Trying stops once `limit`
 * suggestions passed; the job's own limits (tool calls, time, memory) and a cancellation end the step
 * as they would any other, never count as a refusal.
 */
import { AgentdError, type CapabilityContext } from '../../../core/index.js';
import type { Suggestion } from './suggestion.js';

const TRIES_PER_SLOT = 3;

/** What ends the whole step rather than one try. */
const STEP_ENDING = new Set(['cancelled', 'shutdown', 'tool_call_limit', 'time_limit', 'memory_limit', 'capability_crashed']);

export interface TriedSuggestion extends Suggestion {
  /** What the dry run would change (workspace-relative files) and its summary. */
  preview: { files: string[]; summary: string };
}

export interface DroppedSuggestion {
  title: string;
  capability: string;
  reason: string;
}

export async function trySuggestions(
  ctx: CapabilityContext,
  ranked: Suggestion[],
  limit: number,
): Promise<{ kept: TriedSuggestion[]; dropped: DroppedSuggestion[]; untried: number }> {
  const kept: TriedSuggestion[] = [];
  const dropped: DroppedSuggestion[] = [];
  // Tries are bounded (each may load the project): a long run of refusals ends the search.
  const maxTries = limit * TRIES_PER_SLOT;
  let tried = 0;
  for (const [index, suggestion] of ranked.entries()) {
    if (kept.length >= limit || tried >= maxTries) break;
    tried += 1;
    ctx.progress(60 + Math.round((35 * index) / ranked.length), `trying: ${suggestion.title}`);
    const { capability, input } = suggestion.apply;
    try {
      const result = await ctx.invoke(capability, input, { dryRun: true });
      const files = (result.changes ?? []).map((c) => c.path);
      if (files.length === 0) dropped.push({ title: suggestion.title, capability, reason: `it would change nothing (${result.summary})` });
      else kept.push({ ...suggestion, preview: { files, summary: result.summary } });
    } catch (error) {
      if (!(error instanceof AgentdError) || STEP_ENDING.has(error.code)) throw error;
      dropped.push({ title: suggestion.title, capability, reason: `${error.code}: ${error.message}` });
    }
  }
  return { kept, dropped, untried: ranked.length - tried };
}
