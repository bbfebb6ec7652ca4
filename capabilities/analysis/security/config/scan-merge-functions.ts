/**
 * Prototype pollution in the project's own recursive merges: a function that walks an object's keys
 * (`for...in`, `for...of Object.keys/entries`), writes `target[key] = ...`
 * and calls itself on `target[key]`, without refusing `__proto__`/`constructor`/`prototype` (or
 * checking own keys). Given `{"__proto__": {"isAdmin": true}}` (JSON.parse keeps the key), the
 * recursion walks into Object.prototype and writes there. Found from the key loops (the tree's
 * index), few per file, rather than from every function. `Object.keys(x).forEach(...)` merges are not
 * looked for: finding them means touching every call of every file, which costs more than this whole rule.
 */
import { nodesOfType } from '../../../../core/index.js';
import { ancestors, field, namedChildren, unwrap, walk, type Node } from '../syntax/tree.js';
import { rangeOf, textOf, type SourceFile } from '../syntax/source-file.js';
import { bindingName, dottedName } from '../syntax/names.js';
import type { RawFinding } from '../raw-finding.js';

const KEY_CHECK =
  /__proto__|['"`]constructor['"`]|['"`]prototype['"`]|hasOwnProperty|hasOwn\(|Object\.create\(\s*null\s*\)|isSafeKey|isPrototypePolluted|isProtoKey|propertyIsEnumerable/;
const NAMED_FUNCTIONS = new Set([
  'function_declaration',
  'function_expression',
  'function',
  'arrow_function',
  'method_definition',
  'generator_function_declaration',
]);

export function scanMergeFunctions(file: SourceFile): RawFinding[] {
  const out: RawFinding[] = [];
  const done = new Set<Node>();
  for (const loop of keyLoops(file)) {
    const fn = ancestors(loop.node).find((a) => NAMED_FUNCTIONS.has(a.type));
    if (!fn || done.has(fn)) continue;
    const name = functionName(file, fn);
    // The function must call itself: its name followed by `(` inside its body (no walk when it does not).
    if (!name || !callsItself(file, fn, name)) continue;
    const write = keyWrite(file, loop.body, loop.key, loop.over);
    if (!write || !recurses(file, fn, name, loop.key) || KEY_CHECK.test(textOf(file, fn))) continue;
    done.add(fn);
    out.push({
      ruleId: 'security/prototype-pollution',
      range: rangeOf(write),
      message: `${name}() merges recursively and copies every key, \`__proto__\` and \`constructor\` included: merged input can write into Object.prototype.`,
      data: { function: name },
    });
  }
  return out;
}

interface KeyLoop {
  node: Node;
  key: string;
  body: Node;
  /** The object whose keys are walked (`source` of `for (k in source)`, of `Object.keys(source)`). */
  over: string;
}

/** Loops over an object's keys, with the loop variable's name. */
function keyLoops(file: SourceFile): KeyLoop[] {
  const out: KeyLoop[] = [];
  for (const n of nodesOfType(file.root, 'for_in_statement')) {
    const key = keyName(file, field(n, 'left'));
    const body = field(n, 'body');
    const right = field(n, 'right');
    if (!key || !body || !right) continue;
    // `for (k in o)`, or `for (k of Object.keys(o))`: not `for (x of array)`.
    const keyword = file.source.slice(field(n, 'left')!.endIndex, right.startIndex);
    if (
      !/\bin\b/.test(keyword) &&
      !(unwrap(right).type === 'call_expression' && /(^|\.)(keys|entries|getOwnPropertyNames)\(\)$/.test(dottedName(file, unwrap(right))))
    )
      continue;
    out.push({ node: n, key, body, over: iterated(file, right) });
  }
  return out;
}

/** `source` of `source`, `Object.keys(source)`, `Object.entries(source)`. */
function iterated(file: SourceFile, node: Node): string {
  const n = unwrap(node);
  if (n.type === 'call_expression') {
    const first = namedChildren(field(n, 'arguments') ?? n)[0];
    if (first && /(^|\.)(keys|entries|getOwnPropertyNames)$/.test(dottedName(file, field(n, 'function')!)))
      return textOf(file, unwrap(first));
  }
  return textOf(file, n);
}

/** `name(` between the start and the end of the function's body, found without copying the text. */
function callsItself(file: SourceFile, fn: Node, name: string): boolean {
  const body = field(fn, 'body');
  if (!body) return false;
  const at = file.source.indexOf(`${name}(`, body.startIndex);
  return at >= 0 && at < body.endIndex;
}

function functionName(file: SourceFile, fn: Node): string | null {
  const name = field(fn, 'name');
  if (name) return textOf(file, name);
  const bound = bindingName(file, fn);
  return bound ? bound.split('.').pop()! : null;
}

/**
 * `target[key] = ...` in the loop body, into another object than the one walked (a merge; rewriting
 * the walked object's own values in place, `obj[k] = f(obj[k])`, adds no key): the write that copies
 * from the source (`= source[key]`) when there are several.
 */
function keyWrite(file: SourceFile, body: Node, key: string, over: string): Node | null {
  const writes: Node[] = [];
  walk(body, (n) => {
    if (n.type !== 'assignment_expression') return undefined;
    const left = unwrap(field(n, 'left')!);
    const index = left.type === 'subscript_expression' ? field(left, 'index') : undefined;
    if (index && textOf(file, unwrap(index)) === key && textOf(file, unwrap(field(left, 'object')!)) !== over) writes.push(n);
    return undefined;
  });
  const copies = new RegExp(`\\[\\s*${key.replace(/\$/g, '\\$')}\\s*\\]`);
  return writes.find((w) => copies.test(textOf(file, field(w, 'right')!))) ?? writes[0] ?? null;
}

/** The function calls itself with `x[key]`. */
function recurses(file: SourceFile, fn: Node, name: string, key: string): boolean {
  const keyed = new RegExp(`\\[\\s*${key.replace(/\$/g, '\\$')}\\s*\\]`);
  let found = false;
  walk(fn, (n) => {
    if (found) return false;
    if (n.type !== 'call_expression') return undefined;
    const callee = dottedName(file, field(n, 'function')!);
    if ((callee === name || callee === `this.${name}`) && keyed.test(textOf(file, n))) found = true;
    return undefined;
  });
  return found;
}

/** The loop variable: `key` of `const key in`, `[key, value]` of entries, a callback's first parameter. */
function keyName(file: SourceFile, node: Node | undefined): string | null {
  if (!node) return null;
  const n = unwrap(node);
  if (n.type === 'identifier') return textOf(file, n);
  if (n.type === 'required_parameter') return keyName(file, field(n, 'pattern'));
  if (n.type === 'array_pattern') return keyName(file, namedChildren(n)[0]);
  return null;
}
