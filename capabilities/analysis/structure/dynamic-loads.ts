/**
 * Files a module loads by a path it builds from its own location rather than by an import: worker and
 * child-process scripts, plugin folders read and imported one by one. Such files have no importer and
 * would read as orphans. Written in the same form as FileFacts.references (a `./relative` path, or the
 * static head of a computed one followed by `*` for "anything under here"):
 * - `path.join(__dirname, 'workers', 'hash.js')`, `path.resolve(here, '../child.js')` where the first
 *   argument is the module's own folder (`__dirname`, `import.meta.dirname`, or a top-level name bound to
 *   `path.dirname(fileURLToPath(import.meta.url))`), as Piscina's `filename`, fork/spawn's script...;
 * - the same with a computed tail (`path.join(here, file)`) when the result goes into a loader (`import()`,
 *   `require()`, `new Worker()`, fork/spawn/execFile), directly or through the variable it is stored in
 *   within the same function: the folder's files are loaded;
 * - `new URL('worker.js', import.meta.url)` without a leading `./` (a bare relative URL);
 * - `__dirname + '/worker.js'` and `` `${__dirname}/worker.js` ``.
 * Paths written with `./` or `../` anywhere in the file are already in FileFacts.references.
 */
import path from 'node:path/posix';
import {
  ancestors,
  callArguments,
  fieldChild,
  isFunction,
  namedChildren,
  nodesOfType,
  skipParens,
  textOf,
  walk,
  type SyntaxNode as Node,
} from '../../../core/index.js';

/** `path.dirname(fileURLToPath(import.meta.url))`, `dirname(new URL(import.meta.url).pathname)`, `new URL('.', import.meta.url)`... */
const MODULE_DIR_EXPRESSION =
  /^(path\.)?dirname\(.*import\.meta\.url.*\)$|^new URL\(\s*['"]\.\/?['"]\s*,\s*import\.meta\.url\s*\)$|^(__dirname|import\.meta\.dirname)$/s;
/** `path.join`, `join`, and what TypeScript emits for them in CommonJS: `(0, node_path_1.resolve)`, `path_1.default.join`. */
const PATH_BUILDERS = /^(\(0,\s*)?([\w$]*path[\w$]*\.(default\.)?(posix\.)?)?(join|resolve)\)?$/i;
/** Callees and constructors that load or run the file they are given. */
const LOADERS =
  /^(import|require|require\.resolve|import\.meta\.resolve|(\w+\.)*(fork|spawn|spawnSync|execFile|execFileSync)|(\w+\.)*(Worker|Piscina))$/;
/** Calls a computed path may pass through on its way to a loader: `import(pathToFileURL(p).href)`. */
const WRAPPERS = new Set([
  'arguments',
  'array',
  'call_expression',
  'new_expression',
  'member_expression',
  'parenthesized_expression',
  'await_expression',
  'object',
  'pair',
]);

/** A cheap text test: only a file that mentions its own location can build a path from it. */
export function mayLoadDynamically(source: string): boolean {
  return /__dirname|import\.meta\.(url|dirname)/.test(source);
}

export function dynamicLoads(root: Node, source: string): string[] {
  if (!mayLoadDynamically(source)) return [];
  const moduleDirs = moduleDirNames(root, source);
  const isModuleDir = (node: Node | undefined): boolean => {
    const n = skipParens(node);
    if (!n) return false;
    const text = textOf(n, source);
    return MODULE_DIR_EXPRESSION.test(text) || (n.type === 'identifier' && moduleDirs.has(text));
  };
  const out = new Set<string>();
  for (const call of nodesOfType(root, 'call_expression')) {
    const callee = fieldChild(call, 'function');
    if (!callee || !PATH_BUILDERS.test(textOf(callee, source))) continue;
    const [dir, ...rest] = callArguments(call);
    if (!isModuleDir(dir) || rest.length === 0) continue;
    const literal = rest.map((a) => literalOf(a, source));
    const computedAt = literal.indexOf(undefined);
    if (computedAt === -1) out.add(relative(literal as string[]));
    else if (feedsLoader(call, source)) {
      const head = relative(literal.slice(0, computedAt) as string[]);
      out.add(`${head.endsWith('/') ? head : `${head}/`}*`);
    }
  }
  for (const url of nodesOfType(root, 'new_expression')) {
    const [target, base] = callArguments(url);
    if (textOf(fieldChild(url, 'constructor') ?? url, source) !== 'URL' || !base || !/^import\.meta\.url$/.test(textOf(base, source)))
      continue;
    const value = literalOf(target!, source);
    if (value !== undefined && value !== '' && !/^([a-z][a-z0-9+.-]*:|\/|\.{1,2}\/)/i.test(value)) out.add(`./${value}`);
  }
  for (const joined of nodesOfType(root, ['binary_expression', 'template_string'])) {
    const parts = joined.type === 'template_string' ? templateParts(joined) : namedChildren(joined);
    const [head, tail] = parts;
    if (parts.length !== 2 || !isModuleDir(head) || !tail) continue;
    if (joined.type === 'binary_expression' && !/^\s*\+/.test(source.slice(head!.endIndex, tail.startIndex).replace(/\)/g, ''))) continue;
    const value = tail.type === 'string_fragment' ? textOf(tail, source) : literalOf(tail, source);
    if (value?.startsWith('/') && value.length > 1) out.add(`.${value}`);
  }
  return [...out];
}

/** Top-level names bound to the module's folder: `const here = path.dirname(fileURLToPath(import.meta.url))`. */
function moduleDirNames(root: Node, source: string): Set<string> {
  const names = new Set<string>();
  for (const statement of root.children) {
    if (statement.type !== 'lexical_declaration' && statement.type !== 'variable_declaration') continue;
    for (const d of statement.children) {
      const name = d.type === 'variable_declarator' ? fieldChild(d, 'name') : undefined;
      const value = d.type === 'variable_declarator' ? skipParens(fieldChild(d, 'value')) : undefined;
      if (name?.type === 'identifier' && value && MODULE_DIR_EXPRESSION.test(textOf(value, source))) names.add(textOf(name, source));
    }
  }
  return names;
}

/** A string literal's value, or a template literal's when it has no substitutions. */
function literalOf(node: Node, source: string): string | undefined {
  const n = skipParens(node);
  if (n?.type === 'string' || (n?.type === 'template_string' && !n.children.some((c) => c.type === 'template_substitution')))
    return textOf(n, source).slice(1, -1);
  return undefined;
}

/** `${__dirname}/worker.js` as [substitution's expression, fragment]. */
function templateParts(template: Node): Node[] {
  return namedChildren(template)
    .map((c) => (c.type === 'template_substitution' ? namedChildren(c)[0]! : c))
    .filter(Boolean);
}

function relative(segments: string[]): string {
  const joined = path.join('.', ...segments);
  return joined.startsWith('..') ? joined : `./${joined === '.' ? '' : joined}`;
}

/** Whether the built path goes into something that loads code: directly, or through the variable it is stored in. */
export function feedsLoader(call: Node, source: string): boolean {
  let node = call;
  for (const a of ancestors(call)) {
    if (!WRAPPERS.has(a.type)) break;
    if (isLoader(a, source)) return true;
    node = a;
  }
  const holder = node.parent;
  const name =
    holder?.type === 'variable_declarator'
      ? fieldChild(holder, 'name')
      : holder?.type === 'assignment_expression' && node.field === 'right'
        ? fieldChild(holder, 'left')
        : undefined;
  if (name?.type !== 'identifier') return false;
  const scope = ancestors(holder!).find((a) => isFunction(a)) ?? ancestors(holder!).at(-1)!;
  return loaderCalls(scope, source).some((loader) => mentions(loader, textOf(name, source), source));
}

function isLoader(node: Node, source: string): boolean {
  const callee =
    node.type === 'call_expression'
      ? fieldChild(node, 'function')
      : node.type === 'new_expression'
        ? fieldChild(node, 'constructor')
        : undefined;
  return callee !== undefined && LOADERS.test(textOf(callee, source));
}

function loaderCalls(scope: Node, source: string): Node[] {
  const found: Node[] = [];
  walk(scope, (n) => {
    if (isLoader(n, source)) found.push(n);
  });
  return found;
}

function mentions(node: Node, name: string, source: string): boolean {
  let found = false;
  walk(node, (n) => {
    if (found) return false;
    if (n.type === 'identifier' && textOf(n, source) === name) found = true;
    return undefined;
  });
  return found;
}
