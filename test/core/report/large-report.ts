/**
 * A ScanReport of any size for the reporters' limits (Markdown's 65,536 characters, the HTML page with
 * 50,000 findings): real source texts in many files, findings of several checks, rules and severities
 * spread over them in a fixed pattern, a few carrying hostile text, and some suppressed in source.
 */
import type { Finding, Severity } from '../../../core/contracts/index.js';
import { assignFingerprints, type ScanReport } from '../../../core/report/index.js';
import { COMPLEXITY_META, SECURITY_META } from './sample-report.js';

const SEVERITIES: Severity[] = ['critical', 'high', 'medium', 'low', 'info'];
const KINDS = [
  { capability: 'analysis.security', ruleId: 'security/sql-injection', cwe: 'CWE-89' },
  { capability: 'analysis.security', ruleId: 'security/hardcoded-secret', cwe: 'CWE-798' },
  { capability: 'analysis.complexity', ruleId: 'complexity/cyclomatic' },
  { capability: 'analysis.smells', ruleId: 'smells/magic-number' },
  { capability: 'analysis.duplication', ruleId: 'duplication/clone' },
];

export const LINES_PER_FILE = 200;

function sourceOf(file: number): string {
  const lines: string[] = [];
  for (let n = 1; n <= LINES_PER_FILE; n++) lines.push(`export const value${file}_${n} = compute(${n}, 'file ${file}'); // line ${n}`);
  return `${lines.join('\n')}\n`;
}

/** The pattern the findings follow, so a test can count what a filter must match. */
export function kindOf(i: number): {
  severity: Severity;
  kind: (typeof KINDS)[number];
  file: number;
  line: number;
  needle: boolean;
  suppressed: boolean;
} {
  return {
    severity: SEVERITIES[i % 5]!,
    kind: KINDS[Math.floor(i / 5) % KINDS.length]!,
    file: i % 500,
    line: 1 + (Math.floor(i / 500) % LINES_PER_FILE),
    needle: i % 1000 === 7,
    suppressed: i % 997 === 3,
  };
}

export function largeReport(count: number): ScanReport {
  const found: (Finding & { capability: string })[] = [];
  const quiet: (Finding & { capability: string })[] = [];
  for (let i = 0; i < count; i++) {
    const k = kindOf(i);
    const message = k.needle
      ? `Needle ${i}: <img src=x onerror="window.hacked=1"> reaches a query.`
      : `Finding ${i} of ${k.kind.ruleId}: value${k.file}_${k.line} is suspicious.`;
    const finding = {
      ruleId: k.kind.ruleId,
      severity: k.severity,
      message,
      file: `src/module-${k.file}/file-${k.file}.ts`,
      range: { startLine: k.line, startColumn: 14, endLine: k.line, endColumn: 30 },
      capability: k.kind.capability,
      ...(k.kind.cwe ? { cwe: k.kind.cwe } : {}),
    };
    (k.suppressed ? quiet : found).push(finding);
  }
  const sources: Record<string, string> = {};
  for (let f = 0; f < 500; f++) sources[`src/module-${f}/file-${f}.ts`] = sourceOf(f);
  const suppressed = assignFingerprints(quiet, sources).map((f) => ({
    ...f,
    suppression: { kind: 'inSource' as const, justification: 'checked by hand', file: f.file, line: f.range.startLine - 1 },
  }));
  return {
    tool: { name: 'agentd', version: '0.1.0' },
    root: '/tmp/large',
    startedAt: '2025-01-01T00:00:00.000Z',
    findings: assignFingerprints(found, sources),
    suppressed,
    capabilities: [SECURITY_META, COMPLEXITY_META],
    runs: ['analysis.security', 'analysis.complexity', 'analysis.smells', 'analysis.duplication'].map((capability) => ({
      capability,
      summary: `${capability} ran.`,
      findings: found.filter((f) => f.capability === capability).length,
      durationMs: 10,
    })),
    sources,
    stats: {
      filesScanned: 500,
      linesScanned: 500 * LINES_PER_FILE,
      durationMs: 1000,
      suppressedByBaseline: 0,
      folders: { src: { files: 500, lines: 500 * LINES_PER_FILE } },
    },
  };
}
