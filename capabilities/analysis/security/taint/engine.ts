/**
 * The taint engine: evaluates a file's statements in source order over abstract values (./value.ts),
 * following input from request objects through variables, destructuring, templates, concatenation,
 * object and array wrapping, pass-through calls and same-file functions (by summaries: which
 * parameters reach the return value and which reach sinks) into the sink table (./sinks.ts).
 * Intra-file only; see ../README.md for what it does not follow.
 */
import { field, namedChildren, unwrap, type Node } from '../syntax/tree.js';
import { textOf, type SourceFile } from '../syntax/source-file.js';
import { dottedName } from '../syntax/names.js';
import { bindParams, memberValue } from './bindings.js';
import { evaluateCall, evaluateNew } from './calls.js';
import { evaluateStatement } from './statements.js';
import type { FileFacts } from './facts.js';
import { Scope } from './scope.js';
import { DOM_SOURCES } from './sources.js';
import type { Evaluator, FnFrame, FunctionEntry, Summary, TaintHit } from './types.js';
import { clean, concat, join, literal, opaque, sourceValue, UNKNOWN, type Step, type Value } from './value.js';

const SKIPPED = new Set(['comment', 'type_annotation', 'type_arguments', 'type_parameters', 'interface_declaration', 'type_alias_declaration', 'import_statement', 'enum_declaration', 'abstract_class_declaration', 'ambient_declaration', 'regex']);

export class TaintEngine implements Evaluator {
  private readonly hits = new Map<string, TaintHit>();
  private readonly functions = new Map<string, FunctionEntry>();
  private readonly summaries = new Map<Node, Summary | 'pending'>();
  private readonly values = new Map<Node, Value>();

  constructor(
    readonly file: SourceFile,
    readonly facts: FileFacts,
  ) {}

  run(): TaintHit[] {
    const scope = new Scope(null);
    this.evaluate(this.file.root, scope, { returns: [], paramSinks: [] });
    // Functions nobody called still hold findings of their own (route handlers defined as functions).
    for (const entry of [...this.functions.values()]) this.summarise(entry);
    const hits = [...this.hits.values()];
    const dom = new Set(hits.filter((h) => h.ruleId === 'security/dom-xss').map((h) => `${h.node.startIndex}`));
    return hits.filter((h) => h.ruleId !== 'security/unsanitized-html' || !dom.has(`${h.node.startIndex}`));
  }

  step(node: Node, label: string): Step {
    return { line: node.startRow + 1, column: node.startColumn + 1, label };
  }

  report(hit: TaintHit): void {
    const key = `${hit.ruleId}:${hit.node.startIndex}`;
    if (!this.hits.has(key)) this.hits.set(key, hit);
  }

  valueOf(node: Node): Value | undefined {
    return this.values.get(unwrap(node)) ?? this.values.get(node);
  }

  functionNamed(name: string): FunctionEntry | undefined {
    return this.functions.get(name);
  }

  register(name: string, entry: FunctionEntry): void {
    this.functions.set(name, entry);
  }

  summarise(entry: FunctionEntry): Summary {
    const known = this.summaries.get(entry.node);
    if (known === 'pending') return { returns: UNKNOWN, paramSinks: [] }; // recursion
    if (known) return known;
    this.summaries.set(entry.node, 'pending');
    const frame: FnFrame = { returns: [], paramSinks: [] };
    const scope = new Scope(entry.scope);
    bindParams(this, entry.node, scope, frame, { summary: true, first: null });
    this.evaluateBody(entry.node, scope, frame);
    const summary: Summary = { returns: frame.returns.length > 0 ? join(frame.returns, frame.returns[0]!.shape) : UNKNOWN, paramSinks: frame.paramSinks };
    this.summaries.set(entry.node, summary);
    return summary;
  }

  evaluateInline(node: Node, scope: Scope, frame: FnFrame, firstParam: Value | null): void {
    const inner = new Scope(scope);
    // Parameters of the enclosing function that reach sinks in a callback are still the enclosing function's.
    const own: FnFrame = { returns: [], paramSinks: frame.paramSinks };
    bindParams(this, node, inner, own, { summary: false, first: firstParam });
    this.evaluateBody(node, inner, own);
  }

  private evaluateBody(fn: Node, scope: Scope, frame: FnFrame): void {
    const body = field(fn, 'body');
    if (!body) return;
    if (body.type === 'statement_block') this.evaluate(body, scope, frame);
    else frame.returns.push(this.evaluate(body, scope, frame));
  }

  evaluate(node: Node, scope: Scope, frame: FnFrame): Value {
    const value = this.compute(node, scope, frame);
    this.values.set(node, value);
    return value;
  }

  private compute(node: Node, scope: Scope, frame: FnFrame): Value {
    switch (node.type) {
      case 'identifier':
      case 'shorthand_property_identifier':
        return this.identifier(node, scope);
      case 'string':
        return literal(textOf(this.file, node).slice(1, -1));
      case 'number':
        return literal(textOf(this.file, node), 'number');
      case 'true': case 'false': case 'null': case 'undefined':
        return literal('', 'number');
      case 'template_string':
        return this.template(node, scope, frame);
      case 'binary_expression':
        return this.binary(node, scope, frame);
      case 'ternary_expression': {
        this.evaluate(field(node, 'condition')!, scope, frame);
        const parts = [field(node, 'consequence'), field(node, 'alternative')].filter((n): n is Node => !!n).map((n) => this.evaluate(n, scope, frame));
        return join(parts, parts[0]?.shape ?? 'unknown');
      }
      case 'member_expression':
      case 'subscript_expression':
        return this.member(node, scope, frame);
      case 'call_expression':
        return evaluateCall(this, node, scope, frame);
      case 'new_expression':
        return evaluateNew(this, node, scope, frame);
      case 'object':
        return join(namedChildren(node).map((c) => this.evaluate(c.type === 'pair' ? field(c, 'value')! : c, scope, frame)), 'object');
      case 'array':
        return join(namedChildren(node).map((c) => this.evaluate(c, scope, frame)), 'array');
      case 'arrow_function': case 'function_expression': case 'function':
        this.evaluateInline(node, scope, frame, null);
        return opaque('function');
      case 'parenthesized_expression': case 'as_expression': case 'non_null_expression': case 'satisfies_expression': case 'await_expression': case 'spread_element': case 'type_assertion':
        return this.evaluate(unwrap(node) === node ? namedChildren(node)[0]! : unwrap(node), scope, frame);
      case 'unary_expression': case 'update_expression':
        namedChildren(node).forEach((c) => this.evaluate(c, scope, frame));
        return clean('number');
      case 'sequence_expression': {
        const parts = namedChildren(node).map((c) => this.evaluate(c, scope, frame));
        return parts[parts.length - 1] ?? UNKNOWN;
      }
      default:
        if (SKIPPED.has(node.type)) return UNKNOWN;
        return evaluateStatement(this, node, scope, frame) ?? this.children(node, scope, frame);
    }
  }

  private children(node: Node, scope: Scope, frame: FnFrame): Value {
    for (const c of namedChildren(node)) this.evaluate(c, scope, frame);
    return UNKNOWN;
  }

  private identifier(node: Node, scope: Scope): Value {
    const name = textOf(this.file, node);
    const known = scope.lookup(name);
    if (known) return known;
    if (name === 'undefined') return literal('', 'number');
    // Free `req`/`request` in helpers that take them from elsewhere are request objects too.
    if (name === 'req' || name === 'request') return { ...UNKNOWN, shape: 'object', request: true };
    return UNKNOWN;
  }

  private template(node: Node, scope: Scope, frame: FnFrame): Value {
    const parts: Value[] = [];
    for (const c of node.children) {
      if (c.type === 'string_fragment' || c.type === 'escape_sequence') parts.push(literal(textOf(this.file, c)));
      else if (c.type === 'template_substitution') {
        const inner = namedChildren(c)[0];
        parts.push(inner ? this.evaluate(inner, scope, frame) : UNKNOWN);
      }
    }
    return parts.length === 0 ? literal('') : concat(parts);
  }

  private binary(node: Node, scope: Scope, frame: FnFrame): Value {
    const op = textOf(this.file, field(node, 'operator')!);
    const left = this.evaluate(field(node, 'left')!, scope, frame);
    const right = this.evaluate(field(node, 'right')!, scope, frame);
    if (op === '+') return left.shape === 'number' && right.shape === 'number' ? clean('number') : concat([left, right]);
    if (op === '||' || op === '??' || op === '&&') return join([left, right], left.shape === right.shape ? left.shape : 'unknown');
    return clean('number');
  }

  private member(node: Node, scope: Scope, frame: FnFrame): Value {
    const guarded = scope.guardedValue(textOf(this.file, node));
    if (guarded) return guarded;
    const name = dottedName(this.file, node);
    const root = name.split('.')[0]!;
    if (DOM_SOURCES.has(name) && !scope.lookup(root)) return sourceValue(this.step(node, `source: ${name}`), 'dom', 'unknown', ['nosql']);
    const object = this.evaluate(field(node, 'object')!, scope, frame);
    if (node.type === 'subscript_expression') {
      const index = field(node, 'index');
      if (index) this.evaluate(index, scope, frame);
      const key = index?.type === 'string' ? textOf(this.file, index).slice(1, -1) : null;
      return this.relabelSource(key && object.request ? memberValue(this, object, key, node) : memberValue(this, { ...object, request: false }, '?', node), node);
    }
    const value = memberValue(this, object, textOf(this.file, field(node, 'property')!), node);
    return this.relabelSource(value, node);
  }

  /** `req.query.name`: the evidence names the whole member chain, not just `req.query`. */
  private relabelSource(value: Value, node: Node): Value {
    const object = field(node, 'object');
    const flow = value.flows[0];
    if (!object || value.flows.length !== 1 || flow?.steps.length !== 1) return value;
    const step = flow.steps[0]!;
    if (!step.label.startsWith('source: request') || step.line !== object.startRow + 1 || step.column !== object.startColumn + 1) return value;
    const kind = step.label.slice('source: request '.length).split(' ')[0];
    return { ...value, flows: [{ ...flow, steps: [{ ...step, label: `source: request ${kind} (${textOf(this.file, node)})` }] }] };
  }
}
