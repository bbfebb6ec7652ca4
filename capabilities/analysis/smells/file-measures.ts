/** analysis.complexity's per-function and per-file metrics, measured from an already-copied tree. */
import { MetricsWalker, type FunctionMetrics } from '../complexity/metrics-walker.js';
import { maintainabilityIndex } from '../complexity/maintainability.js';
import type { SyntaxNode as Node } from '../../../core/index.js';

export interface FileMeasures {
  functions: FunctionMetrics[];
  lines: number;
  sourceLines: number;
  cyclomatic: number;
  maintainability: number;
}

export function measureFile(root: Node, source: string): FileMeasures {
  const walker = new MetricsWalker(source);
  walker.visit(root);
  const functions = walker.functions.sort((a, b) => a.line - b.line || a.column - b.column);
  const cyclomatic = functions.reduce((total, f) => total + f.cyclomatic, 1 + walker.topLevelDecisions);
  const sourceLines = walker.codeRows.count;
  const volume = walker.halstead.result().volume;
  return {
    functions,
    lines: source.length === 0 ? 0 : walker.codeRows.lines,
    sourceLines,
    cyclomatic,
    maintainability: maintainabilityIndex({ volume, cyclomatic, sourceLines }),
  };
}
