/** One finding in the HTML report: severity, message, where, CWE link, the code with the range marked, the rule's help. */
import type { ReportFinding } from './report-model.js';
import { escapeHtml } from './markup-escape.js';
import { cweUrl, type RuleEntry } from './rule-catalog.js';
import { evidenceSteps } from './sarif-code-flows.js';
import { excerpt, type ExcerptLine } from './source-excerpt.js';

/** A one-line range is marked exactly; the lines of a longer one (a function) only get the highlight. */
function codeLine(line: ExcerptLine, exact: boolean): string {
  const number = `<span class="ln">${line.number}</span>`;
  if (!line.marked) return `${number}${escapeHtml(line.text)}`;
  if (!exact) return `<span class="hit">${number}${escapeHtml(line.text)}</span>`;
  const [start, end] = line.marked;
  const text = `${escapeHtml(line.text.slice(0, start))}<mark>${escapeHtml(line.text.slice(start, end))}</mark>${escapeHtml(line.text.slice(end))}`;
  return `<span class="hit">${number}${text}</span>`;
}

function codeBlock(finding: ReportFinding, source: string | undefined): string {
  const shown = excerpt(source, finding.range);
  if (!shown) return '';
  const exact = finding.range.startLine === finding.range.endLine;
  const lines = shown.lines.map((line) => codeLine(line, exact));
  if (shown.truncated) lines.push('<span class="ln"></span>…');
  return `<pre class="code">${lines.join('\n')}</pre>`;
}

function evidenceList(finding: ReportFinding): string {
  const steps = evidenceSteps(finding);
  if (steps.length === 0) return '';
  const items = steps.map((step) => {
    const where = step.file && step.range ? ` <code>${escapeHtml(`${step.file}:${step.range.startLine}`)}</code>` : '';
    return `<li>${escapeHtml(step.message)}${where}</li>`;
  });
  return `<details><summary>Data flow (${steps.length} steps)</summary><ol>${items.join('')}</ol></details>`;
}

function ruleHelp(entry: RuleEntry | undefined): string {
  const doc = entry?.doc;
  if (!doc) return '';
  return [
    `<details><summary>${escapeHtml(doc.title)}: why and how to fix</summary>`,
    `<p>${escapeHtml(doc.description)}</p>`,
    `<p><strong>Why it matters.</strong> ${escapeHtml(doc.why)}</p>`,
    `<p><strong>How to fix.</strong> ${escapeHtml(doc.fix)}</p>`,
    `<p>Bad:</p><pre>${escapeHtml(doc.example.bad)}</pre><p>Good:</p><pre>${escapeHtml(doc.example.good)}</pre>`,
    '</details>',
  ].join('');
}

export function findingHtml(finding: ReportFinding, source: string | undefined, rule: RuleEntry | undefined): string {
  const where = `${finding.file}:${finding.range.startLine}:${finding.range.startColumn}`;
  const url = cweUrl(finding.cwe);
  const cwe = url ? ` · <a href="${escapeHtml(url)}">${escapeHtml(finding.cwe!)}</a>` : '';
  const severity = escapeHtml(finding.severity);
  return [
    `<article class="finding ${severity}">`,
    `<h3><span class="badge ${severity}">${severity}</span>${escapeHtml(finding.message)}</h3>`,
    `<div class="where"><code>${escapeHtml(where)}</code> · <code>${escapeHtml(finding.ruleId)}</code>${cwe}</div>`,
    codeBlock(finding, source),
    finding.fix ? `<p class="fix"><strong>Suggested fix:</strong> ${escapeHtml(finding.fix.description)}</p>` : '',
    evidenceList(finding),
    ruleHelp(rule),
    '</article>',
  ].join('\n');
}
