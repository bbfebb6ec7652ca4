/**
 * The sinks of a call, a `new` or an assignment, looked up in the library models (../models/): which
 * argument carries the dangerous value, for which kind of injection, under which condition. What the
 * engine keeps of a sink (`SinkSpec`) is plain JSON, so sinks reached through parameters survive in
 * memoised cross-file summaries.
 */
import { ASSIGNMENT_SINKS, SINKS } from '../models/index.js';
import { matchCallee, regex } from '../models/match-callee.js';
import type { Condition, SinkModel, AssignmentSinkModel } from '../models/types.js';
import { lastSegment, receiverOf } from '../syntax/names.js';
import type { Node } from '../syntax/tree.js';
import type { SourceFile } from '../syntax/source-file.js';
import { localsOf, type FileFacts } from './facts.js';
import { conditionHolds, predicateHolds } from './sink-conditions.js';
import type { SinkKind, Value } from './value.js';

export interface SinkSpec {
  ruleId: string;
  kind: SinkKind;
  /** Argument positions that carry the dangerous value ('rest': all but the first). */
  args: readonly number[] | 'all' | 'nonNumeric' | 'rest';
  /** For object-literal arguments, the members that carry the value. */
  members?: readonly string[];
  when?: Condition;
  /** DOM HTML sinks also report non-constant, non-sanitised values (rule security/unsanitized-html). */
  dom?: boolean;
  /** The sink's name in messages when not the callee as written. */
  label?: string;
  fix: string;
}

const specs = new WeakMap<SinkModel | AssignmentSinkModel, SinkSpec>();
function specOf(m: SinkModel | AssignmentSinkModel): SinkSpec {
  let spec = specs.get(m);
  if (!spec) {
    const args = 'args' in m ? m.args : [0];
    spec = { ruleId: m.ruleId, kind: m.kind, args, fix: m.fix };
    if ('members' in m && m.members) spec.members = m.members;
    if (m.when) spec.when = m.when;
    if (m.dom) spec.dom = true;
    if ('label' in m && m.label) spec.label = m.label;
    specs.set(m, spec);
  }
  return spec;
}

/** Whether the sink's condition holds for the value that reaches it. */
export function holds(spec: SinkSpec, value: Value): boolean {
  return conditionHolds(spec.when, value);
}

export interface CallSinkInput {
  file: SourceFile;
  facts: FileFacts;
  call: Node;
  calleeNode: Node;
  callee: string;
  args: Node[];
  construct: boolean;
}

/**
 * The sinks of a call or `new`. Several models can match one call (a program argument and, with
 * `shell: true`, every argument); of two specs that differ only by their condition, the unconditional one is kept.
 */
export function callSinks(input: CallSinkInput): SinkSpec[] {
  if (!SINKS.lastSegments.has(lastSegment(input.callee)) && !mayResolve(input)) return [];
  const matched = matchCallee(SINKS, input).filter((m) => predicateHolds(m.requires, input));
  if (matched.length <= 1) return matched.map(specOf);
  const out: SinkSpec[] = [];
  for (const spec of matched.map(specOf)) {
    const twin = out.findIndex(
      (o) => o.ruleId === spec.ruleId && o.kind === spec.kind && JSON.stringify(o.args) === JSON.stringify(spec.args),
    );
    if (twin < 0) out.push(spec);
    else if (!spec.when) out[twin] = spec;
  }
  return out;
}

/** A callee whose last segment is no model's can still be an import (`execa(cmd)`, `got(url)`): only if its root is a local from an import. */
function mayResolve(input: CallSinkInput): boolean {
  const root = input.callee.split('.')[0]!;
  return localsOf(input.file, input.facts).has(root) || input.callee.startsWith('require()') || input.callee.startsWith('this.');
}

/** Assignment sinks: `el.innerHTML = v`, `location.href = v`, Koa's `ctx.body = v`; `jsx` for JSX attributes. */
export function assignmentSinks(target: string, jsx = false): SinkSpec[] {
  const out: SinkSpec[] = [];
  const property = lastSegment(target);
  for (const s of ASSIGNMENT_SINKS.byProperty.get(property) ?? []) {
    if ((s.jsx ?? false) !== jsx) continue;
    if (s.receiver && !regex(s.receiver).test(receiverOf(target))) continue;
    out.push(specOf(s));
  }
  if (!jsx) for (const s of ASSIGNMENT_SINKS.byTarget.get(target) ?? []) out.push(specOf(s));
  return out;
}
