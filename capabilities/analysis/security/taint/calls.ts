/**
 * Evaluating calls: sinks first, then what the call returns — a source (`req.get()`), a sanitised
 * value, a same-file function's summary, an imported function's summary (relative modules, supplied
 * by the project scan), a pass-through (`String(x)`, `x.trim()`, `path.join`), or nothing known.
 */
import { field, FUNCTION_TYPES, unwrap, type Node } from '../syntax/tree.js';
import { textOf } from '../syntax/source-file.js';
import { callArguments, dottedName, lastSegment } from '../syntax/names.js';
import { callSinks } from './sinks.js';
import { applyParamSinks, checkSink } from './check-sink.js';
import { SOURCES, stringKinds } from './sources.js';
import { NON_STRING_METHODS, sanitizerKinds } from './sanitizers.js';
import { PROPAGATORS } from '../models/index.js';
import type { Scope } from './scope.js';
import type { Evaluator, FnFrame, FunctionEntry, Summary } from './types.js';
import {
  clean,
  concat,
  join,
  opaque,
  sanitize,
  SINK_KINDS,
  sourceValue,
  stringify,
  UNKNOWN,
  withStep,
  type Flow,
  type SinkKind,
  type Value,
} from './value.js';

const ITERATORS = new Set(['map', 'forEach', 'filter', 'find', 'flatMap', 'some', 'every', 'then']);
/** Parsers whose result is an object entirely shaped by their (input) argument. */
const WHOLE_PARSERS = new Set(['JSON.parse', 'qs.parse', 'querystring.parse', 'Object.fromEntries', 'structuredClone']);
const MUTATORS = new Set(['push', 'unshift', 'append', 'set', 'add', 'concat']);

interface CallParts {
  callee: string;
  calleeNode: Node;
  receiver: Value | null;
  argNodes: Node[];
  args: Value[];
}

export function evaluateCall(ev: Evaluator, node: Node, scope: Scope, frame: FnFrame): Value {
  const calleeNode = unwrap(field(node, 'function')!);
  const callee = calleeNode.type === 'import' ? 'import' : dottedName(ev.file, calleeNode);
  const receiverNode = calleeNode.type === 'member_expression' ? field(calleeNode, 'object') : undefined;
  const receiver = receiverNode
    ? ev.evaluate(receiverNode, scope, frame)
    : calleeNode.type === 'identifier'
      ? null
      : ev.evaluate(calleeNode, scope, frame);
  const argNodes = callArguments(node);
  if (field(node, 'arguments')?.type === 'template_string') {
    // Tagged templates (sql`...`, Prisma.$queryRaw`...`) pass substitutions as parameters.
    ev.evaluate(field(node, 'arguments')!, scope, frame);
    return opaque('unknown');
  }
  const method = lastSegment(callee);
  const first = receiver && receiver.flows.length > 0 && ITERATORS.has(method) ? { ...receiver, shape: 'unknown' as const } : null;
  const args = argNodes.map((a) => evaluateArgument(ev, a, scope, frame, first));
  const parts: CallParts = { callee, calleeNode, receiver, argNodes, args };
  // A call of the file's own function (`repo.find(x)`, `db.run(sql)`) is followed through its summary, not taken for a library's method.
  const specs = localFunction(ev, parts)
    ? []
    : callSinks({ file: ev.file, facts: ev.facts, call: node, calleeNode, callee, args: argNodes, construct: false });
  for (const spec of specs) checkSink(ev, spec, node, spec.label ?? `${callee}()`, argNodes, args, frame);
  return callResult(ev, node, parts, scope, frame, new Set(specs.map((s) => s.kind)));
}

export function evaluateNew(ev: Evaluator, node: Node, scope: Scope, frame: FnFrame): Value {
  const ctorNode = field(node, 'constructor');
  const ctor = ctorNode ? dottedName(ev.file, ctorNode) : '?';
  const argNodes = callArguments(node);
  const args = argNodes.map((a) => evaluateArgument(ev, a, scope, frame, null));
  if (ctorNode) {
    for (const spec of callSinks({
      file: ev.file,
      facts: ev.facts,
      call: node,
      calleeNode: ctorNode,
      callee: ctor,
      args: argNodes,
      construct: true,
    })) {
      checkSink(ev, spec, node, spec.label ?? `new ${ctor}()`, argNodes, args, frame);
    }
  }
  const kinds = sanitizerKinds(ev.file, ev.facts, ctorNode ?? node, `new ${ctor}`, lastSegment(ctor), false);
  if (kinds && kinds.length > 0) return sanitize(join(args, 'object'), kinds);
  if (PROPAGATORS.get(ctor) === 'value') return join(args.slice(0, 1), 'object');
  return opaque('object');
}

function evaluateArgument(ev: Evaluator, arg: Node, scope: Scope, frame: FnFrame, first: Value | null): Value {
  const inner = unwrap(arg);
  if (FUNCTION_TYPES.has(inner.type)) {
    ev.evaluateInline(inner, scope, frame, first);
    return opaque('function');
  }
  return ev.evaluate(arg, scope, frame);
}

function callResult(ev: Evaluator, node: Node, p: CallParts, scope: Scope, frame: FnFrame, covered: ReadonlySet<string>): Value {
  const method = lastSegment(p.callee);
  if (p.receiver?.request && Object.hasOwn(SOURCES.requestMethods, method)) {
    const kind = SOURCES.requestMethods[method]!;
    return sourceValue(
      ev.step(node, `source: request ${kind} (${textOf(ev.file, node)})`),
      kind,
      kind === 'body' ? 'object' : 'string',
      stringKinds(kind),
      kind === 'body',
    );
  }
  const globalCall = SOURCES.globalCalls.get(p.callee);
  if (globalCall) return sourceValue(ev.step(node, `source: URL (${p.callee}())`), globalCall, 'object', stringKinds(globalCall));
  const kinds = sanitizerKinds(ev.file, ev.facts, p.calleeNode, p.callee, method, p.receiver?.request ?? false);
  if (kinds && kinds.length > 0) {
    const input = p.args.length > 0 ? join(p.args, 'string') : (p.receiver ?? UNKNOWN);
    return kinds.length === SINK_KINDS.length
      ? clean('number')
      : sanitize({ ...input, shape: p.callee === 'String' ? 'string' : input.shape }, kinds);
  }
  const entry = localFunction(ev, p);
  if (entry) return applySummary(ev, ev.summarise(entry), p, frame, covered);
  const imported = ev.importedFunction(p.calleeNode, p.args);
  if (imported) return applySummary(ev, imported, p, frame, covered);
  const propagates = PROPAGATORS.get(p.callee);
  if (propagates === 'string') return concat(p.args);
  if (p.callee === 'String' || p.callee === 'JSON.stringify') return stringify(join(p.args, 'string'));
  if (propagates === 'value' || (kinds && kinds.length === 0)) {
    const result = join(p.args, 'object');
    return WHOLE_PARSERS.has(p.callee) && result.flows.length > 0 ? { ...result, whole: true } : result;
  }
  return receiverResult(ev, p, method, scope);
}

/** Methods called on a tainted value return tainted values (`x.trim()`, `params.get('q')`, `arr.join()`). */
function receiverResult(ev: Evaluator, p: CallParts, method: string, scope: Scope): Value {
  const tainted = p.args.filter((a) => a.flows.length > 0);
  if (MUTATORS.has(method) && tainted.length > 0 && p.calleeNode.type === 'member_expression') {
    const target = unwrap(field(p.calleeNode, 'object')!);
    if (target.type === 'identifier') {
      const name = textOf(ev.file, target);
      scope.assign(name, join([scope.lookup(name) ?? UNKNOWN, ...tainted], p.receiver?.shape ?? 'unknown'));
    }
  }
  if (!p.receiver || p.receiver.flows.length === 0) {
    return method === 'concat' || method === 'replace' || method === 'replaceAll' ? concat([p.receiver ?? UNKNOWN, ...p.args]) : UNKNOWN;
  }
  if (NON_STRING_METHODS.has(method)) return clean('number');
  const escaped = method === 'replace' || method === 'replaceAll' ? escapingReplace(ev, p.argNodes) : null;
  if (escaped) return sanitize({ ...join([p.receiver, ...p.args], 'string'), prefix: p.receiver.prefix, request: false }, escaped);
  const shape =
    ['split', 'map', 'filter', 'slice', 'concat', 'entries', 'keys', 'values'].includes(method) && p.receiver.shape === 'array'
      ? 'array'
      : 'unknown';
  const extra = method === 'concat' || method === 'replace' || method === 'replaceAll' || method === 'join' ? p.args : [];
  return { ...join([p.receiver, ...extra], shape), prefix: p.receiver.prefix, request: false };
}

/**
 * Escaping written by hand: `.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')` escapes regular expression
 * syntax; `.replace(/</g, '&lt;')` (in a chain that also handles `>` or `&`) takes markup apart.
 */
function escapingReplace(ev: Evaluator, argNodes: Node[]): SinkKind[] | null {
  const [pattern, replacement] = argNodes.map((a) => textOf(ev.file, unwrap(a)));
  if (!pattern || replacement === undefined || !pattern.startsWith('/')) return null;
  if (/\$&/.test(replacement) && /\\\\/.test(replacement) && /[*+?]/.test(pattern) && pattern.includes('[')) return ['regex'];
  if (pattern.includes('<') && /&lt;|&#0*60;|\\u003c/i.test(replacement)) return ['html'];
  return null;
}

function localFunction(ev: Evaluator, p: CallParts): FunctionEntry | undefined {
  if (p.calleeNode.type === 'identifier') return ev.functionNamed(p.callee);
  const parts = p.callee.split('.');
  if (parts.length !== 2) return undefined;
  if (parts[0] === 'this') return ev.functionNamed(p.callee);
  const cls = ev.instanceClass(parts[0]!);
  return ev.functionNamed(p.callee) ?? (cls ? ev.functionNamed(`${cls}#${parts[1]}`) : undefined);
}

function applySummary(ev: Evaluator, summary: Summary, p: CallParts, frame: FnFrame, covered: ReadonlySet<string>): Value {
  const callStep = (param: number): Flow['steps'][number] => {
    const at = p.argNodes[param] ?? p.calleeNode;
    return ev.step(at, `passed to ${p.callee}() as argument ${param + 1}`);
  };
  applyParamSinks(ev, summary.paramSinks, p.args, callStep, frame, covered);
  const flows: Flow[] = [];
  for (const f of summary.returns.flows) {
    if (f.param === undefined) {
      flows.push(f);
      continue;
    }
    for (const af of p.args[f.param]?.flows ?? []) {
      flows.push({
        steps: [...af.steps, callStep(f.param), ...f.steps],
        safeFor: [...new Set([...af.safeFor, ...f.safeFor])],
        param: af.param,
        sourceKind: af.sourceKind,
      });
    }
  }
  const argText = p.args.map((a) => a.text).join(' ');
  const result: Value = { ...summary.returns, flows: flows.slice(0, 4), text: `${summary.returns.text} ${argText}`.slice(0, 400) };
  return withStep(result, ev.step(p.calleeNode, `returned from ${p.callee}()`));
}
