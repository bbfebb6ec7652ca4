/**
 * The rules a report documents: every RuleDoc of the capabilities that ran, plus an undocumented entry
 * for any ruleId a finding carries that no meta documents (so SARIF's ruleIndex always resolves).
 */
import type { CapabilityMeta, RuleDoc } from '../contracts/index.js';
import type { ReportFinding } from './report-model.js';

export interface RuleEntry {
  id: string;
  capability: string;
  doc?: RuleDoc;
  /** Its capability's findings are security alerts (meta.report.findings `vulnerabilities`). */
  security: boolean;
}

export function ruleCatalog(capabilities: readonly CapabilityMeta[], findings: readonly ReportFinding[]): RuleEntry[] {
  const entries = new Map<string, RuleEntry>();
  const alerting = new Set(capabilities.filter((meta) => meta.report?.findings === 'vulnerabilities').map((meta) => meta.id));
  for (const meta of capabilities) {
    for (const doc of meta.rules ?? [])
      if (!entries.has(doc.id)) entries.set(doc.id, { id: doc.id, capability: meta.id, doc, security: alerting.has(meta.id) });
  }
  for (const finding of findings) {
    if (!entries.has(finding.ruleId))
      entries.set(finding.ruleId, { id: finding.ruleId, capability: finding.capability, security: alerting.has(finding.capability) });
  }
  return [...entries.values()];
}

/** "analysis.security" -> "security": the short name a check goes by on the command line. */
export function checkName(capabilityId: string): string {
  const dot = capabilityId.indexOf('.');
  return dot < 0 ? capabilityId : capabilityId.slice(dot + 1);
}

/** A finding's category for summaries: its rule's documented category, else the check that found it. */
export function categoryOf(finding: ReportFinding, rules: ReadonlyMap<string, RuleEntry>): string {
  return rules.get(finding.ruleId)?.doc?.category ?? checkName(finding.capability);
}

/**
 * Security rules get GitHub's security-severity and the "security" tag: the rules of a capability
 * whose findings are vulnerabilities. A performance rule with a CWE (say, uncontrolled resource
 * consumption) is not a vulnerability alert.
 */
export function isSecurityRule(entry: RuleEntry): boolean {
  return entry.security;
}

export function ruleMap(entries: readonly RuleEntry[]): Map<string, RuleEntry> {
  return new Map(entries.map((entry) => [entry.id, entry]));
}

/** "CWE-89" -> its MITRE page; undefined for anything that is not a CWE id. */
export function cweUrl(cwe: string | undefined): string | undefined {
  const match = /^CWE-(\d+)$/i.exec(cwe ?? '');
  return match ? `https://cwe.mitre.org/data/definitions/${match[1]}.html` : undefined;
}
