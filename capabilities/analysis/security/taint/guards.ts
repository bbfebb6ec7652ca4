/**
 * Guards: `if (!ALLOWED.includes(x)) return ...` or `if (!/^[\w-]+$/.test(name)) throw ...` prove the
 * value safe on the path after the `if`. Recognised: allow-list membership, anchored regular
 * expression tests, validator.js checks and `isValid*`/`isSafe*` helpers (safe for every sink),
 * `startsWith` checks (paths and redirects), comparisons with a literal, and `typeof x === 'string'`
 * (NoSQL). A negated guard (`!ok(x)`, `x !== 'a'`) protects the code after an `if` whose branch
 * leaves (return, throw); a plain one (`ok(x)`, `x === 'a'`) protects the `if` branch itself.
 */
import { nodesOfType } from '../../../../core/index.js';
import { field, namedChildren, unwrap, walk, type Node } from '../syntax/tree.js';
import { textOf, type SourceFile } from '../syntax/source-file.js';
import { dottedName, lastSegment } from '../syntax/names.js';
import { constantList } from '../syntax/constants.js';
import { SINK_KINDS, type SinkKind } from './value.js';

export interface Guard {
  /** Source text of the guarded expression (an identifier or a member chain). */
  target: string;
  /** The guarded expression in the condition (its value is the one made safe). */
  node: Node;
  kinds: readonly SinkKind[];
  /** True when the check is negated: the value is safe where the condition is false. */
  negated: boolean;
}

/** `invert`: the check proves the value safe where it is false (a deny-list). */
type Check = Omit<Guard, 'negated'> & { invert?: boolean };
const PROTO_KEY = /__proto__|['"]constructor['"]|['"]prototype['"]/;
const PROTO_KINDS: readonly SinkKind[] = ['proto', 'mass'];
const check = (file: SourceFile, node: Node, kinds: readonly SinkKind[]): Check => ({ target: textOf(file, node), node, kinds });

function isNegated(file: SourceFile, node: Node): boolean {
  let p = node.parent;
  while (p && p.type === 'parenthesized_expression') p = p.parent;
  return p?.type === 'unary_expression' && textOf(file, p).startsWith('!');
}

/** Calls that never return: Next's `redirect()`/`notFound()` throw, `process.exit()` ends the process. */
const NEVER_RETURNS = /^(redirect|permanentRedirect|notFound|process\.exit|unauthorized|forbidden)\(/;

export function leaves(node: Node | undefined, file?: SourceFile): boolean {
  if (!node) return false;
  if (
    node.type === 'return_statement' ||
    node.type === 'throw_statement' ||
    node.type === 'continue_statement' ||
    node.type === 'break_statement'
  )
    return true;
  if (file && node.type === 'expression_statement' && NEVER_RETURNS.test(textOf(file, node))) return true;
  if (node.type === 'statement_block') {
    const stmts = namedChildren(node);
    return stmts.length > 0 && leaves(stmts[stmts.length - 1], file);
  }
  return false;
}

export function guardsOf(file: SourceFile, condition: Node): Guard[] {
  const guards: Guard[] = [];
  walk(condition, (n) => {
    if (n.type === 'call_expression')
      guards.push(...callGuard(file, n).map(({ invert, ...g }) => ({ ...g, negated: isNegated(file, n) !== (invert ?? false) })));
    else if (n.type === 'binary_expression') guards.push(...comparisonGuard(file, n));
  });
  return guards;
}

function callGuard(file: SourceFile, call: Node): Check[] {
  const callee = dottedName(file, field(call, 'function')!);
  const method = lastSegment(callee);
  const args = namedChildren(field(call, 'arguments') ?? call);
  const argNode = args[0] ? unwrap(args[0]) : null;
  const argTarget = argNode ? textOf(file, argNode) : null;
  const receiverNode = field(call, 'function')?.type === 'member_expression' ? field(field(call, 'function')!, 'object') : undefined;
  const receiver = receiverNode ? textOf(file, unwrap(receiverNode)) : null;
  // A deny-list of the prototype keys (`['__proto__', 'constructor'].includes(key)`): the key is safe where it is not in it.
  if ((method === 'includes' || method === 'has') && argNode && receiver && PROTO_KEY.test(receiver))
    return [{ ...check(file, argNode, PROTO_KINDS), invert: true }];
  if ((method === 'includes' || method === 'has') && argNode && receiver && allowList(file, receiver))
    return [check(file, argNode, SINK_KINDS)];
  // `obj.hasOwnProperty(key)`, `Object.hasOwn(obj, key)`: `__proto__` is no own key of a plain object.
  if (
    (method === 'hasOwnProperty' || callee === 'Object.hasOwn' || (method === 'call' && /hasOwnProperty\.call$/.test(callee))) &&
    args.length > 0
  ) {
    const key = unwrap(args[args.length - 1]!);
    return [check(file, key, PROTO_KINDS)];
  }
  const regex = receiverNode ? regexLiteral(file, unwrap(receiverNode)) : null;
  // An anchored literal (/^[\w-]+$/), directly or through a const, or a named constant (SAFE_NAME.test(x)).
  if (method === 'test' && argTarget && ((regex && anchored(textOf(file, regex))) || /^[A-Z][A-Z0-9_]+$/.test(receiver ?? ''))) {
    return [check(file, argNode!, SINK_KINDS)];
  }
  if (/^(validator\.)?is[A-Z]/.test(callee) && argNode) return [check(file, argNode, SINK_KINDS)];
  if (/^(isValid|isSafe|isAllowed)/.test(method) && argNode) return [check(file, argNode, SINK_KINDS)];
  if (method === 'startsWith' && receiverNode) return [check(file, unwrap(receiverNode), ['path', 'redirect'])];
  return [];
}

/**
 * A list the program wrote: an array literal, a constant's name (`ALLOWED`, `Config.HOSTS`), a local
 * bound to an array or Set literal, or a name that says so (`allowedHosts`, `validModes`).
 */
function allowList(file: SourceFile, receiver: string): boolean {
  if (/^[A-Z_$][\w$.]*$|^\[/.test(receiver)) return true;
  if (/^[\w$]+$/.test(receiver) && constantList(file, receiver)) return true;
  return /(^|\.)\w*(allow|white|permit|valid|trust|safe|known|accept|support|enabled|whitelist)\w*$/i.test(receiver);
}

/** The regex literal itself, or the one a `const` of that name in the file was initialised with. */
function regexLiteral(file: SourceFile, node: Node): Node | null {
  if (node.type === 'regex') return node;
  if (node.type !== 'identifier') return null;
  const name = textOf(file, node);
  for (const n of nodesOfType(file.root, 'variable_declarator')) {
    if (textOf(file, field(n, 'name')!) !== name) continue;
    const value = field(n, 'value');
    if (value && unwrap(value).type === 'regex') return unwrap(value);
  }
  return null;
}

function anchored(regex: string): boolean {
  return /^\/\^/.test(regex) && /\$\/[a-z]*$/.test(regex) && !/\.\*|\.\+/.test(regex);
}

function comparisonGuard(file: SourceFile, n: Node): Guard[] {
  const op = field(n, 'operator');
  if (!op || !['===', '!==', '==', '!='].includes(textOf(file, op))) return [];
  const negated = textOf(file, op).startsWith('!');
  let left = unwrap(field(n, 'left')!);
  let right = unwrap(field(n, 'right')!);
  if (left.type === 'string' || left.type === 'number') [left, right] = [right, left];
  if (right.type !== 'string' && right.type !== 'number') return [];
  // `key === '__proto__'` (then leave): past it the key is no prototype key.
  if (PROTO_KEY.test(textOf(file, right)) && ['identifier', 'member_expression', 'subscript_expression'].includes(left.type))
    return [{ ...check(file, left, PROTO_KINDS), negated: !negated }];
  // `typeof x !== 'string'`: past the check, x is a string and cannot carry a NoSQL operator.
  if (left.type === 'unary_expression' && textOf(file, left).startsWith('typeof')) {
    const arg = namedChildren(left)[0];
    return arg ? [{ ...check(file, unwrap(arg), ['nosql']), negated }] : [];
  }
  return ['identifier', 'member_expression'].includes(left.type) ? [{ ...check(file, left, SINK_KINDS), negated }] : [];
}
