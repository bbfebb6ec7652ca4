/**
 * Node-style `fs` callbacks -> `await fs.promises.*`, only in the recognised form: the call is the
 * last statement of its function, its callback is a function literal `(err[, value]) => {...}` whose
 * first statement is `if (err) ...`, and the callback does not use its own `this`/`arguments`. The
 * callback's error branch becomes the catch block, the rest follows the try. Nested pyramids unwind
 * one level per pass. Skipped, with the reason: calls that are not last (code after them would run
 * later), callbacks that ignore the error, names that would clash in the enclosing function. Accepted
 * difference: the function now returns a promise (it returned undefined before, and its callers got
 * their result through the callback, which is still called).
 */
import type { ASTPath } from 'jscodeshift';
import type { Codemod, CodemodContext } from './codemod.js';
import { lineOf } from './codemod.js';
import { declaredNames, FUNCTION_TYPES, identifierNames, walkOwn } from './function-walk.js';

type AnyNode = { type: string; [key: string]: unknown };
type Builders = Record<string, (...args: unknown[]) => AnyNode>;

/** fs methods whose callback form `(err, value)` has an `fs.promises` twin with the same arguments. */
const PROMISIFIED = new Set([
  'access',
  'appendFile',
  'chmod',
  'copyFile',
  'lstat',
  'mkdir',
  'mkdtemp',
  'readdir',
  'readFile',
  'readlink',
  'realpath',
  'rename',
  'rm',
  'rmdir',
  'stat',
  'symlink',
  'truncate',
  'unlink',
  'utimes',
  'writeFile',
]);
const FS_MODULES = new Set(['fs', 'node:fs']);
// One conversion per pass (the tree is re-walked after each), so this bounds conversions per file.
const MAX_PASSES = 100;

export const callbacksToAsync: Codemod = {
  id: 'callbacks-to-async',
  apply(ctx) {
    const fsNames = fsBindings(ctx);
    if (fsNames.size === 0) return 0;
    let changed = 0;
    // Each pass unwinds one level of nesting: the inner call becomes the function's last statement.
    const reported = new Set<unknown>();
    for (let pass = 0; pass < MAX_PASSES; pass += 1) {
      let converted = false;
      ctx.root.find(ctx.j.CallExpression).forEach((path: ASTPath) => {
        if (!converted) converted = convert(ctx, path, fsNames, reported);
      });
      if (!converted) break;
      changed += 1;
    }
    return changed;
  },
};

/** Local names bound to the fs module: `const fs = require('fs')`, `import fs from 'fs'`, `import * as fs`. */
function fsBindings(ctx: CodemodContext): Set<string> {
  const names = new Set<string>();
  const j = ctx.j;
  ctx.root.find(j.VariableDeclarator).forEach((p: ASTPath) => {
    const d = p.node as unknown as AnyNode;
    const init = d.init as AnyNode | null;
    const id = d.id as AnyNode;
    if (
      id.type === 'Identifier' &&
      init?.type === 'CallExpression' &&
      (init.callee as AnyNode).type === 'Identifier' &&
      (init.callee as AnyNode).name === 'require'
    ) {
      const arg = (init.arguments as AnyNode[])[0];
      if (arg && FS_MODULES.has(arg.value as string)) names.add(id.name as string);
    }
  });
  ctx.root.find(j.ImportDeclaration).forEach((p: ASTPath) => {
    const decl = p.node as unknown as AnyNode;
    if (!FS_MODULES.has((decl.source as AnyNode).value as string)) return;
    for (const s of decl.specifiers as AnyNode[]) if (s.type !== 'ImportSpecifier') names.add((s.local as AnyNode).name as string);
  });
  return names;
}

interface Site {
  fn: AnyNode;
  statement: AnyNode;
  call: AnyNode;
  method: string;
  callback: AnyNode;
}

function siteOf(path: ASTPath, fsNames: Set<string>): Site | null {
  const call = path.node as unknown as AnyNode;
  const callee = call.callee as AnyNode;
  if (callee.type !== 'MemberExpression' || callee.computed) return null;
  const object = callee.object as AnyNode;
  const method = (callee.property as AnyNode).name as string;
  if (object.type !== 'Identifier' || !fsNames.has(object.name as string) || !PROMISIFIED.has(method)) return null;
  const args = call.arguments as AnyNode[];
  const callback = args[args.length - 1];
  if (!callback || (callback.type !== 'FunctionExpression' && callback.type !== 'ArrowFunctionExpression')) return null;
  const statement = path.parent?.node as AnyNode | undefined;
  const body = path.parent?.parent?.node as AnyNode | undefined;
  const fn = path.parent?.parent?.parent?.node as AnyNode | undefined;
  if (statement?.type !== 'ExpressionStatement' || body?.type !== 'BlockStatement' || !fn || !FUNCTION_TYPES.has(fn.type)) return null;
  return { fn, statement, call, method, callback };
}

function convert(ctx: CodemodContext, path: ASTPath, fsNames: Set<string>, reported: Set<unknown>): boolean {
  const site = siteOf(path, fsNames);
  if (!site) return false;
  const reason = unsafe(site);
  if (reason) {
    // Passes re-walk the tree: report each call once.
    if (!reported.has(site.call)) ctx.skip(lineOf(site.call), reason);
    reported.add(site.call);
    return false;
  }
  rewrite(ctx.j as unknown as Builders, site);
  return true;
}

function unsafe(site: Site): string | null {
  const statements = (site.fn.body as AnyNode).body as AnyNode[];
  if (statements[statements.length - 1] !== site.statement)
    return 'the callback call is not the last statement of its function, so code after it would run later';
  if (site.fn.generator) return 'the enclosing function is a generator';
  const [errParam, valueParam, extra] = site.callback.params as AnyNode[];
  if (!errParam || errParam.type !== 'Identifier' || extra) return 'the callback is not (err, value)';
  if (valueParam && valueParam.type !== 'Identifier') return 'the callback destructures its value';
  const body = site.callback.body as AnyNode;
  const first = body.type === 'BlockStatement' ? (body.body as AnyNode[])[0] : null;
  if (!first || first.type !== 'IfStatement' || first.alternate || !isIdentifier(first.test as AnyNode, errParam.name as string))
    return `the callback does not start with "if (${errParam.name as string}) ..."`;
  if (site.callback.type === 'FunctionExpression' && usesOwnThis(site.callback)) return 'the callback uses its own this or arguments';
  const rest = (body.body as AnyNode[]).slice(1);
  if (rest.some((s) => identifierNames(s, errParam.name as string).includes(errParam.name as string)))
    return `the callback reads "${errParam.name as string}" after the error check`;
  return clash(site, rest);
}

function clash(site: Site, rest: AnyNode[]): string | null {
  const valueParam = (site.callback.params as AnyNode[])[1];
  const incoming = [...(valueParam ? [valueParam.name as string] : []), ...declaredNames(rest)];
  const outside = new Set<string>(identifierNames({ type: 'Params', params: site.fn.params } as AnyNode));
  for (const statement of (site.fn.body as AnyNode).body as AnyNode[])
    if (statement !== site.statement) identifierNames(statement).forEach((n) => outside.add(n));
  for (const arg of (site.call.arguments as AnyNode[]).slice(0, -1)) identifierNames(arg).forEach((n) => outside.add(n));
  const name = incoming.find((n) => outside.has(n));
  return name ? `"${name}" would clash with a variable of the enclosing function` : null;
}

function isIdentifier(node: AnyNode, name: string): boolean {
  return node.type === 'Identifier' && node.name === name;
}

function usesOwnThis(fn: AnyNode): boolean {
  let found = false;
  walkOwn(fn.body as AnyNode, (node) => {
    if (node.type === 'ThisExpression' || (node.type === 'Identifier' && node.name === 'arguments')) found = true;
  });
  return found;
}

/** `let value; try { value = await fs.promises.m(args); } catch (err) { <error branch> } <rest>` */
function rewrite(b: Builders, site: Site): void {
  const [errParam, valueParam] = site.callback.params as AnyNode[];
  const callbackBody = (site.callback.body as AnyNode).body as AnyNode[];
  const errorBranch = (callbackBody[0] as AnyNode).consequent as AnyNode;
  const callee = site.call.callee as AnyNode;
  const promised = b.memberExpression!(b.memberExpression!(callee.object, b.identifier!('promises')), b.identifier!(site.method));
  const awaited = b.awaitExpression!(b.callExpression!(promised, (site.call.arguments as AnyNode[]).slice(0, -1)));
  const tryBody = valueParam
    ? b.expressionStatement!(b.assignmentExpression!('=', b.identifier!(valueParam.name), awaited))
    : b.expressionStatement!(awaited);
  const catchBody = errorBranch.type === 'BlockStatement' ? errorBranch : b.blockStatement!([errorBranch]);
  const statements = ((site.fn.body as AnyNode).body as AnyNode[]).slice(0, -1);
  if (valueParam) statements.push(b.variableDeclaration!('let', [b.variableDeclarator!(b.identifier!(valueParam.name))]));
  statements.push(b.tryStatement!(b.blockStatement!([tryBody]), b.catchClause!(b.identifier!(errParam!.name), null, catchBody)));
  statements.push(...callbackBody.slice(1));
  site.fn.async = true;
  (site.fn.body as AnyNode).body = statements;
}
