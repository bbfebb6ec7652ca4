/** What a built-in lint rule sees: the file's source, whether it is TypeScript, and a report callback. */
import { textOf, type SyntaxNode } from '../../../../core/index.js';

export interface BuiltinReport {
  rule: string;
  node: SyntaxNode;
  message: string;
}

export interface RuleContext {
  source: string;
  typescript: boolean;
  report(rule: string, node: SyntaxNode, message: string): void;
}

/** A rule listens to node types; the runner walks each tree once and dispatches by type. */
export interface BuiltinRule {
  /** The ESLint rule it implements (reported as `eslint/<name>`). */
  name: string;
  /** ESLint's recommended config for TypeScript files turns some core rules off (or on): respected here. */
  languages: 'all' | 'javascript' | 'typescript';
  types: string[];
  check(node: SyntaxNode, ctx: RuleContext): void;
}

export const operatorOf = (node: SyntaxNode, source: string): string | undefined => {
  const op = node.children.find((c) => c.field === 'operator');
  return op ? textOf(op, source) : undefined;
};

/** The node's tokens (leaf texts without comments), for ESLint's "same tokens" comparisons. */
export function tokensOf(node: SyntaxNode, source: string): string {
  const out: string[] = [];
  const stack = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'comment') continue;
    if (n.children.length === 0 || n.type === 'string' || n.type === 'template_string' || n.type === 'regex') out.push(textOf(n, source));
    else for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out.join('\u0000');
}

export const COMPARISONS = new Set(['==', '===', '!=', '!==', '<', '>', '<=', '>=']);
