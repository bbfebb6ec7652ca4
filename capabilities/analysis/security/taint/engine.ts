/**
 * The taint engine: evaluates a file's statements in source order over abstract values (./value.ts),
 * following input from request objects through variables, destructuring, templates, concatenation,
 * object and array wrapping, pass-through calls and same-file functions (by summaries: which
 * parameters reach the return value and which reach sinks) into the sink table (./sinks.ts).
 * Functions of relative modules are followed through the summaries the project scan supplies
 * (./module-link.ts); the engine itself sees one file. See ../README.md for what it does not follow.
 */
import { startColumnOf, startRowOf } from '../../../../core/index.js';
import { field, namedChildren, unwrap, type Node } from '../syntax/tree.js';
import { rangeOf, textOf, type SourceFile } from '../syntax/source-file.js';
import type { ModuleExport } from '../syntax/exports.js';
import type { ImportBinding } from '../syntax/imports.js';
import { dottedName } from '../syntax/names.js';
import { bindParams, memberValue } from './bindings.js';
import { evaluateCall, evaluateNew } from './calls.js';
import { evaluateStatement } from './statements.js';
import { evaluateObject, evaluateTernary } from './expressions.js';
import type { FileFacts } from './facts.js';
import { Scope } from './scope.js';
import { SOURCES, stringKinds } from './sources.js';
import type { Evaluator, FnFrame, FunctionEntry, Site, Summary, TaintHit } from './types.js';
import {
  importedMember,
  importKey,
  isTrivial,
  recordCall,
  relativeBindings,
  stampFile,
  type ImportedCall,
  type ImportedSummaries,
  type ModuleTaint,
} from './module-link.js';
import { clean, concat, join, literal, opaque, sourceValue, UNKNOWN, type Step, type Value } from './value.js';

const SKIPPED = new Set([
  'comment',
  'type_annotation',
  'type_arguments',
  'type_parameters',
  'interface_declaration',
  'type_alias_declaration',
  'import_statement',
  'enum_declaration',
  'abstract_class_declaration',
  'ambient_declaration',
  'regex',
]);

export class TaintEngine implements Evaluator {
  private readonly hits = new Map<string, TaintHit>();
  private readonly functions = new Map<string, FunctionEntry>();
  private readonly instances = new Map<string, string>();
  private readonly summaries = new Map<Node, Summary | 'pending'>();
  private readonly values = new Map<Node, Value>();
  private readonly relative: Map<string, ImportBinding>;
  private readonly calls = new Map<string, ImportedCall>();
  private readonly programScope = new Scope(null);
  /** Exported function literals (`module.exports = { create() {} }`): summarised once at the end instead of evaluated in place. */
  private readonly deferred: Set<Node>;
  private module: ModuleTaint = { exports: {}, reexports: [], calls: [] };

  constructor(
    readonly file: SourceFile,
    readonly facts: FileFacts,
    private readonly exports: readonly ModuleExport[] = [],
    private readonly imported: ImportedSummaries = new Map(),
    readonly audit = false,
  ) {
    this.relative = relativeBindings(facts.imports);
    this.deferred = new Set(exports.flatMap((e) => (e.target.kind === 'function' ? [e.target.node] : [])));
  }

  run(): TaintHit[] {
    this.evaluate(this.file.root, this.programScope, { returns: [], paramSinks: [] });
    // Functions nobody called still hold findings of their own (route handlers defined as functions).
    for (const entry of [...this.functions.values()]) this.summarise(entry);
    this.module = this.summariseExports();
    const hits = [...this.hits.values()];
    const siteKey = (h: TaintHit): string => `${h.site.file}:${h.site.range.startLine}:${h.site.range.startColumn}`;
    const dom = new Set(hits.filter((h) => h.ruleId === 'security/dom-xss').map(siteKey));
    return hits.filter((h) => h.ruleId !== 'security/unsanitized-html' || !dom.has(siteKey(h)));
  }

  /** After run(): the summaries of the exported functions (stamped with this file) and the calls into relative modules. */
  moduleTaint(): ModuleTaint {
    return this.module;
  }

  private summariseExports(): ModuleTaint {
    const out: ModuleTaint = { exports: {}, reexports: [], calls: [] };
    for (const e of this.exports) {
      if (e.target.kind === 'reexport') {
        out.reexports.push({ name: e.name, module: e.target.module, member: e.target.name });
        continue;
      }
      const summary = this.summarise({ node: e.target.node, scope: this.programScope });
      if (!isTrivial(summary)) out.exports[e.name] = stampFile(summary, this.file.path);
    }
    out.calls = [...this.calls.values()];
    if ([...this.hits.values()].some((h) => h.ruleId === 'security/unsanitized-html')) out.markup = true;
    return out;
  }

  step(node: Node, label: string): Step {
    return { line: startRowOf(node) + 1, column: startColumnOf(node) + 1, label };
  }

  site(node: Node): Site {
    // A call at the end of a chain written over several lines (`qb\n  .where(...)`) is where its method is.
    const callee = node.type === 'call_expression' ? field(node, 'function') : undefined;
    const property = callee?.type === 'member_expression' ? field(callee, 'property') : undefined;
    const from = property && startRowOf(property) > startRowOf(node) ? property : node;
    // Only the first 80 characters are read: a sink can span a whole callback.
    const head = this.file.source.slice(from.startIndex, Math.min(node.endIndex, from.startIndex + 80));
    const range = rangeOf(node);
    if (from !== node) Object.assign(range, { startLine: startRowOf(from) + 1, startColumn: startColumnOf(from) + 1 });
    return { file: this.file.path, range, snippet: head.split('\n')[0]! };
  }

  report(hit: TaintHit): void {
    const key = `${hit.ruleId}:${hit.site.file}:${hit.site.range.startLine}:${hit.site.range.startColumn}`;
    // A real source's evidence replaces the audit profile's "non-constant value" at the same sink.
    if (!this.hits.has(key) || (this.hits.get(key)!.audit && !hit.audit)) this.hits.set(key, hit);
  }

  importedFunction(calleeNode: Node, args: Value[]): Summary | undefined {
    if (this.relative.size === 0) return undefined;
    const target = importedMember(this.file, this.relative, calleeNode);
    if (!target) return undefined;
    recordCall(this.calls, target.module, target.member, args);
    return this.imported.get(importKey(target.module, target.member));
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

  noteInstance(local: string, className: string): void {
    this.instances.set(local, className);
  }

  instanceClass(local: string): string | undefined {
    return this.instances.get(local);
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
    const summary: Summary = {
      returns: frame.returns.length > 0 ? join(frame.returns, frame.returns[0]!.shape) : UNKNOWN,
      paramSinks: frame.paramSinks,
    };
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
      case 'true':
      case 'false':
      case 'null':
      case 'undefined':
        return literal('', 'number');
      case 'template_string':
        return this.template(node, scope, frame);
      case 'binary_expression':
        return this.binary(node, scope, frame);
      case 'ternary_expression':
        return evaluateTernary(this, node, scope, frame);
      case 'member_expression':
      case 'subscript_expression':
        return this.member(node, scope, frame);
      case 'call_expression':
        return evaluateCall(this, node, scope, frame);
      case 'new_expression':
        return evaluateNew(this, node, scope, frame);
      case 'object':
        return evaluateObject(this, node, scope, frame);
      case 'array':
        return join(
          namedChildren(node).map((c) => this.evaluate(c, scope, frame)),
          'array',
        );
      case 'arrow_function':
      case 'function_expression':
      case 'function':
        if (!this.deferred.has(node)) this.evaluateInline(node, scope, frame, null);
        return opaque('function');
      case 'method_definition':
        return this.deferred.has(node) ? opaque('function') : this.children(node, scope, frame);
      case 'parenthesized_expression':
      case 'as_expression':
      case 'non_null_expression':
      case 'satisfies_expression':
      case 'await_expression':
      case 'spread_element':
      case 'type_assertion':
        return this.evaluate(unwrap(node) === node ? namedChildren(node)[0]! : unwrap(node), scope, frame);
      case 'unary_expression':
      case 'update_expression':
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
    if (op === '||' || op === '??' || op === '&&') return join([left, right], left.shape === right.shape ? left.shape : 'unknown', true);
    return clean('number');
  }

  private member(node: Node, scope: Scope, frame: FnFrame): Value {
    const guarded = scope.guardedValue(textOf(this.file, node));
    if (guarded) return guarded;
    const name = dottedName(this.file, node);
    const root = name.split('.')[0]!;
    const global = this.globalSource(name, root, scope);
    if (global) return sourceValue(this.step(node, `source: ${name}`), global, 'unknown', stringKinds(global));
    const object = this.evaluate(field(node, 'object')!, scope, frame);
    if (node.type === 'subscript_expression') {
      const index = field(node, 'index');
      if (index) this.evaluate(index, scope, frame);
      const key = index?.type === 'string' ? textOf(this.file, index).slice(1, -1) : null;
      return this.relabelSource(
        key && object.request ? memberValue(this, object, key, node) : memberValue(this, { ...object, request: false }, '?', node),
        node,
      );
    }
    const value = memberValue(this, object, textOf(this.file, field(node, 'property')!), node);
    return this.relabelSource(value, node);
  }

  /**
   * `location.search`, `process.argv`, AngularJS's injected `$routeParams.id`: a global source, unless
   * the root is a local of the file (injected `$` services are read whatever binds them).
   */
  private globalSource(name: string, root: string, scope: Scope): string | undefined {
    if (SOURCES.globals.size === 0) return undefined;
    const kind = SOURCES.globals.get(name) ?? (root.startsWith('$') ? SOURCES.globals.get(root) : undefined);
    if (!kind) return undefined;
    return root.startsWith('$') || !scope.lookup(root) ? kind : undefined;
  }

  /** `req.query.name`: the evidence names the whole member chain, not just `req.query`. */
  private relabelSource(value: Value, node: Node): Value {
    const object = field(node, 'object');
    const flow = value.flows[0];
    if (!object || value.flows.length !== 1 || flow?.steps.length !== 1) return value;
    const step = flow.steps[0]!;
    if (!step.label.startsWith('source: request') || step.line !== startRowOf(object) + 1 || step.column !== startColumnOf(object) + 1)
      return value;
    const kind = step.label.slice('source: request '.length).split(' ')[0];
    return { ...value, flows: [{ ...flow, steps: [{ ...step, label: `source: request ${kind} (${textOf(this.file, node)})` }] }] };
  }
}
