/**
 * Rule ids as configuration and suppressions name them: an id (`security/sql-injection`), every rule
 * of a prefix (`smells/*`), or every rule (`*`). Ids come from the checks' documented rules; ESLint's
 * are open-ended (`eslint/<any rule a project config turns on>`), so any `eslint/...` id is accepted.
 */
import type { CapabilityMeta } from '../contracts/index.js';
import { closestMatch } from '../fuzzy/index.js';

/** Prefixes whose rule names are not a closed list. */
const OPEN_PREFIXES = new Set(['eslint']);

export interface KnownRules {
  ids: string[];
  prefixes: Set<string>;
  /** Rule id prefix -> the check reporting it ("eslint" -> "analysis.lint"). */
  ownerOfPrefix: Map<string, string>;
}

export function prefixOf(ruleId: string): string {
  const slash = ruleId.indexOf('/');
  return slash < 0 ? ruleId : ruleId.slice(0, slash);
}

export function knownRuleIds(metas: readonly CapabilityMeta[]): KnownRules {
  const ids = new Set<string>();
  const ownerOfPrefix = new Map<string, string>();
  for (const meta of metas) {
    for (const rule of meta.rules ?? []) {
      ids.add(rule.id);
      if (!ownerOfPrefix.has(prefixOf(rule.id))) ownerOfPrefix.set(prefixOf(rule.id), meta.id);
    }
  }
  return { ids: [...ids].sort(), prefixes: new Set(ownerOfPrefix.keys()), ownerOfPrefix };
}

/** undefined when the pattern names known rules; otherwise the closest known pattern, if one is close. */
export function unknownRulePattern(pattern: string, known: KnownRules): { closest?: string } | undefined {
  if (pattern === '*' || known.ids.includes(pattern)) return undefined;
  const prefix = prefixOf(pattern);
  if (pattern === `${prefix}/*`) {
    if (known.prefixes.has(prefix)) return undefined;
    const close = closestMatch(prefix, known.prefixes);
    return close ? { closest: `${close}/*` } : {};
  }
  if (OPEN_PREFIXES.has(prefix) && pattern.length > prefix.length + 1) return undefined;
  const close = closestMatch(pattern, known.ids);
  return close ? { closest: close } : {};
}

/** Whether a rule pattern (`id`, `prefix/*`, `*`) covers a rule id. */
export function patternCovers(pattern: string, ruleId: string): boolean {
  if (pattern === '*' || pattern === ruleId) return true;
  return pattern.endsWith('/*') && ruleId.startsWith(pattern.slice(0, -1));
}

/** How specific a pattern is: an id beats `prefix/*`, which beats `*` (the more specific setting wins within one entry). */
export function specificity(pattern: string): number {
  return pattern === '*' ? 0 : pattern.endsWith('/*') ? 1 : 2;
}
