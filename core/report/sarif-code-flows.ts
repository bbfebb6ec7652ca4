/**
 * SARIF codeFlows from a finding's taint evidence (`data.evidence`): the path from the request input to
 * the sink, one threadFlowLocation per step. Read leniently, because evidence is capability-defined:
 * an array of steps, each `{ file?, line | startLine | range, column?, message | label | note | text }`
 * (a step without a file is in the finding's file), or `{ steps: [...] }` / `{ path: [...] }`.
 */
import type { SourceRange } from '../contracts/index.js';
import type { ReportFinding } from './report-model.js';

export interface EvidenceStep {
  message: string;
  /** Absent for a step given as plain text. */
  file?: string;
  range?: SourceRange;
}

function stepsOf(evidence: unknown): unknown[] {
  if (Array.isArray(evidence)) return evidence;
  if (evidence && typeof evidence === 'object') {
    const holder = evidence as { steps?: unknown; path?: unknown; flow?: unknown };
    for (const list of [holder.steps, holder.path, holder.flow]) if (Array.isArray(list)) return list;
  }
  return [];
}

const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;

function toStep(raw: unknown, finding: ReportFinding): EvidenceStep | undefined {
  if (typeof raw === 'string' && raw.length > 0) return { message: raw };
  if (!raw || typeof raw !== 'object') return undefined;
  const step = raw as Record<string, unknown>;
  const range = (step.range && typeof step.range === 'object' ? step.range : step) as Record<string, unknown>;
  const startLine = positive(range.startLine) ?? positive(range.line);
  if (startLine === undefined) return undefined;
  const startColumn = positive(range.startColumn) ?? positive(range.column) ?? 1;
  const text = [step.message, step.label, step.note, step.text, step.description, step.kind].find(
    (v) => typeof v === 'string' && v.length > 0,
  );
  return {
    file: typeof step.file === 'string' && step.file.length > 0 ? step.file : finding.file,
    range: {
      startLine,
      startColumn,
      endLine: Math.max(startLine, positive(range.endLine) ?? startLine),
      endColumn: Math.max(startColumn, positive(range.endColumn) ?? startColumn),
    },
    message: (text as string | undefined) ?? 'step',
  };
}

export function evidenceSteps(finding: ReportFinding): EvidenceStep[] {
  return stepsOf(finding.data?.evidence)
    .map((raw) => toStep(raw, finding))
    .filter((step): step is EvidenceStep => step !== undefined);
}

export function codeFlows(finding: ReportFinding, physicalLocation: (file: string, range: SourceRange) => unknown): unknown[] | undefined {
  const steps = evidenceSteps(finding);
  if (steps.length === 0) return undefined;
  const locations = steps.map((step) => ({
    location: {
      ...(step.file && step.range ? { physicalLocation: physicalLocation(step.file, step.range) } : {}),
      message: { text: step.message },
    },
  }));
  return [{ message: { text: `Data flow to the sink (${steps.length} steps).` }, threadFlows: [{ locations }] }];
}
