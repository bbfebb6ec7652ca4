/**
 * Argument candidates for an exported function, from its own code: the literals in its body (numbers
 * with their neighbours — the boundary values of a comparison — and strings), its parameters' default
 * values, and a few plain values of each type, ordered by what the body does with each parameter
 * (string methods → strings first, arithmetic or comparisons → numbers first). Functions with
 * rest parameters are not probed; a destructured (options) parameter is left to its default (or `{}`).
 */
import type { Node } from '../gaps/exported-functions.js';

const MAX_CALLS = 64;
const BASE_NUMBERS = [0, 1, -1, 2, 10];
const BASE_STRINGS = ['', 'hello world', 'A'];
const STRING_USE = /\.(length|trim|split|slice|toLowerCase|toUpperCase|replace|startsWith|endsWith|includes|padStart|padEnd|charAt|at)\b/;

export interface Candidates {
  params: string[];
  calls: unknown[][];
}

function literalOf(node: Node): unknown {
  if (node.type === 'number') return Number(node.text.replace(/_/g, ''));
  if (node.type === 'string') return node.text.slice(1, -1);
  if (node.type === 'true') return true;
  if (node.type === 'false') return false;
  if (node.type === 'null') return null;
  if (node.type === 'unary_expression' && node.text.startsWith('-') && node.namedChildren[0]?.type === 'number')
    return -Number(node.namedChildren[0].text);
  return undefined;
}

function literals(node: Node): { numbers: number[]; strings: string[] } {
  const numbers = new Set<number>();
  const strings = new Set<string>();
  const stack = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const value = literalOf(n);
    if (typeof value === 'number' && Number.isFinite(value)) for (const v of [value, value - 1, value + 1]) numbers.add(v);
    else if (typeof value === 'string' && !value.includes('\\') && value.length <= 40) strings.add(value);
    else stack.push(...n.namedChildren);
  }
  return { numbers: [...numbers], strings: [...strings] };
}

function unique(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = JSON.stringify(v) ?? 'undefined';
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function interleave(a: unknown[], b: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) out.push(...(i < a.length ? [a[i]] : []), ...(i < b.length ? [b[i]] : []));
  return out;
}

/** The values a parameter is compared with in the body (`code === 'HALF'`, `n < 5`): its branch boundaries, tried first. */
function comparedWith(name: string, body: string): unknown[] {
  const id = name.replace(/[$]/g, '\\$');
  const out: unknown[] = [];
  for (const m of body.matchAll(
    new RegExp(`\\b${id}\\s*[!=]==?\\s*(['"])([^'"\\\\]*)\\1|(['"])([^'"\\\\]*)\\3\\s*[!=]==?\\s*${id}\\b`, 'g'),
  ))
    out.push(m[2] ?? m[4]);
  for (const m of body.matchAll(new RegExp(`\\b${id}\\s*(?:[<>]=?|[!=]==?)\\s*(-?\\d+(?:\\.\\d+)?)\\b`, 'g'))) {
    const n = Number(m[1]);
    out.push(n, n - 1, n + 1);
  }
  return out;
}

/** Null when the function's parameters cannot be probed with plain values. */
export function candidatesOf(fn: Node): Candidates | null {
  const paramsNode = fn.childForFieldName('parameters') ?? fn.childForFieldName('parameter');
  const body = fn.childForFieldName('body');
  if (!body) return null;
  const rawParams = paramsNode
    ? paramsNode.type === 'identifier'
      ? [paramsNode]
      : paramsNode.namedChildren.filter((c) => c.type !== 'comment')
    : [];
  const params: string[] = [];
  const defaults: unknown[] = [];
  const destructured = new Set<number>();
  for (const p of rawParams) {
    if (p.type === 'identifier') {
      params.push(p.text);
      defaults.push(undefined);
    } else if (p.type === 'assignment_pattern' && p.childForFieldName('left')?.type === 'identifier') {
      params.push(p.childForFieldName('left')!.text);
      defaults.push(literalOf(p.childForFieldName('right')!));
    } else if (p.type === 'assignment_pattern' || p.type === 'object_pattern') {
      // A destructured options parameter (`{separator = '_'} = {}`): called with its default, or with `{}` when it has none.
      params.push(`#${params.length}`);
      defaults.push(p.type === 'object_pattern' ? {} : undefined);
      destructured.add(params.length - 1);
    } else {
      return null;
    }
  }
  const { numbers, strings } = literals(body);
  const bodyText = body.text;
  const pools = params.map((name, i) => {
    if (destructured.has(i)) return [defaults[i]];
    const escaped = name.replace(/[$]/g, '\\$');
    const stringy = new RegExp(`\\b${escaped}${STRING_USE.source}`).test(bodyText) || new RegExp(`\\$\\{${escaped}\\}`).test(bodyText);
    const numeric = new RegExp(`\\b${escaped}\\s*[-*/%<>]|[-*/%<>]=?\\s*${escaped}\\b`).test(bodyText);
    const nums = [...numbers, ...BASE_NUMBERS];
    const strs = [...strings, ...BASE_STRINGS];
    const ordered = stringy && !numeric ? [...strs, ...nums] : numeric && !stringy ? [...nums, ...strs] : interleave(nums, strs);
    return unique([...(defaults[i] !== undefined ? [defaults[i]] : []), ...comparedWith(name, bodyText), ...ordered, true, false]).slice(
      0,
      12,
    );
  });
  // Trailing undefined arguments are left off (they would cross to the sandbox as JSON null, not as a missing argument).
  const calls = combinations(pools).map((args) => {
    let end = args.length;
    while (end > 0 && args[end - 1] === undefined) end -= 1;
    return args.slice(0, end);
  });
  return { params, calls };
}

/** Up to MAX_CALLS argument lists: every value of each parameter at least once (the others at their first value), then further mixes. */
function combinations(pools: unknown[][]): unknown[][] {
  if (pools.length === 0) return [[]];
  const calls: unknown[][] = [];
  const seen = new Set<string>();
  const add = (args: unknown[]): void => {
    const key = JSON.stringify(args);
    if (!seen.has(key) && calls.length < MAX_CALLS) {
      seen.add(key);
      calls.push(args);
    }
  };
  const first = pools.map((p) => p[0]);
  // Round-robin over the parameters, so each one's branch values come early (the selection keeps the first per outcome).
  const longest = Math.max(...pools.map((p) => p.length));
  for (let k = 0; k < longest; k += 1)
    for (let i = 0; i < pools.length; i += 1) if (k < pools[i]!.length) add(first.map((v, j) => (j === i ? pools[i]![k] : v)));
  for (let depth = 1; calls.length < MAX_CALLS && depth < 12; depth += 1) {
    for (let i = 0; i < pools.length; i += 1)
      for (const value of pools[i]!) add(pools.map((p, j) => (j === i ? value : p[Math.min(depth, p.length - 1)])));
  }
  return calls;
}
