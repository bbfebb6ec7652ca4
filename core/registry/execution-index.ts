/**
 * Every first-party capability's `meta.execution`, written at build time (scripts/precompile-validators.mjs
 * writes execution-index.json next to this file) for the one reader that must know it before any
 * capability module loads: the scan's prefetch, which starts parsing while the checks' modules compile.
 * A missing or stale file costs time (a prefetch that parses for nothing, or none), never findings.
 */
import { readFileSync } from 'node:fs';
import type { CapabilityExecution, CapabilityMeta } from '../contracts/index.js';

export interface ExecutionEntry {
  id: string;
  group: string;
  execution?: CapabilityExecution;
}

export const EXECUTION_INDEX_FILE = 'execution-index.json';

/** The entries the build writes, from the registered metas. */
export function executionIndex(metas: readonly CapabilityMeta[]): ExecutionEntry[] {
  return metas.map((m) => ({ id: m.id, group: m.group, ...(m.execution ? { execution: m.execution } : {}) }));
}

let loaded: ExecutionEntry[] | undefined;

/** The build's index; empty when there is none. */
export function readExecutionIndex(): ExecutionEntry[] {
  if (loaded) return loaded;
  try {
    loaded = JSON.parse(readFileSync(new URL(`./${EXECUTION_INDEX_FILE}`, import.meta.url), 'utf8')) as ExecutionEntry[];
  } catch {
    loaded = [];
  }
  return loaded;
}

/**
 * Whether a scan check named on the command line ("security", "analysis.security") parses source
 * files; a name the index does not know is assumed to parse.
 */
export function checkParsesSources(name: string, group: string, entries: readonly ExecutionEntry[] = readExecutionIndex()): boolean {
  return entryOf(name, group, entries)?.execution?.parses !== 'none';
}

/** What the parse threads can make beside a tree when a check reads it (`meta.execution.tokens`, `.metrics`). */
export type ParseProduct = 'tokens' | 'metrics';

/**
 * Whether a scan check named on the command line ("duplication", "quality", "all") reads a product of
 * the parses — the lexical tokens (`meta.execution.tokens`) or the complexity metrics
 * (`meta.execution.metrics`) — itself or through a check it composes: the prefetch then asks the parse
 * threads for it. A name the index does not know reads none (its check walks the tree itself, as
 * without the addon).
 */
export function checkReadsParseProduct(
  name: string,
  group: string,
  product: ParseProduct,
  entries: readonly ExecutionEntry[] = readExecutionIndex(),
): boolean {
  if (name === 'all') return entries.some((e) => e.group === group && e.execution?.[product] === true);
  const seen = new Set<string>();
  const reads = (entry: ExecutionEntry | undefined): boolean => {
    if (!entry || seen.has(entry.id)) return false;
    seen.add(entry.id);
    if (entry.execution?.[product] === true) return true;
    return (entry.execution?.composes ?? []).some((id) => reads(entries.find((e) => e.id === id)));
  };
  return reads(entryOf(name, group, entries));
}

function entryOf(name: string, group: string, entries: readonly ExecutionEntry[]): ExecutionEntry | undefined {
  return entries.find((e) => e.group === group && (e.id === name || e.id === `${group}.${name}`));
}
