/**
 * `'a' + b + 'c'` -> `` `a${b}c` ``. Only chains whose first or second operand is a string literal: from
 * there on every `+` is string concatenation, so `1 + 2 + 'x'` ("3x") is never rewritten. Operands keep
 * their source text; parenthesised sums stay one `${...}`. Skipped: chains with comments inside, and
 * chains of literals only. Known difference, accepted: `'' + obj` calls `valueOf` first while a template
 * calls `toString` first, which only matters for objects that define both differently.
 */
import type { ASTPath } from 'jscodeshift';
import type { Codemod, CodemodContext } from './codemod.js';

type AnyNode = { type: string; [key: string]: unknown };

export const concatToTemplate: Codemod = {
  id: 'concat-to-template',
  apply(ctx) {
    let changed = 0;
    ctx.root.find(ctx.j.BinaryExpression, { operator: '+' }).forEach((path: ASTPath) => {
      const parent = path.parent.node as AnyNode;
      // Only the outermost `+` of a chain is rewritten; the inner ones are part of it.
      if (parent.type === 'BinaryExpression' && parent.operator === '+' && parent.left === path.node && !isParenthesized(path.node)) return;
      const operands = flatten(path.node as unknown as AnyNode);
      if (!isStringChain(operands) || operands.every(isStringLiteral)) return;
      if (hasComments(path.node as unknown as AnyNode)) return;
      path.replace(toTemplate(ctx, operands) as never);
      changed += 1;
    });
    return changed;
  },
};

function isParenthesized(node: unknown): boolean {
  return (node as { extra?: { parenthesized?: boolean } }).extra?.parenthesized === true;
}

/** `a + b + c` parses as `(a + b) + c`: the operands of the left-nested chain, in order. */
function flatten(node: AnyNode): AnyNode[] {
  if (node.type === 'BinaryExpression' && node.operator === '+' && !isParenthesized(node)) {
    return [...flatten(node.left as AnyNode), node.right as AnyNode];
  }
  return [node];
}

function isStringLiteral(node: AnyNode): boolean {
  return (node.type === 'StringLiteral' || (node.type === 'Literal' && typeof node.value === 'string')) && !isParenthesized(node);
}

function isStringChain(operands: AnyNode[]): boolean {
  return operands.length >= 2 && (isStringLiteral(operands[0]!) || isStringLiteral(operands[1]!));
}

/** Comments recast attached anywhere in the chain would be lost by the rewrite. */
function hasComments(node: AnyNode): boolean {
  const attached = (n: AnyNode): boolean => ['comments', 'leadingComments', 'trailingComments'].some((k) => Array.isArray(n[k]) && (n[k] as unknown[]).length > 0);
  if (attached(node)) return true;
  return node.type === 'BinaryExpression' && (hasComments(node.left as AnyNode) || hasComments(node.right as AnyNode));
}

/**
 * The literal's raw text between its quotes, escaped for a template (backticks and `${`). Taken from
 * the parser's `raw` (recast's offsets count tabs as several columns, so slicing the source is unsafe).
 */
function templateRaw(node: AnyNode): string {
  const quoted = ((node.extra as { raw?: string } | undefined)?.raw ?? (node.raw as string | undefined) ?? JSON.stringify(node.value)) as string;
  const raw = quoted.slice(1, -1);
  return raw.replace(/(\\*)(`|\$\{)/g, (match, slashes: string, what: string) => (slashes.length % 2 === 0 ? `${slashes}\\${what}` : match));
}

function toTemplate(ctx: CodemodContext, operands: AnyNode[]): unknown {
  const j = ctx.j;
  const quasis: string[] = [''];
  const expressions: unknown[] = [];
  for (const operand of operands) {
    if (isStringLiteral(operand)) {
      quasis[quasis.length - 1] += templateRaw(operand);
    } else {
      expressions.push(operand);
      quasis.push('');
    }
  }
  const elements = quasis.map((raw, i) => j.templateElement({ raw, cooked: null }, i === quasis.length - 1));
  return j.templateLiteral(elements, expressions as Parameters<typeof j.templateLiteral>[1]);
}
