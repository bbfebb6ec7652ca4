/**
 * Memory leaks: listeners added where they are added again and again (React effects, componentDidMount,
 * any function for global targets) without being removed; intervals started in a function and never
 * cleared; module-level Maps, Sets, arrays and objects that functions only ever grow under unbounded keys
 * (cache-keys.ts tells a fixed key set from unbounded input).
 */
import type { Finding } from '../../../core/index.js';
import {
  ancestors,
  callArguments,
  calleeName,
  calleeObject,
  fieldChild,
  isFunction,
  nodesOfType,
  rangeOf,
  skipParens,
  startColumnOf,
  startRowOf,
  type SyntaxNode as Node,
  textOf,
  walk,
} from '../../../core/index.js';
import { CacheKeys } from './cache-keys.js';
import { callsNamed } from './calls-by-name.js';

const EFFECT_HOOKS = new Set(['useEffect', 'useLayoutEffect', 'useInsertionEffect']);
const GLOBAL_TARGETS = /^(window|document|globalThis|self|process|document\.body|navigator\.\w+|screen)$/;
const SUBSCRIBE = new Set(['on', 'addListener', 'subscribe', 'addEventListener', 'watch']);

function stringArg(call: Node, index: number, source: string): string | undefined {
  const arg = callArguments(call)[index];
  return arg?.type === 'string' ? textOf(arg, source).slice(1, -1) : undefined;
}

/** The callback of a `useEffect(() => {...})` enclosing `node`, if any (the nearest function must be it). */
function enclosingEffect(node: Node, source: string): Node | undefined {
  const fn = ancestors(node).find(isFunction);
  const call = fn?.parent?.parent;
  if (!fn || fn.parent?.type !== 'arguments' || call?.type !== 'call_expression') return undefined;
  return EFFECT_HOOKS.has(calleeName(call, source) ?? '') ? fn : undefined;
}

function enclosingMethodNamed(node: Node, name: string, source: string): Node | undefined {
  const method = ancestors(node).find((a) => a.type === 'method_definition');
  const key = method ? fieldChild(method, 'name') : undefined;
  return key && textOf(key, source) === name ? method : undefined;
}

/** Does `call` remove `event` (or any event, when the event is not a literal)? */
function isRemoval(call: Node, removers: Set<string>, event: string | undefined, source: string): boolean {
  return (
    removers.has(calleeName(call, source) ?? '') &&
    (event === undefined || stringArg(call, 0, source) === event || stringArg(call, 0, source) === undefined)
  );
}

/** Does `scope` call `remover` for `event` (or any event, when the event is not a literal)? */
function removes(scope: Node, removers: Set<string>, event: string | undefined, source: string): boolean {
  let found = false;
  walk(scope, (n) => {
    if (found) return false;
    if (n.type === 'call_expression') found = isRemoval(n, removers, event, source);
    return undefined;
  });
  return found;
}

/** `removes` over the whole file, from the tree's index of calls. */
function fileRemoves(root: Node, removers: Set<string>, event: string | undefined, source: string): boolean {
  return callsNamed(root, source, removers).some((call) => isRemoval(call, removers, event, source));
}

/** An effect cleans up when its callback returns a function (or a call's result, like an unsubscribe). */
function effectReturnsCleanup(effect: Node): boolean {
  const body = fieldChild(effect, 'body');
  if (!body || body.type !== 'statement_block') return false;
  return body.children.some((s) => s.type === 'return_statement' && s.children.some((c) => c.named));
}

function listenerFinding(file: string, call: Node, what: string, fix: string): Finding {
  return { ruleId: 'performance/unremoved-listener', severity: 'medium', message: `${what}; ${fix}`, file, range: rangeOf(call), data: {} };
}

function hasAutoRemoval(call: Node, source: string): boolean {
  const options = callArguments(call)[2];
  return options !== undefined && /\bonce\s*:\s*true\b|\bsignal\b/.test(textOf(options, source));
}

export function listenerFindings(file: string, root: Node, source: string): Finding[] {
  const findings: Finding[] = [];
  for (const call of callsNamed(root, source, SUBSCRIBE)) {
    const method = calleeName(call, source);
    const target = calleeObject(call);
    if (!method || !SUBSCRIBE.has(method) || !target) continue;
    const event = stringArg(call, 0, source);
    const label = `'${textOf(target, source)}.${method}(${event ? `'${event}'` : '...'})'`;
    const effect = enclosingEffect(call, source);
    if (effect) {
      if (!effectReturnsCleanup(effect))
        findings.push(
          listenerFinding(
            file,
            call,
            `${label} in an effect that returns no cleanup adds another listener every time the effect runs`,
            'return a cleanup function that removes it.',
          ),
        );
      continue;
    }
    if (method !== 'addEventListener' || hasAutoRemoval(call, source)) continue;
    const remover = new Set(['removeEventListener']);
    const mounted = enclosingMethodNamed(call, 'componentDidMount', source);
    if (mounted) {
      if (!removes(mounted.parent!, remover, event, source))
        findings.push(listenerFinding(file, call, `${label} in componentDidMount is never removed`, 'remove it in componentWillUnmount.'));
      continue;
    }
    if (ancestors(call).some(isFunction) && GLOBAL_TARGETS.test(textOf(target, source)) && !fileRemoves(root, remover, event, source)) {
      findings.push(
        listenerFinding(
          file,
          call,
          `${label} on a global target inside a function is never removed: each call adds one more`,
          'call removeEventListener with the same handler, or pass { once: true } or an AbortSignal.',
        ),
      );
    }
  }
  return findings;
}

/** The name an interval id is kept under: `const id = setInterval(...)`, `this.timer = setInterval(...)`. */
function intervalHolder(call: Node, source: string): string | undefined {
  const parent = call.parent;
  if (parent?.type === 'variable_declarator') return textOf(fieldChild(parent, 'name')!, source);
  if (parent?.type === 'assignment_expression') return textOf(fieldChild(parent, 'left')!, source);
  return undefined;
}

export function intervalFindings(file: string, root: Node, source: string): Finding[] {
  const intervals = callsNamed(root, source, ['setInterval']);
  if (intervals.length === 0) return [];
  const cleared = new Set<string>();
  for (const n of callsNamed(root, source, ['clearInterval', 'clearTimeout'])) {
    const arg = callArguments(n)[0];
    if (arg) cleared.add(textOf(arg, source).replace(/^this\./, ''));
  }
  const findings: Finding[] = [];
  for (const call of intervals) {
    // Top-level intervals run once per process by design; `.unref()`ed ones do not keep it alive either.
    if (!ancestors(call).some(isFunction)) continue;
    const parent = call.parent;
    if (parent?.type === 'member_expression' && textOf(fieldChild(parent, 'property')!, source) === 'unref') continue;
    const holder = intervalHolder(call, source);
    if (holder && cleared.has(holder.replace(/^this\./, ''))) continue;
    findings.push({
      ruleId: 'performance/uncleared-interval',
      severity: 'medium',
      message: holder
        ? `Interval '${holder}' is never passed to clearInterval: it runs (and keeps its closure alive) forever; clear it when its owner goes away.`
        : "setInterval's id is discarded, so the interval can never be cleared; keep the id and clear it when its owner goes away.",
      file,
      range:
        rangeOf(call).startLine === rangeOf(call).endLine
          ? rangeOf(call)
          : { ...rangeOf(call), endLine: startRowOf(call) + 1, endColumn: startColumnOf(call) + 1 },
      data: { holder: holder ?? null },
    });
  }
  return findings;
}

const GROW = new Set(['set', 'add', 'push', 'unshift']);
/** Growth that takes no key: every call appends, whatever it appends. */
const APPEND = new Set(['push', 'unshift']);
const SHRINK = new Set(['delete', 'clear', 'pop', 'shift', 'splice']);
const SIZE_COMPARISON = /^(<|<=|>|>=|===|!==|==|!=)$/;

function moduleCollections(root: Node, source: string): Map<string, Node> {
  const found = new Map<string, Node>();
  for (const statement of root.children) {
    if (statement.type !== 'lexical_declaration' && statement.type !== 'variable_declaration') continue;
    for (const d of statement.children.filter((c) => c.type === 'variable_declarator')) {
      const id = fieldChild(d, 'name');
      const value = skipParens(fieldChild(d, 'value'));
      if (id?.type !== 'identifier' || !value) continue;
      const text = textOf(value, source);
      if (/^new (Map|Set)\b/.test(text) || text === '[]' || text === '{}') found.set(textOf(id, source), d);
    }
  }
  return found;
}

/** How one mention of a collection uses it; `key` is what a growth is keyed by (none for an append). */
type Use = { kind: 'grow'; key: Node | undefined } | { kind: 'shrink' | 'escape' | 'other' };

/** `cache.size > 100`, `log.length >= MAX`: a size check is a bound, whatever it then does. */
function isSizeCheck(member: Node, source: string): boolean {
  const property = textOf(fieldChild(member, 'property')!, source);
  let outer = member.parent;
  while (outer?.type === 'parenthesized_expression') outer = outer.parent;
  if ((property !== 'size' && property !== 'length') || outer?.type !== 'binary_expression') return false;
  const operator = fieldChild(outer, 'operator') ?? outer.children.find((c) => !c.named);
  return operator !== undefined && SIZE_COMPARISON.test(textOf(operator, source));
}

function useOf(id: Node, source: string): Use {
  const parent = id.parent!;
  if (parent.type === 'member_expression' && id.field === 'object') {
    const call = parent.parent;
    const property = textOf(fieldChild(parent, 'property')!, source);
    if (call?.type === 'call_expression' && parent.field === 'function') {
      if (GROW.has(property)) return { kind: 'grow', key: APPEND.has(property) ? undefined : callArguments(call)[0] };
      return { kind: SHRINK.has(property) ? 'shrink' : 'other' };
    }
    if (property === 'length' && call?.type === 'assignment_expression' && parent.field === 'left') return { kind: 'shrink' };
    if (isSizeCheck(parent, source)) return { kind: 'shrink' };
    return { kind: 'other' };
  }
  if (parent.type === 'subscript_expression' && id.field === 'object') {
    const outer = parent.parent;
    if (outer?.type === 'assignment_expression' && parent.field === 'left') return { kind: 'grow', key: fieldChild(parent, 'index') };
    if (outer?.type === 'unary_expression' && textOf(outer, source).startsWith('delete')) return { kind: 'shrink' };
    return { kind: 'other' };
  }
  if (parent.type === 'assignment_expression' && id.field === 'left') return { kind: 'shrink' };
  if (
    parent.type === 'arguments' ||
    parent.type === 'return_statement' ||
    parent.type === 'export_specifier' ||
    parent.type === 'spread_element'
  )
    return { kind: 'escape' };
  return { kind: 'other' };
}

interface CollectionUses {
  /** The first growth inside a function whose key is not drawn from a fixed set (`null`: an append). */
  unboundedGrowth?: { key: string | null };
  shrinks: boolean;
  escapes: boolean;
}

/**
 * Module-level collections that functions grow without bound: a growth keyed by unbounded input (or an
 * append), no eviction (delete, clear, a size check), and the collection never handed elsewhere (whoever
 * receives it may evict). Maps and Sets keyed by a fixed set of values are per-process tables, not leaks.
 */
export function unboundedCacheFindings(file: string, root: Node, source: string): Finding[] {
  const collections = moduleCollections(root, source);
  if (collections.size === 0) return [];
  const keys = new CacheKeys(root, source);
  const uses = new Map<string, CollectionUses>();
  // Identifiers are the commonest node: compare lengths before slicing out each one's text.
  const lengths = new Set([...collections.keys()].map((name) => name.length));
  for (const n of nodesOfType(root, 'identifier')) {
    if (!lengths.has(n.endIndex - n.startIndex) || !collections.has(textOf(n, source))) continue;
    const name = textOf(n, source);
    const entry = uses.get(name) ?? { shrinks: false, escapes: false };
    const use = useOf(n, source);
    if (use.kind === 'grow' && !entry.unboundedGrowth && ancestors(n).some(isFunction)) {
      if (use.key === undefined) entry.unboundedGrowth = { key: null };
      else if (!keys.declaredKeyTypeIsBounded(collections.get(name)!) && !keys.keyIsBounded(use.key))
        entry.unboundedGrowth = { key: textOf(use.key, source) };
    }
    if (use.kind === 'shrink') entry.shrinks = true;
    if (use.kind === 'escape') entry.escapes = true;
    uses.set(name, entry);
  }
  const findings: Finding[] = [];
  for (const [name, declarator] of collections) {
    const use = uses.get(name);
    const exported = declarator.parent?.parent?.type === 'export_statement';
    if (!use?.unboundedGrowth || use.shrinks || use.escapes || exported) continue;
    const key = use.unboundedGrowth.key;
    const how = key === null ? 'every call appends to it' : `every call can add an entry under a new key ('${key}')`;
    findings.push({
      ruleId: 'performance/unbounded-cache',
      severity: 'medium',
      message: `Module-level '${name}' only ever grows: ${how} and nothing removes entries, so memory rises for the life of the process; bound it (an LRU cache, a size limit, or delete entries when done).`,
      file,
      range: rangeOf(fieldChild(declarator, 'name')!),
      data: { name, key },
    });
  }
  return findings;
}
