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
  /** operatorOf(node, source), remembered for the last node asked about: several rules check each binary expression in a row. */
  operator(node: SyntaxNode): string | undefined;
}

/** A rule listens to node types; the runner visits the nodes of those types (the tree's by-type index) and dispatches by type. */
export interface BuiltinRule {
  /** The ESLint rule it implements (reported as `eslint/<name>`). */
  name: string;
  /** ESLint's recommended config for TypeScript files turns some core rules off (or on): respected here. */
  languages: 'all' | 'javascript' | 'typescript';
  types: string[];
  /**
   * Texts of which a file must hold at least one for the rule to be able to report anything (`NaN` for
   * use-isnan): in a file with none, its node types are not visited for it. Each text costs a search of
   * every file: worth it only where it spares many visits (all comparisons, all calls).
   */
  needs?: string[];
  check(node: SyntaxNode, ctx: RuleContext): void;
}

export const operatorOf = (node: SyntaxNode, source: string): string | undefined => {
  const children = node.children;
  for (let i = 0; i < children.length; i++) if (children[i]!.field === 'operator') return textOf(children[i]!, source);
  return undefined;
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
