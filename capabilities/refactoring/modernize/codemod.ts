/** What every codemod gets and returns: one parsed file, a way to report what it left alone. */
import type { Collection, JSCodeshift } from 'jscodeshift';
import type { CodemodId } from './options.js';

export interface Skip {
  file: string;
  line: number;
  codemod: CodemodId;
  reason: string;
}

export interface CodemodContext {
  j: JSCodeshift;
  root: Collection;
  file: string;
  /** The text `root` was parsed from (node start/end offsets point into it). */
  source: string;
  /** Records a construct the codemod recognised but left unchanged, and why. */
  skip(line: number, reason: string): void;
}

export interface Codemod {
  id: CodemodId;
  /** Rewrites `ctx.root` in place; returns how many rewrites it made. */
  apply(ctx: CodemodContext): number;
}

/** 1-based line of a node (0 when the node is synthetic). */
export function lineOf(node: unknown): number {
  return (node as { loc?: { start: { line: number } } | null }).loc?.start.line ?? 0;
}
