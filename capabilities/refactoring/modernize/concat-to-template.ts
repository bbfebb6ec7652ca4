/**
 * `'a' + b + 'c'` -> `` `a${b}c` ``. Only chains whose first or second operand is a string literal: from
 * there on every `+` is string concatenation, so `1 + 2 + 'x'` ("3x") is never rewritten. Operands keep
 * their source text. The result is one flat template: a parenthesised string chain inside the chain
 * (`'a' + (b + 'c')`) and a template literal operand are merged into it instead of nesting a template
 * or a concatenation in `${...}`; any other parenthesised sum stays one `${...}`. Skipped: chains with comments inside, and
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
      // A parenthesised chain inside a chain that is rewritten is merged into that one.
      if (isParenthesized(path.node) && insideRewrittenChain(path)) return;
      if (!rewritable(path.node as unknown as AnyNode)) return;
      const operands = flatten(path.node as unknown as AnyNode);
      path.replace(toTemplate(ctx, operands) as never);
      changed += 1;
    });
    return changed;
  },
};

function isParenthesized(node: unknown): boolean {
  return (node as { extra?: { parenthesized?: boolean } }).extra?.parenthesized === true;
}

const isPlus = (node: AnyNode): boolean => node.type === 'BinaryExpression' && node.operator === '+';

/**
 * `a + b + c` parses as `(a + b) + c`: the operands of the left-nested chain, in order. A parenthesised
 * operand that is itself a string chain is a string, so its operands join this chain ('a' + (b + 'c')
 * is 'a' + b + 'c'); any other parenthesised sum (`(x + y)`, numbers) stays one operand.
 */
function flatten(node: AnyNode): AnyNode[] {
  return [...operandsOf(node.left as AnyNode), ...operandsOf(node.right as AnyNode)];
}

function operandsOf(node: AnyNode): AnyNode[] {
  if (!isPlus(node)) return [node];
  if (!isParenthesized(node)) return flatten(node);
  const inner = flatten(node);
  return isStringChain(inner) ? inner : [node];
}

function rewritable(node: AnyNode): boolean {
  if (!isPlus(node)) return false;
  const operands = flatten(node);
  return isStringChain(operands) && !operands.every(isStringLiteral) && !hasComments(node);
}

/** Whether the outermost `+` chain around this (parenthesised) one is rewritten, taking this one in. */
function insideRewrittenChain(path: ASTPath): boolean {
  let outer: ASTPath | null = null;
  for (let at = path.parent as ASTPath | null; at && isPlus(at.node as unknown as AnyNode); at = at.parent as ASTPath | null) outer = at;
  return (
    outer !== null &&
    rewritable(outer.node as unknown as AnyNode) &&
    flatten(outer.node as unknown as AnyNode).every((operand) => operand !== (path.node as unknown))
  );
}

function isStringLiteral(node: AnyNode): boolean {
  return (node.type === 'StringLiteral' || (node.type === 'Literal' && typeof node.value === 'string')) && !isParenthesized(node);
}

/** A string literal or a template literal: from such an operand on, every `+` concatenates strings. */
const isString = (node: AnyNode): boolean => isStringLiteral(node) || (node.type === 'TemplateLiteral' && !isParenthesized(node));

function isStringChain(operands: AnyNode[]): boolean {
  return operands.length >= 2 && (isString(operands[0]!) || isString(operands[1]!));
}

/** Comments recast attached anywhere in the chain would be lost by the rewrite. */
function hasComments(node: AnyNode): boolean {
  const attached = (n: AnyNode): boolean =>
    ['comments', 'leadingComments', 'trailingComments'].some((k) => Array.isArray(n[k]) && (n[k] as unknown[]).length > 0);
  if (attached(node)) return true;
  return node.type === 'BinaryExpression' && (hasComments(node.left as AnyNode) || hasComments(node.right as AnyNode));
}

/**
 * The literal's raw text between its quotes, escaped for a template (backticks and `${`). Taken from
 * the parser's `raw` (recast's offsets count tabs as several columns, so slicing the source is unsafe).
 */
function templateRaw(node: AnyNode): string {
  const quoted = ((node.extra as { raw?: string } | undefined)?.raw ??
    (node.raw as string | undefined) ??
    JSON.stringify(node.value)) as string;
  const raw = quoted.slice(1, -1);
  return raw.replace(/(\\*)(`|\$\{)/g, (match, slashes: string, what: string) =>
    slashes.length % 2 === 0 ? `${slashes}\\${what}` : match,
  );
}

function toTemplate(ctx: CodemodContext, operands: AnyNode[]): unknown {
  const j = ctx.j;
  const quasis: string[] = [''];
  const expressions: unknown[] = [];
  for (const operand of operands) {
    if (isStringLiteral(operand)) {
      quasis[quasis.length - 1] += templateRaw(operand);
    } else if (operand.type === 'TemplateLiteral') {
      // Merged, not nested: `a${`b${c}`}` would be the same string, harder to read.
      const inner = operand.quasis as { value: { raw: string } }[];
      quasis[quasis.length - 1] += inner[0]!.value.raw;
      (operand.expressions as unknown[]).forEach((expression, i) => {
        expressions.push(expression);
        quasis.push(inner[i + 1]!.value.raw);
      });
    } else {
      // Inside `${...}` a sum needs no parentheses of its own.
      if (isParenthesized(operand)) operand.extra = { ...(operand.extra as object), parenthesized: false };
      expressions.push(operand);
      quasis.push('');
    }
  }
  const elements = quasis.map((raw, i) => j.templateElement({ raw, cooked: null }, i === quasis.length - 1));
  return j.templateLiteral(elements, expressions as Parameters<typeof j.templateLiteral>[1]);
}
