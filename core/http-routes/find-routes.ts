/**
 * The project's HTTP routes from its tree-sitter trees, no project code run: the module that builds
 * the app (`express()`, `Fastify()`) and how it exports it (the app itself or a factory), the route
 * calls (`app.get('/x', …)`, `router.post('/', …)`, `fastify.post('/', { schema }, …)`) with the
 * prefix their router or plugin is mounted under (`app.use('/todos', todosRouter)`,
 * `app.register(notes, { prefix: '/notes' })`, followed through relative imports and requires), and
 * whether the app module calls `listen` when it is imported.
 */
import path from 'node:path';
import type { Tree } from 'tree-sitter';
import { bodyOf, paramsChecked, type BodySpec } from './bodies.js';
import { literalAnswersOf } from './answer-literals.js';
import { jsonStatusesOf, queryNamesOf, schemaOf, statusesOf } from './handler-facts.js';
import { literalOf, NodeRef, pairValue, pathValueOf, valueIn, type Env, type Node } from './literals.js';
import { scopeFinder, type Scope, type ScopeFile } from './scopes.js';
import { parsedBodyType, typedPartsOf, type DefineType, type TypedParts } from './type-schemas.js';

export type { Node };
export type HttpFramework = 'express' | 'fastify';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteFact {
  framework: HttpFramework;
  method: HttpMethod;
  /** The full path, mount prefix included (`/todos/:id`). */
  path: string;
  file: string;
  line: number;
  body: BodySpec | null;
  /** The handler checks its path parameters (Number.isInteger, isNaN, a pattern): a request with a malformed one is worth a test. */
  checksParams: boolean;
  /** Query parameters the handler reads (`req.query.q`, `const { page } = req.query`), in order of first use. */
  query: string[];
  /** A Fastify route's `schema` as written (params, querystring, body, response), when it is a literal. */
  schema: RouteSchema | null;
  /** Status codes the handler sets (`res.status(201)`, `reply.code(404)`, `res.sendStatus(204)`), ascending. */
  statuses: number[];
  /** Statuses the handler answers with a JSON body (`res.status(201).json(…)`, a bare `res.json(…)` for 200). */
  jsonStatuses: number[];
  /** JSON answers the handler writes as literals (`res.status(201).json({ id, title: String(t) })`, a Fastify handler's `return {...}`), by status, as JSON Schemas typed as far as the expressions say. */
  answers: Record<string, Record<string, unknown>>;
  /** JSON Schemas from the route's TypeScript annotations (Express `Request<…>`/`Response<…>`, Fastify `post<{ Body, Reply }>`). */
  types: TypedParts | null;
}

export interface RouteSchema {
  params?: Record<string, unknown>;
  querystring?: Record<string, unknown>;
  body?: Record<string, unknown>;
  response?: Record<string, unknown>;
}

/** A route declared as data: an object literal with a literal `method`, a `path`/`url` starting with `/` and a `handler` (hapi's `server.route({...})`, a route table mounted in a loop). */
export interface RouteObjectFact {
  method: HttpMethod;
  path: string;
  file: string;
  line: number;
}

export interface AppModule {
  file: string;
  framework: HttpFramework;
  /** How to reach it from an import of `file`: a named export, the default export or module.exports itself. */
  exportName: string | 'default' | 'module.exports';
  /** The export is a function building the app (`buildApp()`), called without arguments. */
  factory: boolean;
  /** Its parameters, when the factory has some (the app cannot be built without them). */
  factoryParams: string[];
  /** 1-based line of a `listen` call run when the module is imported (top level, not behind `require.main === module`). */
  listensOnImport: number | null;
}

export interface RouteScan {
  apps: AppModule[];
  /** App modules found but not usable, with why (no export, listens on import, needs arguments). */
  unusable: { file: string; reason: string }[];
  routes: RouteFact[];
  /** Route calls found but not reachable from an app (a router never mounted). */
  unmounted: { file: string; line: number; method: HttpMethod; path: string }[];
  /** Routes declared as data (object literals with method, path and handler), wherever they are mounted. */
  routeObjects: RouteObjectFact[];
}

interface SourceTree {
  path: string;
  tree: Tree;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const CLIENTS = /^(axios|http|https|fetch|request|got|superagent|client|ky|api|\$http|supertest|agent)$/i;
const RESOLVE_SUFFIXES = ['', '.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '/index.js', '/index.mjs', '/index.cjs', '/index.ts'];

function walk(node: Node, visit: (n: Node) => void): void {
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    visit(n);
    for (let i = n.namedChildCount - 1; i >= 0; i -= 1) stack.push(n.namedChild(i)!);
  }
}

const stringOf = (node: Node | null | undefined): string | null =>
  node && (node.type === 'string' || (node.type === 'template_string' && node.namedChildCount === 0)) ? node.text.slice(1, -1) : null;

/** `import x from`, `import { a as b } from`, `const x = require()`, `const { a } = require()`: local name -> module and imported name. */
function bindingsOf(root: Node): Map<string, { module: string; imported: string }> {
  const out = new Map<string, { module: string; imported: string }>();
  walk(root, (n) => {
    if (n.type === 'import_statement') {
      const module = stringOf(n.childForFieldName('source'));
      if (module === null) return;
      walk(n, (c) => {
        if (c.type === 'import_clause')
          for (const id of c.namedChildren) if (id.type === 'identifier') out.set(id.text, { module, imported: 'default' });
        if (c.type === 'namespace_import') out.set(c.namedChildren.at(-1)!.text, { module, imported: '*' });
        if (c.type === 'import_specifier') {
          const name = c.childForFieldName('name')!.text;
          out.set(c.childForFieldName('alias')?.text ?? name, { module, imported: name });
        }
      });
    }
    if (n.type === 'variable_declarator') {
      const value = n.childForFieldName('value');
      if (value?.type !== 'call_expression' || value.childForFieldName('function')?.text !== 'require') return;
      const module = stringOf(value.childForFieldName('arguments')?.namedChild(0));
      if (module === null) return;
      const name = n.childForFieldName('name')!;
      if (name.type === 'identifier') out.set(name.text, { module, imported: 'module.exports' });
      if (name.type === 'object_pattern')
        for (const p of name.namedChildren) {
          if (p.type === 'shorthand_property_identifier_pattern') out.set(p.text, { module, imported: p.text });
          if (p.type === 'pair_pattern')
            out.set(p.childForFieldName('value')!.text, { module, imported: p.childForFieldName('key')!.text });
        }
    }
  });
  return out;
}

function resolveModule(from: string, spec: string, files: Set<string>): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  for (const suffix of RESOLVE_SUFFIXES) if (files.has(base + suffix)) return base + suffix;
  // TypeScript's ESM imports name the emitted file: `./routes.js` is `./routes.ts` in the source.
  const source = base.replace(/\.(m|c)?js$/, '.$1ts');
  return source !== base && files.has(source) ? source : null;
}

/** The callee of an app creation: `express()`, `Fastify()`, `fastify.default()` for a name bound to the package. */
function frameworkOfCall(call: Node, bindings: Map<string, { module: string; imported: string }>): HttpFramework | null {
  const callee = call.childForFieldName('function');
  if (!callee) return null;
  const name = callee.type === 'member_expression' ? callee.childForFieldName('object')?.text : callee.text;
  const binding = name ? bindings.get(name) : undefined;
  if (!binding) return null;
  // The package's own factory (`express()`, `Fastify()`), not `Router()` or a plugin helper it also exports.
  const factory = binding.imported === 'default' || binding.imported === 'module.exports' || binding.imported === '*';
  if (binding.module === 'express' && callee.type === 'identifier' && factory) return 'express';
  if (binding.module === 'fastify' && (factory || binding.imported === 'fastify' || binding.imported === 'default')) return 'fastify';
  return null;
}

/** The top-level statement holding `node`. */
function topLevel(node: Node): Node {
  let n = node;
  while (n.parent && n.parent.type !== 'program') n = n.parent;
  return n;
}

/** Inside a function (not run on import) or behind a `require.main === module` / `import.meta` main check. */
function guarded(node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (/function|arrow_function|method_definition/.test(p.type)) return true;
    if (p.type === 'if_statement' && /require\.main|import\.meta|process\.argv/.test(p.childForFieldName('condition')?.text ?? ''))
      return true;
  }
  return false;
}

/** The name a value declared at top level is exported under, if any. */
function exportsOf(root: Node): Map<string, string> {
  const out = new Map<string, string>(); // local -> export name
  for (const statement of root.namedChildren) {
    if (statement.type === 'export_statement') {
      const declaration = statement.childForFieldName('declaration');
      const isDefault = statement.children.some((c) => c.type === 'default');
      if (declaration) {
        const name = declaration.childForFieldName('name');
        if (name) out.set(name.text, isDefault ? 'default' : name.text);
        for (const d of declaration.namedChildren)
          if (d.type === 'variable_declarator') out.set(d.childForFieldName('name')!.text, d.childForFieldName('name')!.text);
      } else if (isDefault) {
        const value = statement.childForFieldName('value');
        if (value?.type === 'identifier') out.set(value.text, 'default');
      }
      for (const clause of statement.namedChildren.filter((c) => c.type === 'export_clause'))
        for (const s of clause.namedChildren)
          out.set(s.childForFieldName('name')!.text, s.childForFieldName('alias')?.text ?? s.childForFieldName('name')!.text);
    }
    // module.exports = x; module.exports = { a, b: c }; exports.a = x; module.exports.a = x
    const assignment = statement.type === 'expression_statement' ? statement.namedChild(0) : null;
    if (assignment?.type !== 'assignment_expression') continue;
    const left = assignment.childForFieldName('left')!.text;
    const right = assignment.childForFieldName('right')!;
    if (left === 'module.exports') {
      if (right.type === 'identifier') out.set(right.text, 'module.exports');
      if (right.type === 'object')
        for (const p of right.namedChildren) {
          if (p.type === 'shorthand_property_identifier') out.set(p.text, p.text);
          if (p.type === 'pair' && p.childForFieldName('value')?.type === 'identifier')
            out.set(p.childForFieldName('value')!.text, p.childForFieldName('key')!.text);
        }
    }
    const named = /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)$/.exec(left);
    if (named && right.type === 'identifier') out.set(right.text, named[1]!);
  }
  return out;
}

/** The name of the top-level function or variable a node sits in. */
function ownerName(node: Node): string | null {
  const statement = topLevel(node);
  const declaration = statement.type === 'export_statement' ? statement.childForFieldName('declaration') : statement;
  if (!declaration) return null;
  const name = declaration.childForFieldName('name');
  if (name) return name.text;
  const declarator = declaration.namedChildren.find((c) => c.type === 'variable_declarator');
  return declarator?.childForFieldName('name')?.text ?? null;
}

interface RouteCall {
  receiver: string;
  method: HttpMethod;
  path: string;
  call: Node;
  handler: Node;
  options: Node | null;
  /** The module whose names the receiver is (where a helper was called with it); the call's own module otherwise. */
  site: string;
  /** The module the call is written in (its handler's names are looked up there). */
  home: string;
  /** The module and line the route is said to be declared at: the helper's call site, or the call. */
  at: string;
  line: number;
}

interface FileFacts {
  path: string;
  root: Node;
  bindings: Map<string, { module: string; imported: string }>;
  /** Local names of apps created here, with the framework and the top-level name holding them. */
  apps: { local: string; framework: HttpFramework; owner: string | null; line: number }[];
  /** `handler` the function answering; `options` a Fastify route's options object (its `schema`). */
  routeCalls: RouteCall[];
  /** `x.use('/p', y)` / `x.register(y, { prefix })`: the receiver, the mounted name and the prefix. */
  mounts: { receiver: string; mounted: string; prefix: string }[];
  listens: { receiver: string; line: number; guarded: boolean }[];
  routeObjects: (RouteObjectFact & { node: Node })[];
  /** Object literals a loop hands to a route call (`for (const r of table) app[r.method](r.path, r.handler)`): routes through the call, not as data. */
  consumed: Node[];
}

type Scopes = (node: Node, file: string) => Scope[];

/** The parameters of the function `node` sits in (the nearest one). */
function enclosingParameters(node: Node): string[] {
  for (let p = node.parent; p; p = p.parent)
    if (/^(function_declaration|function_expression|arrow_function|method_definition)$/.test(p.type)) {
      const single = p.childForFieldName('parameter');
      if (single) return [single.text];
      return (p.childForFieldName('parameters')?.namedChildren ?? []).map((c) => (c.childForFieldName('pattern') ?? c).text);
    }
  return [];
}

/** A name bound in a scope to another name (a helper's `router` parameter given `app`): that name and its module. */
function receiverIn(receiver: string, env: Env, file: string): { receiver: string; site: string } {
  let name = receiver;
  let site = file;
  let scope = env;
  for (let i = 0; i < 6; i += 1) {
    const bound = scope.get(name);
    if (!(bound instanceof NodeRef) || !/^[\w$.]+$/.test(bound.node.text)) break;
    name = bound.node.text;
    site = bound.file;
    scope = bound.env;
  }
  return { receiver: name, site };
}

function factsOf(file: ScopeFile, scopes: Scopes): FileFacts {
  const { root, bindings } = file;
  const facts: FileFacts = {
    path: file.path,
    root,
    bindings,
    apps: [],
    routeCalls: [],
    mounts: [],
    listens: [],
    routeObjects: [],
    consumed: [],
  };
  walk(root, (n) => {
    if (n.type === 'object') {
      const found = routeObjectOf(n, root, file.path, new Map());
      if (found) facts.routeObjects.push({ ...found, node: n });
      // Made by a helper (`pagedRoute('findings', …)` returning `{ method, path: \`/jobs/{id}/${name}\`, handler }`): one per call site.
      else if (pairValue(n, 'method') && pairValue(n, 'handler') && (pairValue(n, 'path') ?? pairValue(n, 'url')))
        for (const scope of scopes(n, file.path)) {
          if (scope.env.size === 0) continue;
          const made = routeObjectOf(n, root, file.path, scope.env);
          if (made) facts.routeObjects.push({ ...made, ...(scope.site ?? {}), node: n });
        }
      return;
    }
    if (n.type !== 'call_expression') return;
    const framework = frameworkOfCall(n, bindings);
    if (framework) {
      const declarator = n.parent?.type === 'variable_declarator' ? n.parent : null;
      const local = declarator?.childForFieldName('name')?.text ?? '';
      facts.apps.push({ local, framework, owner: ownerName(n), line: n.startPosition.row + 1 });
      return;
    }
    const callee = n.childForFieldName('function');
    if (callee?.type === 'subscript_expression') {
      const args = (n.childForFieldName('arguments')?.namedChildren ?? []).filter((a) => a.type !== 'comment');
      if (args.length >= 2 && !CLIENTS.test(callee.childForFieldName('object')!.text))
        facts.routeCalls.push(...routeCallsOf(n, callee, args));
      return;
    }
    if (callee?.type !== 'member_expression') return;
    const receiver = callee.childForFieldName('object')!.text;
    const method = callee.childForFieldName('property')!.text;
    const args = (n.childForFieldName('arguments')?.namedChildren ?? []).filter((a) => a.type !== 'comment');
    if (METHODS.has(method) && args.length >= 2 && !CLIENTS.test(receiver)) facts.routeCalls.push(...routeCallsOf(n, callee, args));
    // Express: router.route('/:id').get(h).put(h)
    if (METHODS.has(method) && args.length >= 1) {
      const chained = routeChainOf(callee.childForFieldName('object')!);
      if (chained)
        facts.routeCalls.push({
          ...chained,
          method: method.toUpperCase() as HttpMethod,
          call: n,
          handler: args.at(-1)!,
          options: null,
          site: file.path,
          home: file.path,
          at: file.path,
          line: n.startPosition.row + 1,
        });
    }
    // Fastify: app.route({ method: 'POST', url: '/x', schema, handler })
    if (method === 'route' && args.length === 1 && args[0]!.type === 'object' && !CLIENTS.test(receiver)) {
      const verb = pairValue(args[0]!, 'method');
      const url = stringOf(pairValue(args[0]!, 'url') ?? pairValue(args[0]!, 'path'));
      const handler = pairValue(args[0]!, 'handler');
      const name = stringOf(verb)?.toLowerCase();
      if (name && METHODS.has(name) && url !== null && url.startsWith('/') && handler)
        facts.routeCalls.push({
          receiver,
          method: name.toUpperCase() as HttpMethod,
          path: url,
          call: n,
          handler,
          options: args[0]!,
          site: file.path,
          home: file.path,
          at: file.path,
          line: n.startPosition.row + 1,
        });
    }
    if (method === 'use' && args.length >= 2) {
      const prefix = stringOf(args[0]) ?? pathValueOf(args[0]!, root);
      const mounted = mountedName(args[1]!);
      if (prefix !== null && mounted !== null) facts.mounts.push({ receiver, mounted, prefix });
    }
    if (method === 'register' && args.length >= 1) {
      const options = args[1] ? literalOf(args[1], root) : undefined;
      const prefix =
        options && typeof options === 'object' && typeof (options as { prefix?: unknown }).prefix === 'string'
          ? (options as { prefix: string }).prefix
          : '';
      const mounted = mountedName(args[0]!);
      if (mounted !== null) facts.mounts.push({ receiver, mounted, prefix });
    }
    if (method === 'listen') facts.listens.push({ receiver, line: n.startPosition.row + 1, guarded: guarded(n) });
  });
  return facts;

  /**
   * `app.get('/x', h)` as written, or once per scope where its method, path or receiver is a name: a
   * helper's parameter (`function crud(router, name) { router.get(\`/${name}\`, …) }` at each call with
   * literal arguments) or a loop's element (`for (const r of routes) app[r.method](r.path, r.handler)`).
   */
  function routeCallsOf(n: Node, callee: Node, args: Node[]): RouteCall[] {
    const receiver = callee.childForFieldName('object')!.text;
    const line = n.startPosition.row + 1;
    const attempt = (env: Env): Omit<RouteCall, 'line' | 'at'> | null => {
      const verb =
        callee.type === 'member_expression'
          ? callee.childForFieldName('property')!.text
          : valueIn(callee.childForFieldName('index')!, root, env);
      if (typeof verb !== 'string' || !METHODS.has(verb.toLowerCase())) return null;
      // A literal, or built by the source from constants and helpers (`route('users')`).
      const routePath = env.size === 0 ? (stringOf(args[0]) ?? pathValueOf(args[0]!, root)) : valueIn(args[0]!, root, env);
      if (typeof routePath !== 'string' || !routePath.startsWith('/')) return null;
      let handler = args.at(-1)!;
      const named =
        handler.type === 'identifier' || handler.type === 'member_expression' ? env.get(handler.text.split('.')[0]!) : undefined;
      if (named instanceof NodeRef && named.root === root) {
        const target =
          handler.type === 'member_expression' && named.node.type === 'object'
            ? pairValue(named.node, handler.text.split('.')[1]!)
            : named.node;
        if (target) handler = target;
      }
      const where = receiverIn(receiver, env, file.path);
      return {
        ...where,
        method: verb.toUpperCase() as HttpMethod,
        path: routePath,
        call: n,
        handler,
        options: args.length >= 3 && args[1]!.type === 'object' ? args[1]! : null,
        home: file.path,
      };
    };
    const plain = attempt(new Map());
    if (plain && !enclosingParameters(n).includes(receiver)) return [{ ...plain, at: file.path, line }];
    const out: RouteCall[] = [];
    for (const scope of scopes(n, file.path)) {
      if (scope.env.size === 0) continue;
      const made = attempt(scope.env);
      if (!made) continue;
      out.push({ ...made, at: scope.site?.file ?? file.path, line: scope.site?.line ?? line });
      facts.consumed.push(...scope.elements);
    }
    return out.length > 0 ? out : plain ? [{ ...plain, at: file.path, line }] : [];
  }
}

/** `{ method: 'get', path: '/jobs/{id}', handler }` (or `url`), not an argument of a Fastify `x.route({...})` call (read as a route call). */
function routeObjectOf(object: Node, root: Node, file: string, env: Env): RouteObjectFact | null {
  const methodNode = pairValue(object, 'method');
  const method = methodNode ? valueIn(methodNode, root, env) : undefined;
  if (typeof method !== 'string' || !METHODS.has(method.toLowerCase())) return null;
  if (!pairValue(object, 'handler')) return null;
  const where = pairValue(object, 'path') ?? pairValue(object, 'url');
  const routePath = where ? valueIn(where, root, env) : undefined;
  if (typeof routePath !== 'string' || !routePath.startsWith('/')) return null;
  const call = object.parent?.parent;
  if (call?.type === 'call_expression' && /\.route$/.test(call.childForFieldName('function')?.text ?? '')) return null;
  return { method: method.toUpperCase() as HttpMethod, path: routePath, file, line: object.startPosition.row + 1 };
}

/** `x.route('/p')` at the bottom of a `.get(h).put(h)` chain: its receiver and path. */
function routeChainOf(node: Node): { receiver: string; path: string } | null {
  let n: Node | null = node;
  while (n?.type === 'call_expression') {
    const fn: Node | null = n.childForFieldName('function');
    if (fn?.type !== 'member_expression') return null;
    const property = fn.childForFieldName('property')!.text;
    if (property === 'route') {
      const routePath = stringOf(n.childForFieldName('arguments')?.namedChild(0));
      return routePath !== null && routePath.startsWith('/') ? { receiver: fn.childForFieldName('object')!.text, path: routePath } : null;
    }
    if (!METHODS.has(property) && property !== 'all') return null;
    n = fn.childForFieldName('object');
  }
  return null;
}

/** What a `use`/`register` mounts: a name (`todosRouter`, `ordersRouter(service)`) or `require:<spec>` for `require('./notes')`. */
function mountedName(arg: Node): string | null {
  if (arg.type === 'call_expression' && arg.childForFieldName('function')?.text === 'require') {
    const spec = stringOf(arg.childForFieldName('arguments')?.namedChild(0));
    return spec === null ? null : `require:${spec}`;
  }
  const name = arg.type === 'call_expression' ? arg.childForFieldName('function')!.text : arg.text;
  return /^[\w$.]+$/.test(name) ? name : null;
}

const joinPath = (prefix: string, route: string): string => {
  const joined = `${prefix.replace(/\/$/, '')}${route === '/' && prefix !== '' ? '' : route}`;
  return joined === '' ? '/' : joined;
};

export function scanRoutes(sources: SourceTree[], allFiles: string[]): RouteScan {
  const known = new Set(allFiles);
  const files = new Map<string, ScopeFile>(
    sources.map((s) => {
      const root = s.tree.rootNode as Node;
      return [s.path, { path: s.path, root, bindings: bindingsOf(root) }];
    }),
  );
  const exportsCache = new Map<string, Map<string, string>>();
  const scopes = scopeFinder({
    files,
    resolve: (from, spec) => resolveModule(from, spec, known),
    exportsOf: (f) => exportsCache.get(f.path) ?? exportsCache.set(f.path, exportsOf(f.root)).get(f.path)!,
  });
  const facts = [...files.values()].map((f) => factsOf(f, scopes));
  const byPath = new Map(facts.map((f) => [f.path, f]));
  const consumed = new Set(facts.flatMap((f) => f.consumed));
  const callsAt = new Map<string, RouteCall[]>();
  for (const f of facts) for (const c of f.routeCalls) callsAt.set(c.site, [...(callsAt.get(c.site) ?? []), c]);
  const defineType = typeDefiner(facts, byPath, known);
  /** The route's annotated types, and a body typed by the parser the handler hands `req.body` to. */
  const typesOf = (
    call: Node,
    handler: Node,
    f: FileFacts,
    noBody: boolean,
    defineValue: (name: string) => { node: Node; root: Node } | null,
  ): TypedParts | null => {
    const typed = typedPartsOf(call, handler, f.root, defineType);
    if (noBody || typed?.body) return typed;
    const parsed = parsedBodyType(handler, defineValue, defineType);
    return parsed ? { ...typed, body: parsed } : typed;
  };
  const scan: RouteScan = {
    apps: [],
    unusable: [],
    routes: [],
    unmounted: [],
    routeObjects: facts.flatMap((f) => f.routeObjects.filter((r) => !consumed.has(r.node)).map(({ node: _node, ...r }) => r)),
  };

  // Prefix of each module's routes: '' for the app's own module, else where another module mounts it.
  const prefixes = new Map<string, { prefix: string; framework: HttpFramework }>();
  const appFiles = facts.filter((f) => f.apps.length > 0);
  for (const f of appFiles) prefixes.set(f.path, { prefix: '', framework: f.apps[0]!.framework });
  // Follow mounts outwards from the app modules (a router mounting a router), a few levels deep.
  for (let depth = 0; depth < 4; depth += 1) {
    for (const f of facts) {
      const own = prefixes.get(f.path);
      if (!own) continue;
      for (const m of f.mounts) {
        const spec = m.mounted.startsWith('require:')
          ? m.mounted.slice('require:'.length)
          : f.bindings.get(m.mounted.split('.')[0]!)?.module;
        const target = spec ? resolveModule(f.path, spec, known) : null;
        if (target && !prefixes.has(target))
          prefixes.set(target, { prefix: joinPath(own.prefix, m.prefix === '/' ? '' : m.prefix), framework: own.framework });
      }
    }
  }

  for (const f of facts) {
    const own = prefixes.get(f.path);
    for (const call of callsAt.get(f.path) ?? []) {
      const { line } = call;
      const home = byPath.get(call.home) ?? f;
      // A route on a router mounted in the same module (`app.use('/todos', todos)`), on the app, or in a mounted module.
      const local = f.mounts.find((m) => m.mounted === call.receiver && !f.bindings.has(m.mounted));
      if (!own && !local) {
        if (f.bindings.has('express') || [...f.bindings.values()].some((b) => b.module === 'express' || b.module === 'fastify'))
          scan.unmounted.push({ file: f.path, line, method: call.method, path: call.path });
        continue;
      }
      const framework = own?.framework ?? 'express';
      const prefix = joinPath(own?.prefix ?? '', local ? local.prefix : '');
      const { handler } = call;
      const options = framework === 'fastify' ? call.options : null;
      scan.routes.push({
        framework,
        method: call.method,
        path: joinPath(prefix === '/' ? '' : prefix, call.path),
        file: call.at,
        line,
        body:
          call.method === 'GET' || call.method === 'DELETE'
            ? null
            : bodyOf(handler, options, home.root, (name) => definitionOf(home, name, byPath, known)),
        checksParams: call.path.includes(':') && paramsChecked(handler),
        query: queryNamesOf(handler),
        schema: options ? schemaOf(options, home.root) : null,
        statuses: statusesOf(handler),
        jsonStatuses: jsonStatusesOf(handler),
        answers: literalAnswersOf(handler, framework),
        types: typesOf(call.call, handler, home, call.method === 'GET' || call.method === 'DELETE', (name) =>
          definitionOf(home, name, byPath, known),
        ),
      });
    }
  }

  for (const f of appFiles) {
    const app = f.apps[0]!;
    const exported = exportsOf(f.root);
    const topListen = f.listens.find((l) => !l.guarded);
    const direct = exported.get(app.local);
    const viaFactory = app.owner && app.owner !== app.local ? exported.get(app.owner) : undefined;
    if (topListen) {
      scan.unusable.push({
        file: f.path,
        reason: `${f.path} calls listen() when it is imported (line ${topListen.line}), so its app cannot be started on an ephemeral port by a test; export the app from a module that does not listen (e.g. app.js, with server.js calling listen)`,
      });
      continue;
    }
    if (direct) {
      scan.apps.push({
        file: f.path,
        framework: app.framework,
        exportName: direct,
        factory: false,
        factoryParams: [],
        listensOnImport: null,
      });
      continue;
    }
    if (viaFactory) {
      const fn = factoryNode(f.root, app.owner!);
      const params = fn ? (fn.childForFieldName('parameters')?.namedChildren ?? []).map((p) => p.text) : [];
      if (params.length > 0 && params.every((p) => !p.includes('='))) {
        scan.unusable.push({
          file: f.path,
          reason: `${f.path}'s ${app.owner}(${params.join(', ')}) needs arguments a test cannot make up (passing them is not done yet)`,
        });
        continue;
      }
      scan.apps.push({
        file: f.path,
        framework: app.framework,
        exportName: viaFactory,
        factory: true,
        factoryParams: params,
        listensOnImport: null,
      });
      continue;
    }
    scan.unusable.push({
      file: f.path,
      reason: `${f.path} builds the app (line ${app.line}) but does not export it (nor a function returning it)`,
    });
  }
  return scan;
}

function factoryNode(root: Node, name: string): Node | null {
  let found: Node | null = null;
  walk(root, (n) => {
    if (found) return;
    if (n.type === 'function_declaration' && n.childForFieldName('name')?.text === name) found = n;
    if (n.type === 'variable_declarator' && n.childForFieldName('name')?.text === name) {
      const value = n.childForFieldName('value');
      if (value && /function|arrow_function/.test(value.type)) found = value;
    }
  });
  return found;
}

/** The value a name is declared with at the top level of `f` or, imported, of the module it comes from. */
function definitionOf(f: FileFacts, name: string, byPath: Map<string, FileFacts>, known: Set<string>): { node: Node; root: Node } | null {
  const local = topLevelValue(f.root, name);
  if (local) return { node: local, root: f.root };
  const binding = f.bindings.get(name);
  const target = binding ? resolveModule(f.path, binding.module, known) : null;
  const other = target ? byPath.get(target) : undefined;
  if (!other || !binding) return null;
  const exported = exportsOf(other.root);
  const localName = [...exported.entries()].find(([, e]) => e === binding.imported)?.[0] ?? binding.imported;
  const node = topLevelValue(other.root, localName);
  return node ? { node, root: other.root } : null;
}

/** An interface or type alias declared at the top level of `root`. */
function topLevelType(root: Node, name: string): Node | null {
  for (const statement of root.namedChildren) {
    const declaration = statement.type === 'export_statement' ? statement.childForFieldName('declaration') : statement;
    if (
      (declaration?.type === 'interface_declaration' || declaration?.type === 'type_alias_declaration') &&
      declaration.childForFieldName('name')?.text === name
    )
      return declaration;
  }
  return null;
}

/** A type name as seen from a file: declared there, or imported from a module of the workspace. */
function typeDefiner(facts: FileFacts[], byPath: Map<string, FileFacts>, known: Set<string>): DefineType {
  const byRoot = new Map(facts.map((f) => [f.root, f]));
  return (name, from) => {
    const f = byRoot.get(from);
    if (!f) return null;
    const local = topLevelType(f.root, name);
    if (local) return { node: local, root: f.root };
    const binding = f.bindings.get(name);
    const target = binding ? resolveModule(f.path, binding.module, known) : null;
    const other = target ? byPath.get(target) : undefined;
    if (!other || !binding) return null;
    const localName = [...exportsOf(other.root).entries()].find(([, e]) => e === binding.imported)?.[0] ?? binding.imported;
    const node = topLevelType(other.root, localName);
    return node ? { node, root: other.root } : null;
  };
}

function topLevelValue(root: Node, name: string): Node | null {
  for (const statement of root.namedChildren) {
    const declaration = statement.type === 'export_statement' ? statement.childForFieldName('declaration') : statement;
    if (!declaration) continue;
    if (declaration.type === 'function_declaration' && declaration.childForFieldName('name')?.text === name) return declaration;
    for (const d of declaration.namedChildren)
      if (d.type === 'variable_declarator' && d.childForFieldName('name')?.text === name) return d.childForFieldName('value');
  }
  return null;
}
