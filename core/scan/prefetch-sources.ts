/**
 * A scan's parses, started before its checks' modules are loaded. Loading the analysis catalog keeps
 * this thread busy for a while (every check's module graph is compiled) while the parse threads would
 * sit idle, and the first check then waits for the whole project to parse. Started first, the parses
 * run during the loading, and the checks find them in the parse cache (or still in flight,
 * see core/parsing/cached-parse.ts). Nothing is reported from here: a file that cannot be read or
 * parsed is reported by the checks, as before.
 */
import { checkParsesSources, checkReadsParseProduct, type ParseProduct } from '../registry/execution-index.js';
import { parseCachedAsync } from '../parsing/cached-parse.js';
import { flatParserAvailable } from '../parsing/flat-parser.js';
import { listSourcePaths } from '../syntax/parse-sources.js';
import { syntaxTreeOf } from '../syntax/plain-tree.js';
import { expectParses } from './file-steps.js';
import { getProjectContext } from '../project/cached-project.js';
import { openWorkspace } from '../workspace/overlay-workspace.js';
import type { ScanOptions } from './scan-types.js';

const named = (checks: string[]): string[] =>
  checks
    .flatMap((c) => c.split(','))
    .map((c) => c.trim())
    .filter((c) => c !== '');

/** Whether any check parses source files: `meta.execution.parses` from the build's index (the modules are not loaded yet). */
function parsesSources(checks: string[]): boolean {
  return named(checks).some((c) => checkParsesSources(c, 'analysis'));
}

/** Whether any check reads a product of the parses (`meta.execution.tokens`, `.metrics`; through what it composes too). */
function reads(checks: string[], product: ParseProduct): boolean {
  return named(checks).some((c) => checkReadsParseProduct(c, 'analysis', product));
}

/**
 * Starts parsing every source the scan's checks will read (declarations included); resolves once they
 * are all started, not parsed. `--changed-since` scans are left alone (their file list needs git).
 */
export async function prefetchSources(
  options: Pick<ScanOptions, 'root' | 'include' | 'exclude' | 'checks' | 'changedSince' | 'walk'>,
): Promise<void> {
  if (options.changedSince !== undefined || !flatParserAvailable() || !parsesSources(options.checks)) return;
  try {
    // The workspace alone: a capability context would detect the project first (a walk, config
    // files, a style sample) and hold the parses back by that long. It is detected once they are
    // under way, into the cache the checks' contexts read it from.
    const workspace = await openWorkspace({ root: options.root, ...(options.walk ? { walk: options.walk } : {}) });
    const paths = await listSourcePaths({ workspace }, { include: options.include, exclude: options.exclude, declarations: true });
    // Each parse, once back, goes to the checks' per-file steps (file-steps.ts; runScan starts them
    // when it knows the checks, and they start the project's detection), or without a walk to share
    // with the scan, to build its plain tree.
    const arrived = options.walk ? expectParses(options.walk, workspace.root) : syntaxTreeOf;
    // A check that reads tokens (clone detection) or metrics (complexity) finds them made on the parse
    // thread with each tree.
    const products = { tokens: reads(options.checks, 'tokens'), metrics: reads(options.checks, 'metrics') };
    for (const path of paths) {
      const read = await workspace.readConfined(path).catch(() => null);
      if (!read) continue; // unreadable (binary, too large): the checks skip it and say why
      parseCachedAsync(read.abs, read.rel, read.content, products).then(arrived, () => undefined);
    }
    if (!options.walk) getProjectContext(workspace.root).catch(() => undefined);
  } catch {
    // The checks meet the same problem (a missing root, say) and report it.
  }
}
