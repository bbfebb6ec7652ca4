/** Size smells: long functions and files, long parameter lists, deep nesting, large classes. */
import type { Finding, Severity } from '../../../core/index.js';
import type { FunctionMetrics } from '../complexity/metrics-walker.js';
import type { FileMeasures } from './file-measures.js';
import type { SmellThresholds } from './options.js';
import { endRowOf, fieldChild, headRangeOf, nodesOfType, startRowOf, type SyntaxNode as Node, textOf } from '../../../core/index.js';

/** Up to 1.5x the threshold medium, beyond 2.5x high: as far over as it is, so it ranks. */
export function sizeSeverity(value: number, threshold: number): Severity {
  const ratio = value / threshold;
  return ratio <= 1.5 ? 'low' : ratio <= 2.5 ? 'medium' : 'high';
}

interface FunctionCheck {
  ruleId: string;
  metric: 'lines' | 'params' | 'nesting';
  threshold: keyof SmellThresholds;
  describe: (value: number) => string;
}

const FUNCTION_CHECKS: FunctionCheck[] = [
  { ruleId: 'smells/long-function', metric: 'lines', threshold: 'functionLines', describe: (v) => `spans ${v} lines` },
  { ruleId: 'smells/long-parameter-list', metric: 'params', threshold: 'params', describe: (v) => `takes ${v} parameters` },
  { ruleId: 'smells/deep-nesting', metric: 'nesting', threshold: 'nesting', describe: (v) => `nests control flow ${v} levels deep` },
];

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function functionSizeFindings(file: string, functions: FunctionMetrics[], thresholds: SmellThresholds): Finding[] {
  const findings: Finding[] = [];
  for (const fn of functions) {
    if (fn.kind !== 'function') continue;
    for (const check of FUNCTION_CHECKS) {
      const value = fn[check.metric];
      const threshold = thresholds[check.threshold];
      if (value <= threshold) continue;
      findings.push({
        ruleId: check.ruleId,
        severity: sizeSeverity(value, threshold),
        message: `${upperFirst(fn.name)} ${check.describe(value)} (threshold ${threshold}).`,
        file,
        range: { startLine: fn.line, startColumn: fn.column, endLine: fn.line, endColumn: fn.column },
        data: { metric: check.metric, value, threshold, function: fn.name },
      });
    }
  }
  return findings;
}

export function longFileFinding(file: string, measures: FileMeasures, thresholds: SmellThresholds): Finding | undefined {
  if (measures.sourceLines <= thresholds.fileLines) return undefined;
  return {
    ruleId: 'smells/long-file',
    severity: sizeSeverity(measures.sourceLines, thresholds.fileLines),
    message: `File "${file}" has ${measures.sourceLines} lines of code (threshold ${thresholds.fileLines}); split it by concern.`,
    file,
    range: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 },
    data: { metric: 'sourceLines', value: measures.sourceLines, threshold: thresholds.fileLines },
  };
}

const CLASS_TYPES = ['class_declaration', 'abstract_class_declaration', 'class'];

interface ClassSize {
  methods: number;
  fields: number;
  lines: number;
}

function measureClass(node: Node, source: string): ClassSize {
  const body = fieldChild(node, 'body');
  const members = body?.children ?? [];
  let fields = members.filter((m) => m.type === 'public_field_definition' || m.type === 'field_definition').length;
  const methods = members.filter((m) => m.type === 'method_definition');
  const constructor = methods.find((m) => {
    const key = fieldChild(m, 'name');
    return key !== undefined && textOf(key, source) === 'constructor';
  });
  // Constructor parameter properties (`constructor(private db: Db)`) are fields too.
  const parameters = constructor ? (fieldChild(constructor, 'parameters')?.children ?? []) : [];
  for (const p of parameters) {
    if (p.children.some((c) => c.type === 'accessibility_modifier' || c.type === 'readonly')) fields += 1;
  }
  return { methods: methods.length, fields, lines: endRowOf(node) - startRowOf(node) + 1 };
}

export function largeClassFindings(file: string, root: Node, source: string, thresholds: SmellThresholds): Finding[] {
  const findings: Finding[] = [];
  // `root` is a file's root: its node index lists the classes, outer before inner.
  for (const node of nodesOfType(root, CLASS_TYPES)) {
    const size = measureClass(node, source);
    const over = (
      [
        ['methods', thresholds.classMethods],
        ['fields', thresholds.classFields],
        ['lines', thresholds.classLines],
      ] as const
    ).filter(([measure, limit]) => size[measure] > limit);
    if (over.length === 0) continue;
    const name = fieldChild(node, 'name');
    const label = name ? `Class '${textOf(name, source)}'` : 'An anonymous class';
    const worst = Math.max(...over.map(([measure, limit]) => size[measure] / limit));
    findings.push({
      ruleId: 'smells/large-class',
      severity: sizeSeverity(worst, 1),
      message: `${label} has ${over.map(([measure, limit]) => `${size[measure]} ${measure} (threshold ${limit})`).join(', ')}; split it by responsibility.`,
      file,
      range: headRangeOf(node, source),
      data: { ...size, thresholds: Object.fromEntries(over) },
    });
  }
  return findings;
}
