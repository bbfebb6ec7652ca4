/** SARIF reportingDescriptors from RuleDocs: descriptions, help text and markdown, level, tags (CWE, security). */
import type { RuleDoc } from '../contracts/index.js';
import { checkName, isSecurityRule, type RuleEntry } from './rule-catalog.js';
import { sarifLevel, securitySeverity } from './severity.js';

export interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  defaultConfiguration: { level: string };
  properties: { tags: string[]; precision: string; 'security-severity'?: string };
}

/** "security/sql-injection" -> "SecuritySqlInjection": SARIF's `name` is an identifier-like label. */
export function ruleName(id: string): string {
  const name = id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
  return name || 'Rule';
}

export function helpText(doc: RuleDoc): string {
  return [doc.description, `Why: ${doc.why}`, `Fix: ${doc.fix}`, `Bad:\n${doc.example.bad}`, `Good:\n${doc.example.good}`].join('\n\n');
}

export function fence(code: string, language = ''): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${language}\n${code}\n${ticks}`;
}

export function helpMarkdown(doc: RuleDoc): string {
  const cwe = doc.cwe ? `\n\n${doc.cwe}: https://cwe.mitre.org/data/definitions/${doc.cwe.replace(/^CWE-/i, '')}.html` : '';
  return [
    `${doc.description}${cwe}`,
    `**Why it matters.** ${doc.why}`,
    `**How to fix.** ${doc.fix}`,
    `**Bad**\n\n${fence(doc.example.bad, 'ts')}`,
    `**Good**\n\n${fence(doc.example.good, 'ts')}`,
  ].join('\n\n');
}

function tags(entry: RuleEntry): string[] {
  const list = new Set<string>();
  if (isSecurityRule(entry)) list.add('security');
  const cwe = /^CWE-(\d+)$/i.exec(entry.doc?.cwe ?? '');
  if (cwe) list.add(`external/cwe/cwe-${cwe[1]}`);
  if (entry.doc?.category) list.add(entry.doc.category);
  list.add(checkName(entry.capability));
  return [...list];
}

export function sarifRule(entry: RuleEntry): SarifRule {
  const doc = entry.doc;
  const severity = doc?.defaultSeverity ?? 'medium';
  const rule: SarifRule = {
    id: entry.id,
    name: ruleName(entry.id),
    shortDescription: { text: doc?.title ?? entry.id },
    fullDescription: { text: doc?.description ?? `Reported by ${entry.capability}.` },
    help: doc
      ? { text: helpText(doc), markdown: helpMarkdown(doc) }
      : { text: `Reported by ${entry.capability}.`, markdown: `Reported by \`${entry.capability}\`.` },
    defaultConfiguration: { level: sarifLevel(severity) },
    properties: { tags: tags(entry), precision: isSecurityRule(entry) ? 'high' : 'very-high' },
  };
  if (isSecurityRule(entry)) rule.properties['security-severity'] = securitySeverity(severity);
  return rule;
}
