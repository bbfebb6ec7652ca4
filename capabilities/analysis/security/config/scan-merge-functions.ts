/**
 * Prototype pollution in the project's own recursive merges: a function that walks an object's keys
 * (`for...in`, `for...of Object.keys/entries`, `Object.keys(x).forEach`), writes `target[key] = ...`
 * and calls itself on `target[key]`, without refusing `__proto__`/`constructor`/`prototype` (or
 * checking own keys). Given `{"__proto__": {"isAdmin": true}}` (JSON.parse keeps the key), the
 * recursion walks into Object.prototype and writes there. Found from the key loops (the tree's
 * index), few per file, rather than from every function.
 */
import { nodesOfType } from '../../../../core/index.js';
import { ancestors, field, FUNCTION_TYPES, namedChildren, unwrap, walk, type Node } from '../syntax/tree.js';
import { rangeOf, textOf, type SourceFile } from '../syntax/source-file.js';
import { bindingName, dottedName } from '../syntax/names.js';
import type { RawFinding } from '../raw-finding.js';

const KEY_CHECK = /__proto__|['"`]constructor['"`]|['"`]prototype['"`]|hasOwnProperty|hasOwn\(|Object\.create\(\s*null\s*\)|isSafeKey|isPrototypePolluted|isProtoKey|propertyIsEnumerable/;
const NAMED_FUNCTIONS = new Set(['function_declaration', 'function_expression', 'function', 'arrow_function', 'method_definition', 'generator_function_declaration']);

export function scanMergeFunctions(file: SourceFile): RawFinding[] {
  const out: RawFinding[] = [];
  const done = new Set<Node>();
  for (const loop of keyLoops(file)) {
    const fn = ancestors(loop.node).find((a) => NAMED_FUNCTIONS.has(a.type));
    if (!fn || done.has(fn)) continue;
    const name = functionName(file, fn);
    const write = name ? keyWrite(file, loop.body, loop.key, loop.over) : null;
    if (!name || !write || !recurses(file, fn, name, loop.key) || KEY_CHECK.test(textOf(file, fn))) continue;
    done.add(fn);
    out.push({
      ruleId: 'security/prototype-pollution', range: rangeOf(write),
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
    if (key && body && right) out.push({ node: n, key, body, over: iterated(file, right) });
  }
  if (!file.source.includes('.forEach(')) return out;
  for (const n of nodesOfType(file.root, 'call_expression')) {
    const callee = field(n, 'function');
    const property = callee?.type === 'member_expression' ? field(callee, 'property') : undefined;
    if (!callee || !property || property.endIndex - property.startIndex !== 7 || !file.source.startsWith('forEach', property.startIndex)) continue;
    const object = field(callee, 'object');
    if (!object || !/(^|\.)(keys|entries)\(\)$/.test(dottedName(file, object))) continue;
    const cb = namedChildren(field(n, 'arguments')!).find((c) => FUNCTION_TYPES.has(c.type));
    const params = cb ? (field(cb, 'parameters') ?? field(cb, 'parameter')) : undefined;
    const key = params ? keyName(file, params.type === 'formal_parameters' ? namedChildren(params)[0] : params) : null;
    const body = cb ? field(cb, 'body') : undefined;
    if (key && body) out.push({ node: n, key, body, over: iterated(file, object) });
  }
  return out;
}

/** `source` of `source`, `Object.keys(source)`, `Object.entries(source)`. */
function iterated(file: SourceFile, node: Node): string {
  const n = unwrap(node);
  if (n.type === 'call_expression') {
    const first = namedChildren(field(n, 'arguments') ?? n)[0];
    if (first && /(^|\.)(keys|entries)$/.test(dottedName(file, field(n, 'function')!))) return textOf(file, unwrap(first));
  }
  return textOf(file, n);
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
