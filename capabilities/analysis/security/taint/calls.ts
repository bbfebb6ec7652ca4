/**
 * Evaluating calls: sinks first, then what the call returns — a source (`req.get()`), a sanitised
 * value, a same-file function's summary, an imported function's summary (relative modules, supplied
 * by the project scan), a pass-through (`String(x)`, `x.trim()`, `path.join`), or nothing known.
 */
import { field, FUNCTION_TYPES, unwrap, type Node } from '../syntax/tree.js';
import { textOf } from '../syntax/source-file.js';
import { callArguments, dottedName, lastSegment } from '../syntax/names.js';
import { callSink, newSink } from './sinks.js';
import { applyParamSinks, checkSink } from './check-sink.js';
import { DOM_SOURCE_CALLS, REQUEST_METHODS, stringKinds } from './sources.js';
import { NON_STRING_METHODS, sanitizerKinds } from './sanitizers.js';
import type { Scope } from './scope.js';
import type { Evaluator, FnFrame, FunctionEntry, Summary } from './types.js';
import { clean, concat, join, opaque, sanitize, SINK_KINDS, sourceValue, stringify, UNKNOWN, withStep, type Flow, type Value } from './value.js';

const ITERATORS = new Set(['map', 'forEach', 'filter', 'find', 'flatMap', 'some', 'every', 'then']);
const STRING_PASS = new Set(['path.join', 'path.resolve', 'path.normalize', 'path.relative', 'util.format', 'format', 'decodeURIComponent', 'decodeURI', 'Buffer.from', 'unescape']);
const VALUE_PASS = new Set(['Object.assign', 'Object.values', 'Object.keys', 'Object.entries', 'Array.from', 'Array.of', 'Promise.resolve', 'structuredClone', 'JSON.parse', 'url.parse', 'qs.parse', 'querystring.parse', 'URL', 'URLSearchParams', 'Object.fromEntries']);
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
  const callee = dottedName(ev.file, calleeNode);
  const receiverNode = calleeNode.type === 'member_expression' ? field(calleeNode, 'object') : undefined;
  const receiver = receiverNode ? ev.evaluate(receiverNode, scope, frame) : calleeNode.type === 'identifier' ? null : ev.evaluate(calleeNode, scope, frame);
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
  const spec = callSink(ev.file, ev.facts, node, callee, argNodes);
  if (spec) checkSink(ev, spec, node, `${callee}()`, argNodes, args, frame);
  return callResult(ev, node, parts, scope, frame);
}

export function evaluateNew(ev: Evaluator, node: Node, scope: Scope, frame: FnFrame): Value {
  const ctorNode = field(node, 'constructor');
  const ctor = ctorNode ? dottedName(ev.file, ctorNode) : '?';
  const argNodes = callArguments(node);
  const args = argNodes.map((a) => evaluateArgument(ev, a, scope, frame, null));
  const spec = newSink(ev.file, ev.facts, ctor, argNodes);
  if (spec) checkSink(ev, spec, node, `new ${ctor}()`, argNodes, args, frame);
  if (VALUE_PASS.has(ctor)) return join(args.slice(0, 1), 'object');
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

function callResult(ev: Evaluator, node: Node, p: CallParts, scope: Scope, frame: FnFrame): Value {
  const method = lastSegment(p.callee);
  if (p.receiver?.request && Object.hasOwn(REQUEST_METHODS, method)) {
    const kind = REQUEST_METHODS[method]!;
    return sourceValue(ev.step(node, `source: request ${kind} (${textOf(ev.file, node)})`), kind, kind === 'body' ? 'object' : 'string', stringKinds(kind));
  }
  if (DOM_SOURCE_CALLS.has(p.callee)) return sourceValue(ev.step(node, `source: URL (${p.callee}())`), 'dom', 'object', ['nosql']);
  const kinds = sanitizerKinds(p.callee, method, p.receiver?.request ?? false);
  if (kinds && kinds.length > 0) {
    const input = p.args.length > 0 ? join(p.args, 'string') : (p.receiver ?? UNKNOWN);
    return kinds.length === SINK_KINDS.length ? clean('number') : sanitize({ ...input, shape: p.callee === 'String' ? 'string' : input.shape }, kinds);
  }
  const entry = localFunction(ev, p);
  if (entry) return applySummary(ev, ev.summarise(entry), p, frame);
  const imported = ev.importedFunction(p.calleeNode, p.args);
  if (imported) return applySummary(ev, imported, p, frame);
  if (STRING_PASS.has(p.callee)) return concat(p.args);
  if (p.callee === 'String' || p.callee === 'JSON.stringify') return stringify(join(p.args, 'string'));
  if (VALUE_PASS.has(p.callee) || (kinds && kinds.length === 0)) return join(p.args, 'object');
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
  const shape = ['split', 'map', 'filter', 'slice', 'concat', 'entries', 'keys', 'values'].includes(method) && p.receiver.shape === 'array' ? 'array' : 'unknown';
  const extra = method === 'concat' || method === 'replace' || method === 'replaceAll' || method === 'join' ? p.args : [];
  return { ...join([p.receiver, ...extra], shape), prefix: p.receiver.prefix, request: false };
}

function localFunction(ev: Evaluator, p: CallParts): FunctionEntry | undefined {
  if (p.calleeNode.type === 'identifier') return ev.functionNamed(p.callee);
  if (p.callee.startsWith('this.') && p.callee.split('.').length === 2) return ev.functionNamed(p.callee);
  return undefined;
}

function applySummary(ev: Evaluator, summary: Summary, p: CallParts, frame: FnFrame): Value {
  const callStep = (param: number): Flow['steps'][number] => {
    const at = p.argNodes[param] ?? p.calleeNode;
    return ev.step(at, `passed to ${p.callee}() as argument ${param + 1}`);
  };
  applyParamSinks(ev, summary.paramSinks, p.args, callStep, frame);
  const flows: Flow[] = [];
  for (const f of summary.returns.flows) {
    if (f.param === undefined) {
      flows.push(f);
      continue;
    }
    for (const af of p.args[f.param]?.flows ?? []) {
      flows.push({ steps: [...af.steps, callStep(f.param), ...f.steps], safeFor: [...new Set([...af.safeFor, ...f.safeFor])], param: af.param, sourceKind: af.sourceKind });
    }
  }
  const argText = p.args.map((a) => a.text).join(' ');
  const result: Value = { ...summary.returns, flows: flows.slice(0, 4), text: `${summary.returns.text} ${argText}`.slice(0, 400) };
  return withStep(result, ev.step(p.calleeNode, `returned from ${p.callee}()`));
}
