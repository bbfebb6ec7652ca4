/**
 * Slow algorithms: a loop nested in a loop over the same collection (O(n²) where a single pass or an
 * index would do), and a linear search (`includes`, `indexOf`, `find`, `some`, ...) of an array inside
 * a loop over something else (O(n·m); a Set or Map built once makes each lookup O(1)).
 */
import type { Finding } from '../../../core/index.js';
import {
  calleeName,
  calleeObject,
  fieldChild,
  isFunction,
  isIterationCallback,
  ITERATION_METHODS,
  LOOP_TYPES,
  nodesOfType,
  rangeOf,
  startColumnOf,
  startRowOf,
  type SyntaxNode as Node,
  textOf,
  walk,
} from '../../../core/index.js';
import { callsNamed } from './calls-by-name.js';

const SEARCHES = new Set(['includes', 'indexOf', 'lastIndexOf', 'find', 'findIndex', 'findLast', 'findLastIndex', 'some', 'every']);
const CALLBACK_SEARCHES = new Set(['find', 'findIndex', 'findLast', 'findLastIndex', 'some', 'every']);
const ARRAY_TYPE = /\[\]\s*(=|$)|^:\s*(readonly\s+)?\w+\[\]|Array<|ReadonlyArray</;
const ARRAY_VALUE = /^(\[|Array\.from\(|new Array|Object\.(keys|values|entries)\()|\.(map|filter|split|slice|concat|flat|flatMap)\(/;
/** Small constant lists: searching them is effectively constant time. */
const SMALL_LIST = 10;
const LOOP_STATEMENTS = [...LOOP_TYPES];
const DECLARATION_HOLDERS = ['variable_declarator', 'required_parameter', 'optional_parameter'];

/** The collection a loop walks, as source text: `for (x of xs)`, `xs.forEach(...)`, `for (...; i < xs.length; ...)`. */
export function loopCollection(loop: Node, source: string): string | undefined {
  if (loop.type === 'for_in_statement') {
    const right = fieldChild(loop, 'right');
    return right ? textOf(right, source) : undefined;
  }
  if (loop.type === 'for_statement') {
    const condition = fieldChild(loop, 'condition');
    const match = condition ? /<=?\s*([\w.$]+)\.length\b/.exec(textOf(condition, source)) : null;
    return match?.[1];
  }
  if (isFunction(loop)) {
    const receiver = calleeObject(loop.parent!.parent!);
    return receiver ? textOf(receiver, source) : undefined;
  }
  return undefined;
}

/** The loop walks an array literal or a small module constant list. */
function iteratesConstants(loop: Node, source: string, small: ReadonlySet<string>): boolean {
  const collection =
    loop.type === 'for_in_statement' ? fieldChild(loop, 'right') : isFunction(loop) ? calleeObject(loop.parent!.parent!) : undefined;
  if (!collection) return false;
  return collection.type === 'array' || small.has(textOf(collection, source));
}

/** Loops enclosing `node`, innermost first, crossing iteration callbacks but not other functions. */
export function enclosingLoops(node: Node, source: string): Node[] {
  const loops: Node[] = [];
  for (let a = node.parent; a; a = a.parent) {
    if (LOOP_TYPES.has(a.type)) loops.push(a);
    else if (isFunction(a)) {
      if (!isIterationCallback(a, source)) break;
      loops.push(a);
    }
  }
  return loops;
}

/**
 * Every loop of a file (what `enclosingLoops` counts as one), in pre-order: the loop statements from the
 * tree's index, and the function arguments of iteration calls (`xs.forEach(...)`, what
 * `isIterationCallback` accepts) from the file's calls by name.
 */
function loopsOf(root: Node, source: string): Node[] {
  const statements = nodesOfType(root, LOOP_STATEMENTS);
  const callbacks: Node[] = [];
  for (const call of callsNamed(root, source, ITERATION_METHODS)) {
    const args = fieldChild(call, 'arguments');
    if (args?.type !== 'arguments' || !calleeObject(call)) continue;
    for (const arg of args.children) if (isFunction(arg)) callbacks.push(arg);
  }
  if (callbacks.length === 0) return [...statements];
  return [...statements, ...callbacks].sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex);
}

export function nestedLoopFindings(file: string, root: Node, source: string): Finding[] {
  const loops = loopsOf(root, source);
  // A nested loop needs two loops.
  if (loops.length < 2) return [];
  const findings: Finding[] = [];
  for (const loop of loops) {
    const collection = loopCollection(loop, source);
    if (!collection) continue;
    const outer = enclosingLoops(loop, source).find((o) => loopCollection(o, source) === collection);
    if (!outer) continue;
    const at = isFunction(loop) ? loop.parent!.parent! : loop;
    findings.push({
      ruleId: 'performance/nested-loop-same-collection',
      severity: 'medium',
      message: `A loop over '${collection}' runs inside another loop over '${collection}' (line ${startRowOf(outer) + 1}): O(n²); index the items in a Map or Set in one pass instead.`,
      file,
      range:
        rangeOf(at).startLine === rangeOf(at).endLine
          ? rangeOf(at)
          : { ...rangeOf(at), endLine: startRowOf(at) + 1, endColumn: startColumnOf(at) + 1 },
      data: { collection, outerLine: startRowOf(outer) + 1 },
    });
  }
  return findings;
}

interface ArrayFacts {
  arrays: Set<string>;
  small: Set<string>;
}

/** Names the file declares as arrays (by type annotation or initialiser), and which are small constant lists. */
function arrayFacts(root: Node, source: string): ArrayFacts {
  const facts: ArrayFacts = { arrays: new Set(), small: new Set() };
  for (const holder of nodesOfType(root, DECLARATION_HOLDERS)) {
    const id = fieldChild(holder, 'name') ?? fieldChild(holder, 'pattern');
    if (id?.type !== 'identifier') continue;
    const name = textOf(id, source);
    const type = fieldChild(holder, 'type');
    const value = fieldChild(holder, 'value');
    if ((type && ARRAY_TYPE.test(textOf(type, source).trim())) || (value && ARRAY_VALUE.test(textOf(value, source))))
      facts.arrays.add(name);
    const isConst = holder.parent?.type === 'lexical_declaration' && textOf(holder.parent, source).startsWith('const');
    if (isConst && value?.type === 'array' && value.children.filter((c) => c.named).length <= SMALL_LIST) facts.small.add(name);
  }
  return facts;
}

/** Is `name` declared (const/let/var) inside `loop`, so it is a new value each iteration? */
function declaredInside(loop: Node, name: string, source: string): boolean {
  let found = false;
  walk(loop, (n) => {
    if (found) return false;
    if (n.type === 'variable_declarator') {
      const id = fieldChild(n, 'name');
      if (id && textOf(id, source).split(/\W+/).includes(name)) found = true;
    }
    return undefined;
  });
  return found;
}

/** Names a loop binds per iteration: `for (const x of ...)`, a callback's parameters, a for loop's counters. */
function loopBindings(loop: Node, source: string): Set<string> {
  const head =
    loop.type === 'for_in_statement'
      ? fieldChild(loop, 'left')
      : loop.type === 'for_statement'
        ? fieldChild(loop, 'initializer')
        : (fieldChild(loop, 'parameters') ?? fieldChild(loop, 'parameter'));
  const names = new Set<string>();
  if (head)
    walk(head, (n) => {
      if (n.type === 'identifier' || n.type === 'shorthand_property_identifier_pattern') names.add(textOf(n, source));
    });
  return names;
}

export function linearSearchFindings(file: string, root: Node, source: string): Finding[] {
  // Made on the first search found in a loop: most files have none.
  let facts: ArrayFacts | undefined;
  const findings: Finding[] = [];
  for (const call of callsNamed(root, source, SEARCHES)) {
    const method = calleeName(call, source);
    const receiver = calleeObject(call);
    if (!method || !SEARCHES.has(method) || !receiver) continue;
    const loops = enclosingLoops(call, source);
    const loop = loops[0];
    if (!loop) continue;
    facts ??= arrayFacts(root, source);
    const name = textOf(receiver, source);
    const known = receiver.type === 'identifier' && facts.arrays.has(name);
    if (!known && !(CALLBACK_SEARCHES.has(method) && receiver.type !== 'array')) continue;
    if (receiver.type === 'array' || facts.small.has(name) || loopCollection(loop, source) === name) continue;
    // A loop over a handful of constants (`['a.json', 'b.json'].find(...)`, a small const list) is O(m), not O(n·m).
    const small = facts.small;
    if (loops.every((l) => iteratesConstants(l, source, small))) continue;
    // A list built inside the loop is a different list each iteration: no index to hoist.
    const rootName = name.split(/[.[]/)[0]!;
    if (declaredInside(loop, rootName, source) || loops.some((l) => loopBindings(l, source).has(rootName))) continue;
    if (!known && receiver.type !== 'identifier' && !/^[\w$.]+$/.test(name)) continue;
    findings.push({
      ruleId: 'performance/linear-search-in-loop',
      severity: 'low',
      message: `'${name}.${method}()' searches an array on every iteration of the loop at line ${startRowOf(loop) + 1} (O(n·m)); build a Set or Map from '${name}' once before the loop.`,
      file,
      range:
        rangeOf(call).startLine === rangeOf(call).endLine
          ? rangeOf(call)
          : { ...rangeOf(call), endLine: startRowOf(call) + 1, endColumn: startColumnOf(call) + 1 },
      data: { receiver: name, method, loopLine: startRowOf(loop) + 1 },
    });
  }
  return findings;
}
