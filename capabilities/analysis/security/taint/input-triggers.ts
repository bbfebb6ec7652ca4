/**
 * Whether a file can start taint on its own: create an input flow (a request object or a browser
 * source, as ./bindings.ts, ./engine.ts and ./calls.ts create them) or hold a DOM HTML sink (which
 * reports unsanitised values without any input). A file that cannot, and imports nothing that can,
 * has no taint findings, whatever its functions do with their parameters: the project scan
 * (../project-scan.ts) skips the engine for it. Every check over-approximates the engine's own
 * test — a false "yes" only costs time, a false "no" would lose findings — and a cheap regular
 * expression on the text comes first, so most files are decided without looking at the tree.
 */
import { nodesOfType } from '../../../../core/index.js';
import { field, FUNCTION_TYPES, type Node } from '../syntax/tree.js';
import { textOf, type SourceFile } from '../syntax/source-file.js';
import { dottedName } from '../syntax/names.js';
import { parameterNodes } from './bindings.js';
import { DOM_SOURCE_CALLS, DOM_SOURCES, NEXT_HANDLERS, REQUEST_NAMES, ROUTE_METHODS } from './sources.js';

const NEXT_HANDLER_NAME = new RegExp(`\\b(${[...NEXT_HANDLERS].join('|')})\\b`);
const IDENTIFIER_TYPES = ['identifier', 'shorthand_property_identifier'];
const DOM_ROOTS = new Set(['location', 'window', 'document']);
/** Dotted names a DOM root starts that the engine treats as a source or a DOM HTML sink. */
const DOM_NAMES = new Set([...DOM_SOURCES, 'document.write', 'document.writeln']);
/** Wrappers `dottedName` looks through (tree.ts's `unwrap`), plus `await`. */
const WRAPPERS = new Set(['parenthesized_expression', 'as_expression', 'non_null_expression', 'satisfies_expression', 'type_assertion', 'await_expression']);

/** Any word the checks below start from, in one scan of the text: most files hold none of them. */
const ANY_WORD = /innerHTML|outerHTML|insertAdjacentHTML|dangerouslySetInnerHTML|\b(?:req|request|useSearchParams|useParams|useLocation|location|window|document)\b|Request|IncomingMessage/;

export function mayStartTaint(file: SourceFile): boolean {
  const text = file.source;
  if (ANY_WORD.test(text)) {
    // Any spelling (`el['innerHTML']`) holds the word.
    if (/innerHTML|outerHTML|insertAdjacentHTML|dangerouslySetInnerHTML/.test(text)) return true;
    if (/\b(req|request)\b/.test(text) && hasIdentifier(file, REQUEST_NAMES)) return true;
    if (/\b(useSearchParams|useParams|useLocation)\b/.test(text) && hasIdentifier(file, DOM_SOURCE_CALLS)) return true;
    if (/\b(location|window|document)\b/.test(text) && domName(file)) return true;
    // Typed request parameters (`req: Request`, `msg: http.IncomingMessage`): the type's text is enough.
    if (/Request|IncomingMessage/.test(text) && nodesOfType(file.root, ['required_parameter', 'optional_parameter']).some((p) => field(p, 'type'))) return true;
  }
  // Next route handlers (`export function GET`) and page props (`export default function Page({ searchParams })`).
  const exported = nodesOfType(file.root, 'export_statement');
  if (exported.length > 0 && exported.some((s) => s.children.some((c) => parameterNodes(c).length > 0 || c.type === 'lexical_declaration' || c.type === 'variable_declaration'))) {
    if (/\b(searchParams|params)\b/.test(text) || NEXT_HANDLER_NAME.test(text)) return true;
  }
  return routeCallback(file);
}

function hasIdentifier(file: SourceFile, names: ReadonlySet<string>): boolean {
  return nodesOfType(file.root, IDENTIFIER_TYPES).some((n) => names.has(textOf(file, n)));
}

/** `location.search`, `window.location.href`, `document.cookie`, `document.write`: a root identifier two members deep at most. */
function domName(file: SourceFile): boolean {
  for (const id of nodesOfType(file.root, 'identifier')) {
    if (!DOM_ROOTS.has(textOf(file, id))) continue;
    let node: Node = id;
    for (let depth = 0; depth < 2; depth++) {
      const member = memberOver(node);
      if (!member) break;
      if (DOM_NAMES.has(dottedName(file, member))) return true;
      node = member;
    }
  }
  return false;
}

/** The member expression `node` is the object of, looking through wrappers. */
function memberOver(node: Node): Node | null {
  let inner = node;
  let parent = node.parent;
  while (parent && WRAPPERS.has(parent.type)) {
    inner = parent;
    parent = parent.parent;
  }
  if (!parent || (parent.type !== 'member_expression' && parent.type !== 'subscript_expression')) return null;
  return field(parent, 'object') === inner ? parent : null;
}

/**
 * A function of two or more parameters passed to `x.get(...)`, `router.post(...)`: ./bindings.ts's
 * route callback, without its receiver exclusions. Looked for from the functions, fewer than the calls.
 */
function routeCallback(file: SourceFile): boolean {
  for (const type of FUNCTION_TYPES) {
    for (const fn of nodesOfType(file.root, type)) {
      const call = fn.parent?.type === 'arguments' ? fn.parent.parent : null;
      if (call?.type !== 'call_expression') continue;
      const callee = field(call, 'function');
      if (callee?.type !== 'member_expression' || !ROUTE_METHODS.has(textOf(file, field(callee, 'property')!))) continue;
      if (parameterNodes(fn).length >= 2) return true;
    }
  }
  return false;
}
