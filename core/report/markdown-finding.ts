/**
 * One finding in the Markdown report: in full (message, where, excerpt, fix, the rule's help the first
 * time the rule appears) or as one list line. Every line of code and every message is capped, so a
 * minified line or a long message cannot eat the report's size budget.
 */
import type { ReportFinding } from './report-model.js';
import { escapeMarkdown, fenceLanguage, markdownCode } from './markup-escape.js';
import { cweUrl, type RuleEntry } from './rule-catalog.js';
import { fence } from './sarif-rules.js';
import { excerpt } from './source-excerpt.js';

const MAX_CODE_LINE = 160;
const MAX_MESSAGE = 300;

export const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** `file:line` linked to the code: `${linkBase}/${file}#L${line}` when a base is known, else relative. */
export function whereLink(finding: ReportFinding, linkBase: string | undefined): string {
  const where = `${finding.file}:${finding.range.startLine}`;
  const target = `${linkBase ? `${linkBase.replace(/\/+$/, '')}/` : ''}${encodeURI(finding.file)}#L${finding.range.startLine}`;
  return `[${escapeMarkdown(where)}](${target.replace(/[()\s]/g, (c) => encodeURIComponent(c))})`;
}

function excerptBlock(finding: ReportFinding, source: string | undefined): string[] {
  const shown = excerpt(source, finding.range);
  if (!shown) return [];
  const width = String(shown.lines[shown.lines.length - 1]!.number).length;
  const lines: string[] = [];
  for (const line of shown.lines) {
    lines.push(`${line.marked ? '>' : ' '} ${String(line.number).padStart(width)} | ${clip(line.text, MAX_CODE_LINE)}`);
    if (line.marked && finding.range.startLine === finding.range.endLine && line.marked[0] < MAX_CODE_LINE) {
      const length = Math.min(line.marked[1], MAX_CODE_LINE) - line.marked[0];
      lines.push(`  ${' '.repeat(width)} | ${' '.repeat(line.marked[0])}${'^'.repeat(Math.max(1, length))}`);
    }
  }
  if (shown.truncated) lines.push(`  ${' '.repeat(width)} | …`);
  return ['', fence(lines.join('\n'), fenceLanguage(finding.file))];
}

function ruleHelp(entry: RuleEntry | undefined): string[] {
  const doc = entry?.doc;
  if (!doc) return [];
  return [
    '',
    `<details><summary>${escapeMarkdown(doc.title)}: why and how to fix</summary>`,
    '',
    escapeMarkdown(doc.description),
    '',
    `**Why it matters.** ${escapeMarkdown(doc.why)}`,
    '',
    `**How to fix.** ${escapeMarkdown(doc.fix)}`,
    '',
    fence(doc.example.bad, 'ts'),
    '',
    fence(doc.example.good, 'ts'),
    '',
    '</details>',
  ];
}

export interface SectionContext {
  source: string | undefined;
  rule: RuleEntry | undefined;
  /** The rule's help is shown with its first finding only. */
  withHelp: boolean;
  linkBase: string | undefined;
}

export function findingSection(finding: ReportFinding, n: number, context: SectionContext): string {
  const url = cweUrl(finding.cwe);
  const cweLink = url ? ` · [${finding.cwe}](${url})` : '';
  return [
    '',
    `### ${n}. ${cap(finding.severity)}: ${escapeMarkdown(clip(finding.message, MAX_MESSAGE))}`,
    '',
    `${markdownCode(finding.ruleId)} · ${whereLink(finding, context.linkBase)} · col ${finding.range.startColumn}${cweLink}`,
    ...excerptBlock(finding, context.source),
    ...(finding.fix ? ['', `**Suggested fix:** ${escapeMarkdown(clip(finding.fix.description, MAX_MESSAGE))}`] : []),
    ...(context.withHelp ? ruleHelp(context.rule) : []),
  ].join('\n');
}

/** "- **High** [src/a.ts:12](…) message `rule`" */
export function findingLine(finding: ReportFinding, linkBase: string | undefined): string {
  return `- **${cap(finding.severity)}** ${whereLink(finding, linkBase)} ${escapeMarkdown(clip(finding.message, 200))} ${markdownCode(finding.ruleId)}`;
}
