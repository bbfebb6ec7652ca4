/**
 * `--checks` names to capabilities: "all" is every registered analysis check; a name is the part after
 * "analysis." (a full id is accepted too). Unknown names are refused with a "did you mean" and the list.
 * analysis.quality runs last because it composes the others' results (it sees them as ctx.previous).
 */
import type { RegisteredCapability } from '../contracts/index.js';
import { AgentdError, quoteInput } from '../errors/index.js';
import { closestMatch } from '../fuzzy/index.js';
import type { AnalysisCatalog } from './analysis-catalog.js';

/** Checks that compose the others' results, run after them. */
const COMPOSING = new Set(['quality']);

function order(a: string, b: string): number {
  const late = Number(COMPOSING.has(a)) - Number(COMPOSING.has(b));
  return late || (a < b ? -1 : a > b ? 1 : 0);
}

export function availableChecks(catalog: AnalysisCatalog): string[] {
  return [...catalog.checks.keys()].sort(order);
}

function unknownCheck(name: string, catalog: AnalysisCatalog): AgentdError {
  const available = availableChecks(catalog);
  const suggestion = closestMatch(name, [...available, 'all']);
  const hint = suggestion ? `did you mean "${suggestion}"? ` : '';
  return new AgentdError(
    'unknown_capability',
    `No analysis check is named ${quoteInput(name)}; ${hint}Available: all, ${available.join(', ')}.`,
  );
}

/** The checks to run, in running order; throws for an unknown name or a requested check whose module is broken. */
export function selectChecks(catalog: AnalysisCatalog, requested: readonly string[]): RegisteredCapability[] {
  const names = new Set<string>();
  for (const raw of requested
    .flatMap((r) => r.split(','))
    .map((r) => r.trim())
    .filter(Boolean)) {
    // A plugin's check is named by its full id ("acme/analysis.license-header").
    const name = raw.startsWith('analysis.') ? raw.slice('analysis.'.length) : raw;
    if (name === 'all') {
      for (const check of catalog.checks.keys()) names.add(check);
      for (const [check, error] of catalog.broken)
        throw new AgentdError(error.code, `Check "${check}" cannot run: ${error.message}`, { cause: error });
      continue;
    }
    const broken = catalog.broken.get(name);
    if (broken) throw new AgentdError(broken.code, `Check "${name}" cannot run: ${broken.message}`, { cause: broken });
    if (!catalog.checks.has(name)) throw unknownCheck(name, catalog);
    names.add(name);
  }
  if (names.size === 0)
    throw new AgentdError(
      'invalid_input',
      `No check was named; pass --checks with one or more of: all, ${availableChecks(catalog).join(', ')}.`,
    );
  return [...names].sort(order).map((name) => catalog.checks.get(name)!);
}
