/** Checking a sink's arguments: report reached sources, remember reached parameters for summaries. */
import { field, unwrap, type Node } from '../syntax/tree.js';
import { textOf } from '../syntax/source-file.js';
import { constantObject } from '../syntax/constants.js';
import { holds, type SinkSpec } from './sinks.js';
import type { Evaluator, FnFrame, ParamSink, Site } from './types.js';
import { isConstant, unsafeFlows, type Flow, type Value } from './value.js';

export function checkSink(ev: Evaluator, spec: SinkSpec, at: Node, label: string, argNodes: Node[], args: Value[], frame: FnFrame): void {
  for (const i of argIndexes(spec, argNodes, args)) {
    const node = argNodes[i];
    const value = args[i];
    if (!node || !value) continue;
    if (spec.kind === 'nosql') checkWhere(ev, node, at, label, frame);
    // `{ text: sql, values }` (pg), `{ url }` (axios), `{ data: req.body }` (Prisma): only the named members are the sink,
    // in the literal itself or in the one a constant of the file holds.
    const object = spec.members ? (unwrap(node).type === 'object' ? unwrap(node) : constantObject(ev.file, node)) : null;
    if (spec.members && object) {
      for (const member of objectMembers(ev, object, spec.members)) checkValue(ev, spec, at, label, member, frame);
      continue;
    }
    checkValue(ev, spec, at, label, value, frame);
  }
}

function argIndexes(spec: SinkSpec, argNodes: Node[], args: Value[]): readonly number[] {
  const all = args.map((_, i) => i);
  if (spec.args === 'all') return all;
  if (spec.args === 'rest') return all.slice(1);
  if (spec.args === 'nonNumeric') return all.filter((i) => args[i]!.shape !== 'number' && argNodes[i]!.type !== 'number');
  return spec.args;
}

export function checkValue(ev: Evaluator, spec: SinkSpec, at: Node, label: string, value: Value, frame: FnFrame): void {
  const unsafe = unsafeFlows(value, spec.kind);
  const real = unsafe.find((f) => f.param === undefined);
  if (unsafe.length > 0 && unsafe.some((f) => f.param !== undefined)) {
    const site = ev.site(at);
    const reduced: Value = {
      flows: [],
      safe: [],
      text: value.text,
      prefix: value.prefix,
      shape: value.shape,
      ...(value.lead ? { lead: value.lead } : {}),
    };
    for (const flow of unsafe) {
      if (flow.param !== undefined) frame.paramSinks.push({ param: flow.param, flow, spec, site, label, value: reduced });
    }
  }
  if (real && holds(spec, value)) {
    report(ev, spec, ev.site(at), label, real);
    return;
  }
  // DOM HTML sinks: a value that is neither constant nor sanitised is reported even without a source.
  if (spec.dom && !real && !value.safe.includes('html')) {
    ev.report({ ruleId: 'security/unsanitized-html', kind: 'html', site: ev.site(at), label, steps: [], sourceKind: null, fix: spec.fix });
    return;
  }
  if (ev.audit && !real && !value.safe.includes(spec.kind) && !isConstant(value) && holds(spec, value))
    auditReport(ev, spec, at, label, unsafe[0]);
}

/**
 * The audit profile: a dangerous sink reached by a value that is not constant and not sanitised for it
 * (a parameter, a call result, a field), whatever its origin. Evidence: the value, then the sink.
 */
function auditReport(ev: Evaluator, spec: SinkSpec, at: Node, label: string, paramFlow: Flow | undefined): void {
  const site = ev.site(at);
  const origin = ev.step(
    at,
    paramFlow ? `source: parameter ${paramFlow.param! + 1} of the enclosing function` : 'source: non-constant value',
  );
  const sink = { line: site.range.startLine, column: site.range.startColumn, label: `sink: ${label}` };
  ev.report({
    ruleId: spec.ruleId,
    kind: spec.kind,
    site,
    label,
    steps: [origin, ...(paramFlow?.steps ?? []), sink],
    sourceKind: 'non-constant',
    fix: spec.fix,
    audit: true,
  });
}

export function report(ev: Evaluator, spec: SinkSpec, site: Site, label: string, flow: Flow): void {
  const sink = {
    line: site.range.startLine,
    column: site.range.startColumn,
    label: `sink: ${label}`,
    ...(site.file === ev.file.path ? {} : { file: site.file }),
  };
  ev.report({
    ruleId: spec.ruleId,
    kind: spec.kind,
    site,
    label,
    steps: [...flow.steps, sink],
    sourceKind: flow.sourceKind,
    fix: spec.fix,
  });
}

/** The values of the members named `keys` in an object literal (`{ text: sql, values }`: the SQL text). */
function objectMembers(ev: Evaluator, object: Node, keys: readonly string[]): Value[] {
  const out: Value[] = [];
  for (const pair of object.children) {
    if (pair.type === 'shorthand_property_identifier' && keys.includes(textOf(ev.file, pair))) {
      const value = ev.valueOf(pair);
      if (value) out.push(value);
    }
    if (pair.type !== 'pair') continue;
    const key = textOf(ev.file, field(pair, 'key')!).replace(/^['"]|['"]$/g, '');
    const value = field(pair, 'value');
    const known = value && keys.includes(key) ? ev.valueOf(value) : undefined;
    if (known) out.push(known);
  }
  return out;
}

const WHERE_SPEC: SinkSpec = {
  ruleId: 'security/nosql-injection',
  kind: 'code',
  args: [0],
  fix: 'Never build `$where` JavaScript from input; use query operators with typed values.',
};

/** `{ $where: "this.name == '" + name + "'" }`: server-side JavaScript built from input. */
function checkWhere(ev: Evaluator, node: Node, at: Node, label: string, frame: FnFrame): void {
  const object = unwrap(node);
  if (object.type !== 'object') return;
  for (const where of objectMembers(ev, object, ['$where'])) checkValue(ev, WHERE_SPEC, at, `${label} with $where`, where, frame);
}

/**
 * A caller passes `args` to a function whose parameters reach sinks (reported at the sink inside it,
 * with the evidence through the call). `covered`: sink kinds the call itself is a sink of (the
 * project's `db.query(sql)` wrapper recognised by its call shape) — reported at the call already.
 */
export function applyParamSinks(
  ev: Evaluator,
  sinks: ParamSink[],
  args: Value[],
  callStep: (param: number) => Flow['steps'][number],
  frame: FnFrame,
  covered: ReadonlySet<string> = new Set(),
): void {
  for (const ps of sinks) {
    const arg = args[ps.param];
    if (!arg || covered.has(ps.spec.kind)) continue;
    const merged: Value = {
      ...ps.value,
      text: `${ps.value.text} ${arg.text}`,
      prefix: ps.value.prefix ?? arg.prefix,
      ...((ps.value.lead ?? (ps.value.prefix === null ? arg.lead : undefined)) ? { lead: 'fixed' as const } : {}),
      ...(arg.whole && ps.value.shape !== 'string' ? { whole: true } : {}),
    };
    if (!holds(ps.spec, merged)) continue;
    for (const af of arg.flows) {
      const safeFor = [...new Set([...af.safeFor, ...ps.flow.safeFor])];
      if (safeFor.includes(ps.spec.kind)) continue;
      const flow: Flow = {
        steps: [...af.steps, callStep(ps.param), ...ps.flow.steps],
        safeFor,
        param: af.param,
        sourceKind: af.sourceKind,
      };
      if (af.param !== undefined) frame.paramSinks.push({ ...ps, param: af.param, flow });
      else {
        report(ev, ps.spec, ps.site, ps.label, flow);
        break;
      }
    }
  }
}
