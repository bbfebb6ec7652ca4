/**
 * Hook dependency problems in components and custom hooks (a simplified react-hooks/exhaustive-deps):
 * - performance/effect-missing-dependency: the callback of useEffect/useLayoutEffect/useMemo/useCallback
 *   reads a prop, state or local of the component that its dependency array does not list (a stale
 *   value). State setters, dispatch and refs are stable and need not be listed.
 * - performance/unstable-dependency: a dependency is an object/array/function literal, or a local
 *   created by one in the component body, so it changes on every render and the hook always re-runs.
 */
import type { Finding } from '../../../core/index.js';
import {
  callArguments,
  calleeName,
  fieldChild,
  isFunction,
  rangeOf,
  skipParens,
  textOf,
  walk,
  type SyntaxNode as Node,
} from '../../../core/index.js';
import { callsNamed } from './calls-by-name.js';

const DEPENDENCY_HOOKS = new Set(['useEffect', 'useLayoutEffect', 'useInsertionEffect', 'useMemo', 'useCallback', 'useImperativeHandle']);
const LITERALS = new Set(['object', 'array', 'arrow_function', 'function_expression', 'function']);

interface Scope {
  names: Set<string>;
  stable: Set<string>;
  unstable: Set<string>;
}

function patternNames(pattern: Node, source: string): string[] {
  const names: string[] = [];
  walk(pattern, (n) => {
    // A default value (`{ max = Infinity }`) is read, not bound.
    if (n.field === 'right' || (n.field === 'value' && n.parent?.type === 'object_assignment_pattern')) return false;
    if (n.type === 'identifier' || n.type === 'shorthand_property_identifier_pattern') names.push(textOf(n, source));
    if (n.type === 'pair_pattern') {
      const value = fieldChild(n, 'value');
      if (value) names.push(...patternNames(value, source));
      return false;
    }
    return undefined;
  });
  return names;
}

/** Names of the component's params and body-level declarations; which are stable (setters, refs) or re-created each render. */
function componentScope(fn: Node, source: string): Scope {
  const scope: Scope = { names: new Set(), stable: new Set(), unstable: new Set() };
  for (const p of fieldChild(fn, 'parameters')?.children ?? []) {
    const pattern = fieldChild(p, 'pattern');
    if (pattern) patternNames(pattern, source).forEach((n) => scope.names.add(n));
  }
  const body = fieldChild(fn, 'body');
  for (const statement of body?.type === 'statement_block' ? body.children : []) {
    if (statement.type === 'function_declaration') scope.names.add(textOf(fieldChild(statement, 'name')!, source));
    if (statement.type !== 'lexical_declaration' && statement.type !== 'variable_declaration') continue;
    for (const d of statement.children.filter((c) => c.type === 'variable_declarator')) declare(d, source, scope);
  }
  return scope;
}

function declare(d: Node, source: string, scope: Scope): void {
  const pattern = fieldChild(d, 'name')!;
  const value = skipParens(fieldChild(d, 'value'));
  patternNames(pattern, source).forEach((n) => scope.names.add(n));
  const hook = value?.type === 'call_expression' ? calleeName(value, source) : undefined;
  if (hook === 'useRef') patternNames(pattern, source).forEach((n) => scope.stable.add(n));
  if ((hook === 'useState' || hook === 'useReducer' || hook === 'useTransition') && pattern.type === 'array_pattern') {
    const second = pattern.children.filter((c) => c.named)[1];
    if (second?.type === 'identifier') scope.stable.add(textOf(second, source));
  }
  if (value && LITERALS.has(value.type) && pattern.type === 'identifier') scope.unstable.add(textOf(pattern, source));
}

/** Component-scope names the callback reads, minus those it declares itself. */
function referencedNames(callback: Node, scope: Scope, source: string): Set<string> {
  const own = new Set<string>();
  walk(callback, (n) => {
    if (n.type === 'variable_declarator') patternNames(fieldChild(n, 'name')!, source).forEach((x) => own.add(x));
    if (isFunction(n))
      for (const p of fieldChild(n, 'parameters')?.children ?? []) {
        const pattern = fieldChild(p, 'pattern');
        if (pattern) patternNames(pattern, source).forEach((x) => own.add(x));
      }
    if (isFunction(n) && fieldChild(n, 'parameter')) own.add(textOf(fieldChild(n, 'parameter')!, source));
  });
  const used = new Set<string>();
  walk(callback, (n) => {
    const isReference = n.type === 'identifier' || n.type === 'shorthand_property_identifier';
    if (!isReference || n.field === 'property' || (n.parent?.type === 'variable_declarator' && n.field === 'name')) return;
    const name = textOf(n, source);
    if (scope.names.has(name) && !scope.stable.has(name) && !own.has(name)) used.add(name);
  });
  return used;
}

function dependencyRoots(deps: Node, source: string): Set<string> {
  return new Set(deps.children.filter((c) => c.named).map((c) => textOf(c, source).split(/[.?[]/)[0]!));
}

function isComponentOrHook(fn: Node, source: string): boolean {
  const own = fieldChild(fn, 'name');
  const declarator = fn.parent?.type === 'variable_declarator' ? fn.parent : undefined;
  const name = own ? textOf(own, source) : declarator ? textOf(fieldChild(declarator, 'name')!, source) : '';
  return /^[A-Z]|^use[A-Z0-9]/.test(name);
}

/**
 * The component or hook whose body `call` is checked in: the nearest enclosing component or hook (an
 * inner one hides the call from outer ones), when the call is in that function's body (a call in a
 * parameter's default value is checked by none).
 */
function owningComponent(call: Node, source: string): Node | undefined {
  let child = call;
  for (let p = call.parent; p; child = p, p = p.parent) {
    if (!isFunction(p) || !isComponentOrHook(p, source)) continue;
    const body = fieldChild(p, 'body');
    return !body || body === child ? p : undefined;
  }
  return undefined;
}

/** Pre-order (a walk's order): outer first among nodes that start together. */
function byPosition(a: Node, b: Node): number {
  return a.startIndex - b.startIndex || b.endIndex - a.endIndex;
}

export function effectDependencyFindings(file: string, root: Node, source: string): Finding[] {
  // Hook calls (from the file's calls by name) grouped by the component or hook that owns them; the
  // findings keep the order of a walk over the components, each over its own calls.
  const callsByOwner = new Map<Node, Node[]>();
  for (const call of callsNamed(root, source, DEPENDENCY_HOOKS)) {
    const owner = owningComponent(call, source);
    if (!owner) continue;
    const calls = callsByOwner.get(owner);
    if (calls) calls.push(call);
    else callsByOwner.set(owner, [call]);
  }
  const findings: Finding[] = [];
  for (const fn of [...callsByOwner.keys()].sort(byPosition)) {
    const scope = componentScope(fn, source);
    for (const call of callsByOwner.get(fn)!) hookFindings(file, call, scope, source, findings);
  }
  return findings;
}

function hookFindings(file: string, call: Node, scope: Scope, source: string, findings: Finding[]): void {
  const hook = calleeName(call, source)!;
  const args = callArguments(call);
  const callback = args[hook === 'useImperativeHandle' ? 1 : 0];
  const deps = args[hook === 'useImperativeHandle' ? 2 : 1];
  if (!callback || !isFunction(callback) || deps?.type !== 'array') return;
  const listed = dependencyRoots(deps, source);
  const missing = [...referencedNames(callback, scope, source)].filter((n) => !listed.has(n));
  if (missing.length > 0)
    findings.push({
      ruleId: 'performance/effect-missing-dependency',
      severity: 'medium',
      file,
      range: rangeOf(deps),
      data: { hook, missing },
      message: `${hook} reads ${missing.map((m) => `'${m}'`).join(', ')} but its dependency array does not list ${missing.length === 1 ? 'it' : 'them'}: the callback sees stale values; add ${missing.length === 1 ? 'it' : 'them'} to the array.`,
    });
  for (const dep of deps.children.filter((c) => c.named)) {
    const literal = LITERALS.has(dep.type);
    if (!literal && !(dep.type === 'identifier' && scope.unstable.has(textOf(dep, source)))) continue;
    findings.push({
      ruleId: 'performance/unstable-dependency',
      severity: 'medium',
      file,
      range: rangeOf(dep),
      data: { hook, dependency: textOf(dep, source) },
      message: `Dependency '${textOf(dep, source).slice(0, 40)}' of ${hook} is ${literal ? 'a literal' : 'an object or function created in the component body'}: it is new on every render, so the hook runs every render; ${literal ? 'list its primitive parts instead' : 'wrap it in useMemo/useCallback or move it inside the hook'}.`,
    });
  }
}
