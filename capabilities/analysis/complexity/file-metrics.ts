/** Every metric of one parsed file: its units' metrics and the file's maintainability index. */
import type { Tree } from 'tree-sitter';
import { hasSyntaxError, syntaxTreeOf } from '../../../core/index.js';
import { MetricsWalker, type FunctionMetrics } from './metrics-walker.js';
import { maintainabilityIndex } from './maintainability.js';
import type { Halstead } from './halstead.js';

export interface FileMetrics {
  functions: FunctionMetrics[];
  /** McCabe over the whole file: every unit's cyclomatic number plus the top-level code's. */
  cyclomatic: number;
  /** Physical lines. */
  lines: number;
  sourceLines: number;
  halstead: Halstead;
  maintainability: number;
  /** tree-sitter could not parse part of the file; metrics near the error may be off. */
  hasSyntaxErrors: boolean;
}

/** `parsed`: a parsed file (or any tree and its text); its shared plain tree is what is measured. */
export function measureTree(parsed: { tree: Tree; source: string }): FileMetrics {
  const { source } = parsed;
  const walker = new MetricsWalker(source);
  walker.visit(syntaxTreeOf(parsed));
  const functions = walker.functions.sort((a, b) => a.line - b.line || a.column - b.column);
  const cyclomatic = functions.reduce((total, f) => total + f.cyclomatic, 1 + walker.topLevelDecisions);
  const halstead = walker.halstead.result();
  const sourceLines = walker.codeRows.count;
  return {
    functions,
    cyclomatic,
    lines: source.length === 0 ? 0 : walker.codeRows.lines,
    sourceLines,
    halstead: { ...halstead, volume: Math.round(halstead.volume * 100) / 100 },
    maintainability: maintainabilityIndex({ volume: halstead.volume, cyclomatic, sourceLines }),
    hasSyntaxErrors: hasSyntaxError(parsed),
  };
}
