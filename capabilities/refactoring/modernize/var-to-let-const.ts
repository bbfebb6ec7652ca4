/**
 * `var` -> `const` (never reassigned) or `let`, only where block scoping cannot change behaviour.
 * Left alone, with the reason: a name declared twice in its function (redeclaration), a reference
 * before the declaration (hoisting), a reference outside the block the `let` would live in, a loop
 * variable captured by a closure (a `let` would give each iteration its own binding), an uninitialised
 * `var` in a loop body (a `let` would reset it every iteration), and functions using `eval` or `with`.
 */
import type { ASTPath } from 'jscodeshift';
import type { Codemod, CodemodContext } from './codemod.js';
import { lineOf } from './codemod.js';
import { endOf, isWrite, patternNames, ReferenceIndex, startOf } from './references.js';

type AnyNode = { type: string; [key: string]: unknown };
type Verdict = { kind: 'let' | 'const' } | { skip: string };

const LOOPS = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);
const FUNCTIONS = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ObjectMethod',
  'ClassMethod',
  'ClassPrivateMethod',
]);
const BLOCK_PARENTS = new Set(['BlockStatement', 'Program', 'StaticBlock', 'TSModuleBlock']);

export const varToLetConst: Codemod = {
  id: 'var-to-let-const',
  apply(ctx) {
    let changed = 0;
    const index = new ReferenceIndex(ctx.j);
    ctx.root.find(ctx.j.VariableDeclaration, { kind: 'var' }).forEach((path: ASTPath) => {
      const verdict = judge(ctx, path, index);
      if ('skip' in verdict) return ctx.skip(lineOf(path.node), verdict.skip);
      (path.node as unknown as { kind: string }).kind = verdict.kind;
      changed += 1;
    });
    return changed;
  },
};

/** The statement or loop whose block a `let` would be scoped to, or null when `let` is not allowed there. */
function scopeBlock(path: ASTPath): AnyNode | null {
  const parent = path.parent.node as AnyNode;
  if (parent.type === 'ForStatement' && parent.init === path.node) return parent;
  if ((parent.type === 'ForInStatement' || parent.type === 'ForOfStatement') && parent.left === path.node) return parent;
  if (parent.type === 'ExportNamedDeclaration') return path.parent.parent.node as AnyNode;
  return BLOCK_PARENTS.has(parent.type) ? parent : null;
}

function judge(ctx: CodemodContext, path: ASTPath, index: ReferenceIndex): Verdict {
  const block = scopeBlock(path);
  if (!block) return { skip: 'a single-statement body or switch case cannot hold a block-scoped declaration' };
  const scope = path.scope as { node: AnyNode; path: ASTPath; getBindings(): Record<string, unknown[]> };
  if (usesEvalOrWith(ctx, scope.path)) return { skip: 'the function uses eval or with, which can see any variable' };
  const loopHead = block.type !== 'BlockStatement' && block.type !== 'Program' && LOOPS.has(block.type);
  const inLoop = loopHead || insideLoop(path, scope.node);
  let reassigned = false;
  for (const declarator of (path.node as unknown as { declarations: AnyNode[] }).declarations) {
    const names = patternNames(declarator.id as AnyNode);
    if (names.length === 0) return { skip: 'unsupported declaration pattern' };
    if (declarator.init == null && inLoop && !loopHead)
      return { skip: `"${names[0]}" has no initialiser inside a loop, so a let would reset it every iteration` };
    if (declarator.init == null && !(loopHead && block.type !== 'ForStatement')) reassigned = true;
    for (const name of names) {
      const verdict = judgeName(index, { name, declarator, block, scope, inLoop });
      if (typeof verdict === 'string') return { skip: verdict };
      reassigned ||= verdict;
    }
  }
  return { kind: reassigned ? 'let' : 'const' };
}

interface NameCheck {
  name: string;
  declarator: AnyNode;
  block: AnyNode;
  scope: { node: AnyNode; path: ASTPath; getBindings(): Record<string, unknown[]> };
  inLoop: boolean;
}

/** A reason to skip, or whether the name is ever reassigned. */
function judgeName(index: ReferenceIndex, check: NameCheck): string | boolean {
  const { name, declarator, block, scope } = check;
  if ((scope.getBindings()[name]?.length ?? 0) > 1) return `"${name}" is declared more than once in its function (redeclaration)`;
  const refs = index.referencesTo(scope.path, name, scope).filter((p) => !withinNode(p, declarator.id));
  let written = false;
  for (const ref of refs) {
    const at = startOf(ref.node);
    if (at < endOf(declarator)) return `"${name}" is used before its declaration (line ${lineOf(ref.node)}), which only hoisting allows`;
    if (at > endOf(block)) return `"${name}" is used outside the block it is declared in (line ${lineOf(ref.node)})`;
    if (check.inLoop && insideFunctionBelow(ref, scope.node))
      return `"${name}" is captured by a closure inside a loop (line ${lineOf(ref.node)}), and let would give each iteration its own copy`;
    written ||= isWrite(ref);
  }
  return written;
}

function withinNode(path: ASTPath, node: unknown): boolean {
  for (let p: ASTPath | null = path; p; p = p.parent as ASTPath | null) if (p.node === node) return true;
  return false;
}

function insideLoop(path: ASTPath, stop: AnyNode): boolean {
  for (let p = path.parent as ASTPath | null; p && p.node !== stop; p = p.parent as ASTPath | null) {
    if (LOOPS.has((p.node as AnyNode).type)) return true;
  }
  return false;
}

function insideFunctionBelow(path: ASTPath, stop: AnyNode): boolean {
  for (let p = path.parent as ASTPath | null; p && p.node !== stop; p = p.parent as ASTPath | null) {
    if (FUNCTIONS.has((p.node as AnyNode).type)) return true;
  }
  return false;
}

function usesEvalOrWith(ctx: CodemodContext, scopePath: ASTPath): boolean {
  const j = ctx.j;
  return (
    j(scopePath).find(j.WithStatement).size() > 0 ||
    j(scopePath)
      .find(j.CallExpression, { callee: { type: 'Identifier', name: 'eval' } })
      .size() > 0
  );
}
