/** ESLint results to Findings: `eslint/<rule>`, severity 2 -> medium, 1 -> low, a fatal parse error -> high. */
import type { ESLint, Linter } from 'eslint';
import type { Finding } from '../../../core/index.js';

/**
 * ESLint's own fix (never a suggestion: those may change behaviour) as edits of the file. The text
 * linted is the workspace's (decoded without a BOM), so ESLint's ranges are offsets into it.
 */
function fixOf(message: Linter.LintMessage): Finding['fix'] | undefined {
  if (!message.fix) return undefined;
  const [start, end] = message.fix.range;
  return {
    description: `ESLint can fix this automatically (eslint --fix, rule ${message.ruleId}); agentd scan --fix applies it.`,
    edits: [{ start, end, text: message.fix.text }],
  };
}

export function messageToFinding(
  file: string,
  message: Linter.LintMessage,
  docs: Record<string, { url?: string; description?: string }>,
): Finding {
  const ruleId = message.ruleId ? `eslint/${message.ruleId}` : 'eslint/parse-error';
  const severity = message.fatal ? 'high' : message.severity === 2 ? 'medium' : 'low';
  const endLine = message.endLine ?? message.line;
  // ESLint's end column points just past the last character; the contract's end column is inclusive.
  const endColumn =
    message.endColumn !== undefined ? Math.max(message.endColumn - 1, endLine === message.line ? message.column : 1) : message.column;
  const meta = message.ruleId ? docs[message.ruleId] : undefined;
  return {
    ruleId,
    severity,
    message: message.message,
    file,
    range: {
      startLine: Math.max(message.line, 1),
      startColumn: Math.max(message.column, 1),
      endLine: Math.max(endLine, 1),
      endColumn: Math.max(endColumn, 1),
    },
    ...(message.fix ? { fix: fixOf(message) } : {}),
    data: {
      eslintRule: message.ruleId,
      eslintSeverity: message.severity,
      ...(meta?.url ? { docs: meta.url } : {}),
      ...(message.fatal ? { fatal: true } : {}),
    },
  };
}

export function resultFindings(
  file: string,
  result: ESLint.LintResult,
  docs: Record<string, { url?: string; description?: string }>,
): Finding[] {
  return result.messages.map((m) => messageToFinding(file, m, docs));
}
