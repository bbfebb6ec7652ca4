/**
 * `.then/.catch` chains -> async/await, in functions that return the chain as their last statement or
 * whose last statement is the chain with its result unused. Each `.then(fn)` handler's body is inlined
 * after an `await`, a final `.catch(fn)` becomes try/catch around them (with `return await` inside the
 * try so a rejected return value is still caught). Skipped, with the reason: two-argument `.then`,
 * handlers that are not function literals, early returns from a handler that is not the last, handlers
 * using their own `this`/`arguments`, names that would collide once the handlers share one scope, and
 * functions with other returns. Accepted difference (as in every such codemod): a synchronous throw
 * before the first `await` becomes a rejection, and a function whose result was unused now returns a
 * promise.
 */
import type { ASTPath } from 'jscodeshift';
import type { Codemod, CodemodContext } from './codemod.js';
import { lineOf } from './codemod.js';
import { declaredNames, identifierNames, ownNodes, walkOwn } from './function-walk.js';
import { readChain, type Chain, type Handler } from './promise-chain.js';

type AnyNode = { type: string; [key: string]: unknown };
interface Target {
  fn: AnyNode;
  prefix: AnyNode[];
  chainExpression: AnyNode;
  returns: boolean;
}

export const promisesToAsync: Codemod = {
  id: 'promises-to-async',
  apply(ctx) {
    let changed = 0;
    const j = ctx.j;
    // Handlers inlined into an outer rewrite are no longer in the tree.
    const consumed = new Set<unknown>();
    const functions = [j.FunctionDeclaration, j.FunctionExpression, j.ArrowFunctionExpression] as const;
    for (const type of functions) {
      ctx.root.find(type as typeof j.FunctionDeclaration).forEach((path: ASTPath) => {
        const fn = path.node as unknown as AnyNode;
        if (fn.async || fn.generator || consumed.has(fn)) return;
        const target = targetOf(fn);
        if (!target) return;
        const chain = readChain(target.chainExpression);
        if (chain === null) return;
        const reason = typeof chain === 'string' ? chain : unsafe(target, chain);
        if (reason) return ctx.skip(lineOf(target.chainExpression), reason);
        rewrite(ctx, target, chain as Chain);
        (chain as Chain).handlers.forEach((h) => consumed.add(h.fn));
        changed += 1;
      });
    }
    return changed;
  },
};

/** The chain a function ends with: `return chain;`, `chain;` or an arrow's `=> chain`. */
function targetOf(fn: AnyNode): Target | null {
  const body = fn.body as AnyNode;
  if (body.type !== 'BlockStatement') return { fn, prefix: [], chainExpression: body, returns: true };
  const statements = body.body as AnyNode[];
  const last = statements[statements.length - 1];
  if (!last) return null;
  const prefix = statements.slice(0, -1);
  if (last.type === 'ReturnStatement' && last.argument) return { fn, prefix, chainExpression: last.argument as AnyNode, returns: true };
  if (last.type === 'ExpressionStatement') return { fn, prefix, chainExpression: last.expression as AnyNode, returns: false };
  return null;
}

function unsafe(target: Target, chain: Chain): string | null {
  const otherReturns = target.prefix.flatMap((s) => ownNodes(s, new Set(['ReturnStatement'])));
  if (otherReturns.length > 0) return 'the function returns elsewhere too, and those values would become promises';
  for (const [index, handler] of chain.handlers.entries()) {
    const isLastThen =
      index === chain.handlers.length - 1 || (index === chain.handlers.length - 2 && chain.handlers[index + 1]!.kind === 'catch');
    const early = handler.statements.flatMap((s) => ownNodes(s, new Set(['ReturnStatement'])));
    if (early.length > 0 && handler.kind === 'then' && !(isLastThen && target.returns))
      return 'a .then() handler returns early, so the next handler would receive that value';
    if (handler.fn.type === 'FunctionExpression' && usesOwnThis(handler.fn)) return 'a handler uses its own this or arguments';
    const next = chain.handlers[index + 1];
    if (handler.kind === 'then' && handler.result === null && next?.kind === 'then' && next.param)
      return 'a .then() handler resolves with undefined and the next one reads it';
  }
  return collision(target, chain);
}

function usesOwnThis(fn: AnyNode): boolean {
  let found = false;
  walkOwn(fn.body as AnyNode, (node) => {
    if (node.type === 'ThisExpression' || (node.type === 'Identifier' && node.name === 'arguments')) found = true;
  });
  return found;
}

/** Names each handler brings into the shared scope must be used nowhere else in the function. */
function collision(target: Target, chain: Chain): string | null {
  for (const handler of chain.handlers) {
    const own = [...(handler.param ? identifierNamesOf(handler.param) : []), ...declaredNames([...handler.statements])];
    if (own.length === 0) continue;
    const elsewhere = new Set<string>(identifierNames({ type: 'Params', params: target.fn.params } as AnyNode));
    for (const statement of target.prefix) identifierNames(statement).forEach((n) => elsewhere.add(n));
    identifierNames(chain.head).forEach((n) => elsewhere.add(n));
    for (const other of chain.handlers) if (other !== handler) identifierNames(other.fn).forEach((n) => elsewhere.add(n));
    const clash = own.find((name) => elsewhere.has(name));
    if (clash) return `"${clash}" would be declared twice or shadow another variable once the handlers share one scope`;
  }
  return null;
}

function identifierNamesOf(node: AnyNode): string[] {
  return identifierNames(node);
}

function rewrite(ctx: CodemodContext, target: Target, chain: Chain): void {
  const j = ctx.j;
  const b = j as unknown as Record<string, (...args: unknown[]) => AnyNode>;
  const thens = chain.handlers.filter((h) => h.kind === 'then');
  const catcher = chain.handlers.find((h) => h.kind === 'catch');
  const inTry = catcher !== undefined;
  const out: AnyNode[] = [];
  let pending: AnyNode | null = chain.head;
  for (const handler of thens) {
    // A handler resolving with undefined, followed by one taking no parameter: nothing to await.
    if (pending) out.push(awaitInto(b, pending, handler.param));
    out.push(...handler.statements);
    pending = handler.result;
  }
  const lastThen = thens[thens.length - 1];
  if (inTry && lastThen && target.returns) awaitReturns(b, lastThen.statements);
  if (pending)
    out.push(
      target.returns
        ? b.returnStatement!(inTry ? b.awaitExpression!(pending) : pending)
        : b.expressionStatement!(b.awaitExpression!(pending)),
    );
  let body: AnyNode[] = out;
  if (catcher) {
    const handlerBody = [...catcher.statements];
    if (catcher.result) handlerBody.push(target.returns ? b.returnStatement!(catcher.result) : b.expressionStatement!(catcher.result));
    body = [b.tryStatement!(b.blockStatement!(out), b.catchClause!(catchParam(ctx, catcher.param), null, b.blockStatement!(handlerBody)))];
  }
  target.fn.async = true;
  target.fn.body = b.blockStatement!([...target.prefix, ...body]);
}

/**
 * `.catch(fn)` gives its handler `any`; a catch clause variable is `unknown` under strict TypeScript
 * and may only be annotated `any`/`unknown`: in TypeScript it is annotated `any` to keep the typing.
 */
function catchParam(ctx: CodemodContext, param: AnyNode | null): AnyNode | null {
  if (!param || param.type !== 'Identifier' || !/\.[cm]?tsx?$/.test(ctx.file)) return param;
  const b = ctx.j as unknown as Record<string, (...args: unknown[]) => AnyNode>;
  const typed = b.identifier!(param.name);
  typed.typeAnnotation = b.tsTypeAnnotation!(b.tsAnyKeyword!());
  return typed;
}

/** `const p = await value;`, or `await value;` when the handler takes no parameter. */
function awaitInto(b: Record<string, (...args: unknown[]) => AnyNode>, value: AnyNode, param: AnyNode | null): AnyNode {
  const awaited = b.awaitExpression!(value);
  if (!param) return b.expressionStatement!(awaited);
  return b.variableDeclaration!('const', [b.variableDeclarator!(param, awaited)]);
}

/** Inside the try, `return x` must be `return await x` or a rejected x would escape the catch. */
function awaitReturns(b: Record<string, (...args: unknown[]) => AnyNode>, statements: AnyNode[]): void {
  for (const statement of statements) {
    walkOwn(statement, (node) => {
      if (node.type === 'ReturnStatement' && node.argument && (node.argument as AnyNode).type !== 'AwaitExpression')
        node.argument = b.awaitExpression!(node.argument);
    });
  }
}

export type { Handler };
