/**
 * The names a piece of source sees when it is run once per call or per element: a helper's parameters
 * bound to the arguments of each of its call sites (`pagedRoute('findings', …)`, `crud(app, 'users')`,
 * followed into the modules that import the helper), and a loop's variable bound to each element of a
 * literal array (`for (const r of [{ method, path, handler }])`, `['get', 'post'].forEach((m) => …)`).
 * Each scope is one such combination; names stay pieces of source (NodeRef), evaluated where written.
 */
import { NodeRef, topLevelConst, type Env, type Node } from './literals.js';

export interface Scope {
  env: Env;
  /** The innermost helper call the scope comes from (where the route is said to be declared). */
  site: { file: string; line: number } | null;
  /** Loop elements bound in this scope (an object literal consumed as a route by a loop). */
  elements: Node[];
}

export interface ScopeFile {
  path: string;
  root: Node;
  bindings: Map<string, { module: string; imported: string }>;
}

export interface ScopeProject {
  files: Map<string, ScopeFile>;
  /** The workspace file a module specifier of `from` names. */
  resolve(from: string, spec: string): string | null;
  /** Top-level name -> export name of a file. */
  exportsOf(file: ScopeFile): Map<string, string>;
}

const MAX_SCOPES = 64;
const EMPTY: Scope = { env: new Map(), site: null, elements: [] };
const ITERATE = new Set(['forEach', 'map', 'flatMap']);

function walk(node: Node, visit: (n: Node) => void): void {
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    visit(n);
    for (let i = n.namedChildCount - 1; i >= 0; i -= 1) stack.push(n.namedChild(i)!);
  }
}

const within = (inner: Node, outer: Node | null): boolean =>
  outer !== null && inner.startIndex >= outer.startIndex && inner.endIndex <= outer.endIndex;

/** The identifiers a parameter list or binding pattern declares, in order (null for a pattern we cannot bind). */
function parameterNames(params: Node | null): (string | Node)[] | null {
  if (!params) return null;
  if (params.type === 'identifier') return [params.text];
  const out: (string | Node)[] = [];
  for (const p of params.namedChildren) {
    if (p.type === 'comment') continue;
    const pattern = p.type === 'required_parameter' || p.type === 'optional_parameter' ? p.childForFieldName('pattern') : p;
    if (pattern?.type === 'identifier') out.push(pattern.text);
    else if (pattern?.type === 'assignment_pattern' && pattern.childForFieldName('left')?.type === 'identifier')
      out.push(pattern.childForFieldName('left')!.text);
    else if (pattern?.type === 'object_pattern') out.push(pattern);
    else return null;
  }
  return out;
}

/** Binds a name or an object pattern (`{ method, path }`) to a piece of source. */
function bind(env: Map<string, unknown>, target: string | Node, value: NodeRef): void {
  if (typeof target === 'string') {
    env.set(target, value);
    return;
  }
  if (value.node.type !== 'object') return;
  for (const p of target.namedChildren) {
    const [key, local] =
      p.type === 'shorthand_property_identifier_pattern'
        ? [p.text, p.text]
        : p.type === 'pair_pattern' && p.childForFieldName('value')?.type === 'identifier'
          ? [p.childForFieldName('key')!.text, p.childForFieldName('value')!.text]
          : [null, null];
    if (key === null) continue;
    for (const entry of value.node.namedChildren) {
      const k = entry.type === 'pair' ? entry.childForFieldName('key')!.text.replace(/^['"]|['"]$/g, '') : entry.text;
      if (k !== key) continue;
      const v = entry.type === 'pair' ? entry.childForFieldName('value')! : entry;
      env.set(local!, new NodeRef(v, value.root, value.env, value.file));
    }
  }
}

/** The name a function is called by: its declaration's, or the variable it is assigned to. */
function functionName(fn: Node): string | null {
  if (fn.type === 'function_declaration') return fn.childForFieldName('name')?.text ?? null;
  const parent = fn.parent;
  if (parent?.type === 'variable_declarator' && parent.childForFieldName('value')?.startIndex === fn.startIndex)
    return parent.childForFieldName('name')?.text ?? null;
  return null;
}

export function scopeFinder(project: ScopeProject): (node: Node, file: string) => Scope[] {
  const callsByFile = new Map<string, Map<string, Node[]>>();
  const callsIn = (file: ScopeFile): Map<string, Node[]> => {
    let calls = callsByFile.get(file.path);
    if (calls) return calls;
    calls = new Map();
    const found = calls;
    walk(file.root, (n) => {
      if (n.type !== 'call_expression') return;
      const callee = n.childForFieldName('function');
      if (callee?.type === 'identifier') found.set(callee.text, [...(found.get(callee.text) ?? []), n]);
    });
    callsByFile.set(file.path, calls);
    return calls;
  };

  /** Calls of the function `name` declared at the top level of `file`: in the file, and in the modules importing it. */
  const callSites = (name: string, file: ScopeFile): { call: Node; file: ScopeFile }[] => {
    const sites = (callsIn(file).get(name) ?? []).map((call) => ({ call, file }));
    const exported = project.exportsOf(file).get(name);
    if (!exported) return sites;
    for (const other of project.files.values()) {
      if (other.path === file.path) continue;
      for (const [local, b] of other.bindings)
        if (b.imported === exported && project.resolve(other.path, b.module) === file.path)
          sites.push(...(callsIn(other).get(local) ?? []).map((call) => ({ call, file: other })));
    }
    return sites;
  };

  /** The elements of the array a loop runs over: a literal, a name bound to one at the top level or in scope. */
  const elementsOf = (node: Node, file: ScopeFile, env: Env): NodeRef[] | null => {
    let ref: NodeRef | null = new NodeRef(node, file.root, env, file.path);
    for (let i = 0; i < 4 && ref && ref.node.type === 'identifier'; i += 1) {
      const bound: unknown = ref.env.get(ref.node.text);
      if (bound instanceof NodeRef) ref = bound;
      else {
        const value = topLevelConst(ref.root, ref.node.text);
        ref = value ? new NodeRef(value, ref.root, new Map(), ref.file) : null;
      }
    }
    if (ref?.node.type !== 'array') return null;
    const { root, env: own, file: where } = ref;
    return ref.node.namedChildren.filter((c) => c.type !== 'comment').map((c) => new NodeRef(c, root, own, where));
  };

  const scopesOf = (node: Node, file: ScopeFile, depth: number): Scope[] => {
    if (depth > 4) return [EMPTY];
    for (let p: Node | null = node.parent; p; p = p.parent) {
      // for (const x of [...]) body
      if (p.type === 'for_in_statement' && p.children.some((c) => c.type === 'of') && within(node, p.childForFieldName('body'))) {
        const target = parameterNames(p.childForFieldName('left'));
        if (!target || target.length !== 1) return [EMPTY];
        return expand(scopesOf(p, file, depth), (outer) => {
          const elements = elementsOf(p!.childForFieldName('right')!, file, outer.env);
          return elements?.map((el) => extend(outer, target[0]!, el, null)) ?? null;
        });
      }
      // [...].forEach((x) => …)
      if (/^(arrow_function|function_expression)$/.test(p.type) && p.parent?.type === 'arguments') {
        const call = p.parent.parent;
        const callee = call?.childForFieldName('function');
        if (call && callee?.type === 'member_expression' && ITERATE.has(callee.childForFieldName('property')!.text)) {
          const single = p.childForFieldName('parameter');
          const target = single ? [single.text] : parameterNames(p.childForFieldName('parameters'));
          if (!target || target.length === 0) return [EMPTY];
          return expand(scopesOf(call, file, depth), (outer) => {
            const elements = elementsOf(callee.childForFieldName('object')!, file, outer.env);
            return elements?.map((el) => extend(outer, target[0]!, el, null)) ?? null;
          });
        }
      }
      if (/^(function_declaration|function_expression|arrow_function)$/.test(p.type)) {
        const name = functionName(p);
        const single = p.childForFieldName('parameter');
        const params = single ? [single.text] : parameterNames(p.childForFieldName('parameters'));
        const sites = name && params && params.length > 0 ? callSites(name, file) : [];
        if (sites.length === 0) return [EMPTY];
        const out: Scope[] = [];
        for (const site of sites) {
          const args = (site.call.childForFieldName('arguments')?.namedChildren ?? []).filter((a) => a.type !== 'comment');
          for (const outer of scopesOf(site.call, site.file, depth + 1)) {
            const env = new Map<string, unknown>();
            for (const [i, param] of params!.entries())
              if (args[i]) bind(env, param, new NodeRef(args[i]!, site.file.root, outer.env, site.file.path));
            out.push({
              env,
              site: outer.site ?? { file: site.file.path, line: site.call.startPosition.row + 1 },
              elements: outer.elements,
            });
            if (out.length >= MAX_SCOPES) return out;
          }
        }
        return out;
      }
    }
    return [EMPTY];
  };

  return (node, path) => {
    const file = project.files.get(path);
    return file ? scopesOf(node, file, 0) : [EMPTY];
  };
}

function extend(outer: Scope, target: string | Node, element: NodeRef, site: Scope['site']): Scope {
  const env = new Map(outer.env);
  bind(env, target, element);
  return { env, site: site ?? outer.site, elements: [...outer.elements, element.node] };
}

function expand(outers: Scope[], each: (outer: Scope) => Scope[] | null): Scope[] {
  const out: Scope[] = [];
  for (const outer of outers) {
    const inner = each(outer);
    if (!inner) return [EMPTY];
    out.push(...inner);
    if (out.length >= MAX_SCOPES) break;
  }
  return out.slice(0, MAX_SCOPES);
}
