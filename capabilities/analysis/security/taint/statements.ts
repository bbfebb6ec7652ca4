/**
 * Statements of the taint engine: declarations and assignments (with assignment sinks such as
 * `innerHTML`), returns, `if` guards, loops over tainted collections, classes and JSX
 * `dangerouslySetInnerHTML`. Returns null for nodes it does not handle (the engine walks their children).
 */
import { field, FUNCTION_TYPES, namedChildren, unwrap, type Node } from '../syntax/tree.js';
import { textOf } from '../syntax/source-file.js';
import { dottedName } from '../syntax/names.js';
import { bindPattern } from './bindings.js';
import { checkValue } from './check-sink.js';
import { guardsOf, leaves, type Guard } from './guards.js';
import { Scope } from './scope.js';
import { assignmentSinks, type SinkSpec } from './sinks.js';
import type { Evaluator, FnFrame } from './types.js';
import { concat, join, opaque, sanitize, UNKNOWN, withStep, type Value } from './value.js';

export function evaluateStatement(ev: Evaluator, node: Node, scope: Scope, frame: FnFrame): Value | null {
  switch (node.type) {
    case 'program':
    case 'statement_block':
      return block(ev, node, node.type === 'program' ? scope : new Scope(scope), frame);
    case 'function_declaration':
    case 'generator_function_declaration':
      return UNKNOWN; // hoisted by block(); summarised when called or at the end
    case 'class_declaration':
    case 'class':
      registerMethods(ev, node, scope);
      return opaque('object');
    case 'variable_declarator':
      declarator(ev, node, scope, frame);
      return UNKNOWN;
    case 'assignment_expression':
      return assignment(ev, node, scope, frame);
    case 'augmented_assignment_expression': {
      const left = unwrap(field(node, 'left')!);
      const value = concat([ev.evaluate(left, scope, frame), ev.evaluate(field(node, 'right')!, scope, frame)]);
      if (left.type === 'identifier') scope.assign(textOf(ev.file, left), value);
      return value;
    }
    case 'return_statement': {
      const arg = namedChildren(node)[0];
      frame.returns.push(arg ? ev.evaluate(arg, scope, frame) : UNKNOWN);
      return UNKNOWN;
    }
    case 'if_statement':
      ifStatement(ev, node, scope, frame);
      return UNKNOWN;
    case 'for_in_statement':
      forOf(ev, node, scope, frame);
      return UNKNOWN;
    case 'catch_clause': {
      const body = field(node, 'body');
      if (body) ev.evaluate(body, new Scope(scope), frame);
      return UNKNOWN;
    }
    case 'jsx_attribute':
      jsxAttribute(ev, node, scope, frame);
      return UNKNOWN;
    default:
      return null;
  }
}

function block(ev: Evaluator, node: Node, scope: Scope, frame: FnFrame): Value {
  const statements = namedChildren(node);
  for (const s of statements) {
    const decl = s.type === 'export_statement' ? field(s, 'declaration') : s;
    if (decl && (decl.type === 'function_declaration' || decl.type === 'generator_function_declaration')) {
      const name = field(decl, 'name');
      if (name) ev.register(textOf(ev.file, name), { node: decl, scope });
    }
  }
  for (const s of statements) ev.evaluate(s, scope, frame);
  return UNKNOWN;
}

/** Methods as `this.m` (calls inside the class) and `Class#m` (calls on instances, `repo.find(x)`). */
function registerMethods(ev: Evaluator, cls: Node, scope: Scope): void {
  const body = field(cls, 'body');
  const className = field(cls, 'name');
  for (const member of body ? namedChildren(body) : []) {
    // Methods, and fields holding a function (`createMarkup = () => ...`).
    const value = member.type === 'public_field_definition' || member.type === 'field_definition' ? field(member, 'value') : undefined;
    const fn = member.type === 'method_definition' ? member : value && FUNCTION_TYPES.has(unwrap(value).type) ? unwrap(value) : undefined;
    const name = field(member, 'name') ?? field(member, 'property');
    if (!fn || !name) continue;
    ev.register(`this.${textOf(ev.file, name)}`, { node: fn, scope });
    if (className) ev.register(`${textOf(ev.file, className)}#${textOf(ev.file, name)}`, { node: fn, scope });
  }
}

/**
 * The project's own wrappers held in a variable: `const db = { query(sql) {...} }` registers `db.query`;
 * `const repo = new UserRepo(pool)` makes `repo.find(x)` the class's `find`.
 */
function registerHolder(ev: Evaluator, name: string, value: Node, scope: Scope): void {
  if (value.type === 'new_expression') {
    const ctor = field(value, 'constructor');
    if (ctor?.type === 'identifier') ev.noteInstance(name, textOf(ev.file, ctor));
    return;
  }
  if (value.type !== 'object') return;
  for (const member of namedChildren(value)) {
    const key = member.type === 'pair' ? field(member, 'key') : member.type === 'method_definition' ? field(member, 'name') : undefined;
    const fn = member.type === 'pair' ? unwrap(field(member, 'value')!) : member;
    if (key && (member.type === 'method_definition' || FUNCTION_TYPES.has(fn.type)))
      ev.register(`${name}.${textOf(ev.file, key).replace(/^['"]|['"]$/g, '')}`, { node: fn, scope });
  }
}

function declarator(ev: Evaluator, node: Node, scope: Scope, frame: FnFrame): void {
  const name = field(node, 'name');
  const value = field(node, 'value');
  if (!name) return;
  if (value && name.type === 'identifier' && FUNCTION_TYPES.has(unwrap(value).type)) {
    ev.register(textOf(ev.file, name), { node: unwrap(value), scope });
    scope.declare(textOf(ev.file, name), opaque('function'));
    return;
  }
  if (value && name.type === 'identifier') registerHolder(ev, textOf(ev.file, name), unwrap(value), scope);
  bindPattern(ev, name, value ? ev.evaluate(value, scope, frame) : UNKNOWN, scope, frame);
}

function assignment(ev: Evaluator, node: Node, scope: Scope, frame: FnFrame): Value {
  const left = unwrap(field(node, 'left')!);
  const right = field(node, 'right')!;
  if (left.type === 'identifier' && FUNCTION_TYPES.has(unwrap(right).type)) {
    ev.register(textOf(ev.file, left), { node: unwrap(right), scope });
    return opaque('function');
  }
  const value = ev.evaluate(right, scope, frame);
  if (left.type === 'identifier') {
    const name = textOf(ev.file, left);
    scope.assign(name, withStep(value, ev.step(left, `assigned to ${name}`)));
  } else if (left.type === 'member_expression' || left.type === 'subscript_expression') {
    const target = dottedName(ev.file, left);
    if (left.type === 'subscript_expression') computedKey(ev, left, value, node, scope, frame);
    for (const spec of assignmentSinks(target)) {
      // `el.innerHTML = highlight(el.innerHTML)` re-writes the element's own markup: without input in it, nothing new enters.
      const rewritesItself = spec.dom && value.flows.length === 0 && textOf(ev.file, right).includes(textOf(ev.file, left));
      if (!rewritesItself) checkValue(ev, spec, node, target, value, frame);
    }
    // `obj.x = tainted` taints obj (a weak update: obj keeps what it had).
    const root = rootIdentifier(left);
    if (root && value.flows.length > 0) {
      const name = textOf(ev.file, root);
      scope.assign(name, join([scope.lookup(name) ?? UNKNOWN, value], 'object'));
    }
  } else {
    bindPattern(ev, left, value, scope, frame);
  }
  return value;
}

const PROTO_FIX =
  'Refuse `__proto__`, `constructor` and `prototype` keys (or use a Map / Object.create(null)) before writing keys from input.';
const PROTO_SPEC: SinkSpec = { ruleId: 'security/prototype-pollution', kind: 'proto', args: [0], fix: PROTO_FIX };
const MASS_SPEC: SinkSpec = {
  ruleId: 'security/mass-assignment',
  kind: 'mass',
  args: [0],
  fix: "Write only known keys; map the client's key through an allow-list.",
};

/**
 * Keys from input: `obj[a][b] = v` with `a` from the request writes into `obj.__proto__` — Object.prototype
 * (prototype pollution); `obj[k] = v` with both key and value from the request sets any field the client names.
 */
function computedKey(ev: Evaluator, left: Node, value: Value, at: Node, scope: Scope, frame: FnFrame): void {
  const index = field(left, 'index');
  const object = unwrap(field(left, 'object')!);
  const key = index ? ev.evaluate(index, scope, frame) : undefined;
  const label = `${textOf(ev.file, left).slice(0, 60)} =`;
  if (object.type === 'subscript_expression') {
    const innerIndex = field(object, 'index');
    const outerKey = innerIndex ? ev.evaluate(innerIndex, scope, frame) : undefined;
    if (outerKey && outerKey.shape !== 'number') checkValue(ev, PROTO_SPEC, at, label, outerKey, frame);
    return;
  }
  if (key && key.shape !== 'number' && value.flows.length > 0) checkValue(ev, MASS_SPEC, at, label, key, frame);
}

function rootIdentifier(node: Node): Node | null {
  let n = node;
  while (n.type === 'member_expression' || n.type === 'subscript_expression') n = unwrap(field(n, 'object')!);
  return n.type === 'identifier' ? n : null;
}

function ifStatement(ev: Evaluator, node: Node, scope: Scope, frame: FnFrame): void {
  const condition = field(node, 'condition')!;
  ev.evaluate(condition, scope, frame);
  const guards = guardsOf(ev.file, condition);
  const consequence = field(node, 'consequence');
  const alternative = field(node, 'alternative');
  if (consequence) {
    const inner = new Scope(scope);
    applyGuards(
      ev,
      guards.filter((g) => !g.negated),
      inner,
    );
    ev.evaluate(consequence, inner, frame);
  }
  if (alternative) ev.evaluate(alternative, scope, frame);
  if (leaves(consequence, ev.file))
    applyGuards(
      ev,
      guards.filter((g) => g.negated),
      scope,
    );
}

export function applyGuards(ev: Evaluator, guards: Guard[], scope: Scope): void {
  for (const g of guards) {
    const current = ev.valueOf(g.node) ?? UNKNOWN;
    const safe = sanitize(current, g.kinds, false);
    if (g.node.type === 'identifier') scope.declare(g.target, safe);
    else scope.guarded.set(g.target, safe);
    hostChecked(ev, g, scope);
  }
}

/** `ALLOWED.includes(url.hostname)`: the URL whose host was checked goes only where the program allows. */
function hostChecked(ev: Evaluator, g: Guard, scope: Scope): void {
  if (g.node.type !== 'member_expression' || !/^(hostname|host|origin)$/.test(textOf(ev.file, field(g.node, 'property')!))) return;
  const object = unwrap(field(g.node, 'object')!);
  if (object.type !== 'identifier') return;
  const name = textOf(ev.file, object);
  const current = scope.lookup(name) ?? ev.valueOf(object) ?? UNKNOWN;
  scope.declare(name, sanitize(current, ['ssrf', 'redirect'], false));
}

function forOf(ev: Evaluator, node: Node, scope: Scope, frame: FnFrame): void {
  const inner = new Scope(scope);
  const right = field(node, 'right');
  const left = field(node, 'left');
  const value = right ? ev.evaluate(right, scope, frame) : UNKNOWN;
  if (left) bindPattern(ev, unwrap(left), { ...value, shape: 'unknown', request: false }, inner, frame);
  const body = field(node, 'body');
  if (body) ev.evaluate(body, inner, frame);
}

function jsxAttribute(ev: Evaluator, node: Node, scope: Scope, frame: FnFrame): void {
  const [name, value] = namedChildren(node);
  if (!value) return;
  const result = ev.evaluate(value, scope, frame);
  const attribute = name ? textOf(ev.file, name) : '';
  const specs = attribute ? assignmentSinks(attribute, true) : [];
  if (specs.length === 0) return;
  const object = namedChildren(value)
    .map(unwrap)
    .find((c) => c.type === 'object');
  const pair = object?.children.find((p) => p.type === 'pair' && textOf(ev.file, field(p, 'key')!) === '__html');
  const inner = namedChildren(value)[0];
  const html = pair ? ev.valueOf(field(pair, 'value')!) : inner ? ev.valueOf(inner) : result;
  if (html) for (const spec of specs) checkValue(ev, spec, node, attribute, html, frame);
}
