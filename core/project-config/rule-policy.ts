/**
 * The rule settings a project's findings go through, in order: the built-in defaults (scan-defaults.ts),
 * then the file's `rules`, then its `overrides` — a later entry that matches wins, as in ESLint. Within
 * one entry the most specific pattern wins (an id over `prefix/*` over `*`). A setting is "off", a
 * severity (the finding gets it, whatever an earlier cap said), or a cap (at most this severity).
 */
import type { Finding, Severity } from '../contracts/index.js';
import { sharedIgnore } from '../workspace/list-files.js';
import { severityRank } from '../report/severity.js';
import type { LoadedProjectConfig, RuleLevel } from './config-types.js';
import { rebaseGlobs } from './rebase-globs.js';
import { patternCovers, specificity } from './rule-ids.js';
import { DEFAULT_MAINTAINABILITY_CAP, MAINTAINABILITY_RULES, TEST_CODE_CAPS, TEST_CODE_GLOBS, TEST_CODE_RULES } from './scan-defaults.js';

export type RuleSetting = RuleLevel | { cap: Severity };

interface PolicyEntry {
  /** Whether the entry applies to a file (relative to the scan root); undefined: every file. */
  matches?: (file: string) => boolean;
  rules: [pattern: string, setting: RuleSetting][];
}

export type RuleVerdict = { off: true } | { off: false; severity: Severity; from?: Severity };

/** Globs (relative to the scan root) as a predicate; gitignore semantics, as every include/exclude of agentd. */
export function globMatcher(globs: readonly string[], excluded: readonly string[] = []): (file: string) => boolean {
  const included = sharedIgnore(globs);
  const left = excluded.length > 0 ? sharedIgnore(excluded) : undefined;
  return (file) => file !== '' && !file.startsWith('/') && included.ignores(file) && !left?.ignores(file);
}

export class RulePolicy {
  private constructor(private readonly entries: PolicyEntry[]) {}

  /** The policy of a configuration for a scan of `root` (globs in the file are rebased onto the root). */
  static of(loaded: LoadedProjectConfig, rootPrefix: string): RulePolicy {
    const { config } = loaded;
    const entries: PolicyEntry[] = [];
    if (config.defaults?.testCode !== false) {
      entries.push({
        matches: globMatcher(TEST_CODE_GLOBS),
        rules: [
          ...Object.entries(TEST_CODE_RULES),
          ...Object.entries(TEST_CODE_CAPS).map(([p, cap]): [string, RuleSetting] => [p, { cap }]),
        ],
      });
    }
    const cap = config.defaults?.maintainabilityCap ?? DEFAULT_MAINTAINABILITY_CAP;
    if (cap !== 'none') entries.push({ rules: MAINTAINABILITY_RULES.map((p): [string, RuleSetting] => [p, { cap }]) });
    if (config.rules) entries.push({ rules: Object.entries(config.rules) });
    for (const override of config.overrides ?? []) {
      const matches = globMatcher(rebaseGlobs(override.files, rootPrefix) ?? [], rebaseGlobs(override.excludedFiles, rootPrefix));
      entries.push({ matches, rules: Object.entries(override.rules) });
    }
    return new RulePolicy(entries);
  }

  private readonly verdicts = new Map<string, RuleVerdict>();

  /** The verdict for a finding; findings of one rule in one file at one severity share it (a scan asks thousands of times). */
  verdict(finding: Pick<Finding, 'ruleId' | 'file' | 'severity'>): RuleVerdict {
    const key = `${finding.ruleId}\0${finding.file}\0${finding.severity}`;
    let verdict = this.verdicts.get(key);
    if (!verdict) {
      verdict = this.judge(finding);
      this.verdicts.set(key, verdict);
    }
    return verdict;
  }

  private judge(finding: Pick<Finding, 'ruleId' | 'file' | 'severity'>): RuleVerdict {
    let off = false;
    let severity: Severity | undefined;
    let cap: Severity | undefined;
    for (const entry of this.entries) {
      if (entry.matches && !entry.matches(finding.file)) continue;
      const setting = mostSpecific(entry.rules, finding.ruleId);
      if (setting === undefined) continue;
      if (setting === 'off') off = true;
      else if (typeof setting === 'string') [off, severity, cap] = [false, setting, undefined];
      else cap = setting.cap;
    }
    if (off) return { off: true };
    let result = severity ?? finding.severity;
    if (cap && severityRank(result) < severityRank(cap)) result = cap;
    return result === finding.severity ? { off: false, severity: result } : { off: false, severity: result, from: finding.severity };
  }
}

function mostSpecific(rules: PolicyEntry['rules'], ruleId: string): RuleSetting | undefined {
  let best: RuleSetting | undefined;
  let rank = -1;
  for (const [pattern, setting] of rules) {
    if (!patternCovers(pattern, ruleId)) continue;
    const score = specificity(pattern);
    if (score >= rank) [best, rank] = [setting, score];
  }
  return best;
}
