/**
 * What analysis.structure needs to know about one source file, read in one cursor pass over its tree
 * and memoised per content hash: its imports, its length, and the marks of its concerns (JSX it
 * renders, HTTP routes it registers, SQL it sends, a "use server" directive).
 */
import { descendantForIndex, fieldChild, namedChildren, nodesOfType, startRowOf, type SyntaxNode, textOf } from '../../../core/index.js';
import { extractImports, type ImportRecord } from '../import-graph/extract-imports.js';

export interface FileFacts {
  imports: ImportRecord[];
  lines: number;
  /** 1-based line of the first JSX element, or 0. */
  jsxLine: number;
  /** 1-based line of the first `app.get('/path', ...)`-style route registration, or 0. */
  routeLine: number;
  /** 1-based line of the first SQL statement string passed to a call, or 0. */
  sqlLine: number;
  exports: boolean;
  useServer: boolean;
  /**
   * Relative paths written as string literals outside imports (`new URL('./worker.js', import.meta.url)`,
   * `path.join(__dirname, './worker.js')`) and the static heads of computed ones (`./formatters/${name}`,
   * kept with a trailing `*`): files loaded this way are not orphans.
   */
  references: string[];
}

const ROUTE_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'all', 'route', 'head', 'options']);
const SQL = /^\s*(select\s[\s\S]*\sfrom\s|insert\s+into\s|update\s+\S+\s+set\s|delete\s+from\s)/i;

export function readFacts(root: SyntaxNode, source: string): FileFacts {
  const facts: FileFacts = {
    imports: extractImports(root, source),
    lines: lineCount(source),
    jsxLine: 0,
    routeLine: 0,
    sqlLine: 0,
    exports: /\bexport\b/.test(source),
    useServer: /^\s*(['"])use server\1/.test(source),
    references: pathReferences(source),
  };
  // Only a file with a closing tag can hold JSX; the rest skip the search of the whole tree.
  const jsx = /<\/|\/>/.test(source) ? nodesOfType(root, JSX_TYPES)[0] : undefined;
  if (jsx) facts.jsxLine = startRowOf(jsx) + 1;
  // Candidate calls are found in the text; the tree confirms each is a call with a string argument.
  for (const match of source.matchAll(/\.([a-zA-Z]+)\s*\(\s*['"`]/g)) {
    if (facts.routeLine !== 0 && facts.sqlLine !== 0) break;
    const call = descendantForIndex(root, match.index! + 1).parent?.parent;
    if (call?.type === 'call_expression') noteCall(call, facts, source);
  }
  return facts;
}

const JSX_TYPES = ['jsx_element', 'jsx_self_closing_element'];

function noteCall(node: SyntaxNode, facts: FileFacts, source: string): void {
  const callee = fieldChild(node, 'function');
  const args = fieldChild(node, 'arguments');
  const first = args && namedChildren(args)[0];
  if (callee?.type !== 'member_expression' || !first) return;
  const property = fieldChild(callee, 'property');
  const method = property ? textOf(property, source) : '';
  const text = first.type === 'string' || first.type === 'template_string' ? source.slice(first.startIndex + 1, first.endIndex - 1) : null;
  if (text === null) return;
  const line = startRowOf(node) + 1;
  if (facts.routeLine === 0 && ROUTE_METHODS.has(method) && text.startsWith('/')) facts.routeLine = line;
  if (facts.sqlLine === 0 && SQL.test(text)) facts.sqlLine = line;
}

function pathReferences(source: string): string[] {
  const out = new Set<string>();
  for (const match of source.matchAll(/(['"`])(\.{1,2}\/[^'"`\s$]*)(\$\{)?/g)) out.add(match[3] ? `${match[2]}*` : match[2]!);
  return [...out];
}

/** Lines as `source.split('\n')` counts them, less a final empty one; counted without making the array. */
function lineCount(source: string): number {
  if (source.length === 0) return 0;
  let lines = 1;
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) lines++;
  return source.endsWith('\n') ? lines - 1 : lines;
}
