/** Every metric of one parsed file: its units' metrics and the file's maintainability index. */
import type { Tree } from 'tree-sitter';
import { flatTreeOf, hasSyntaxError, syntaxTreeOf } from '../../../core/index.js';
import { MetricsWalker, type FunctionMetrics } from './metrics-walker.js';
import { maintainabilityIndex } from './maintainability.js';
import { measuredByAddon } from './addon-metrics.js';
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

/** What a measurement of a file's tree yields, before the file's totals are made from it. */
export interface Measured {
  /** In the walk's order. */
  functions: FunctionMetrics[];
  /** Decisions outside any unit (top-level code). */
  topLevelDecisions: number;
  halstead: Halstead;
  /** Physical lines, and the lines that hold code. */
  lines: number;
  sourceLines: number;
}

/**
 * `parsed`: a parsed file (or any tree and its text). A file the flat-tree addon measured on its parse
 * thread (a scan asks when complexity or smells runs) takes those counts (addon-metrics.ts); any other
 * is walked here (metrics-walker.ts). Both give the same metrics.
 */
export function measureTree(parsed: { tree: Tree; source: string }): FileMetrics {
  const flat = flatTreeOf(parsed);
  const measured = (flat?.metrics && measuredByAddon(flat, flat.metrics, parsed)) || walkTree(parsed);
  return fileMetrics(measured, parsed);
}

/** The metrics by the JavaScript walk over the shared plain tree, whatever the parse carries. */
export function walkTree(parsed: { tree: Tree; source: string }): Measured {
  const walker = new MetricsWalker(parsed.source);
  walker.visit(syntaxTreeOf(parsed));
  return {
    functions: walker.functions,
    topLevelDecisions: walker.topLevelDecisions,
    halstead: walker.halstead.result(),
    lines: walker.codeRows.lines,
    sourceLines: walker.codeRows.count,
  };
}

export function fileMetrics(measured: Measured, parsed: { tree: Tree; source: string }): FileMetrics {
  const functions = measured.functions.sort((a, b) => a.line - b.line || a.column - b.column);
  const cyclomatic = functions.reduce((total, f) => total + f.cyclomatic, 1 + measured.topLevelDecisions);
  const { halstead, sourceLines } = measured;
  return {
    functions,
    cyclomatic,
    lines: parsed.source.length === 0 ? 0 : measured.lines,
    sourceLines,
    halstead: { ...halstead, volume: Math.round(halstead.volume * 100) / 100 },
    maintainability: maintainabilityIndex({ volume: halstead.volume, cyclomatic, sourceLines }),
    hasSyntaxErrors: hasSyntaxError(parsed),
  };
}
