/**
 * Whether a file can start taint on its own: create an input flow (a request object, an exported
 * handler's event, a message callback, a browser source — as ./param-sources.ts, ./engine.ts and
 * ./calls.ts create them) or hold a sink that reports without any input (DOM HTML sinks, Angular's
 * bypassSecurityTrust*, AngularJS's $sce). A file that cannot, and imports nothing that can, has no
 * taint findings: the project scan (../project-scan.ts) skips the engine for it. Every check
 * over-approximates the engine's own test — a false "yes" only costs time, a false "no" would lose
 * findings — and a cheap regular expression on the text comes first.
 *
 * 'local': the file reads `process.argv` next to a command or code sink — argv is followed inside the
 * file only (a CLI's arguments are its own user's; only their way into a shell or `eval` matters).
 */
import { nodesOfType } from '../../../../core/index.js';
import { field, FUNCTION_TYPES, namedChildren, type Node } from '../syntax/tree.js';
import { textOf, type SourceFile } from '../syntax/source-file.js';
import { dottedName } from '../syntax/names.js';
import { parameterNodes } from './param-sources.js';
import { stringFacts } from '../syntax/string-literals.js';
import { SOURCES } from './sources.js';

export type TaintStart = 'none' | 'local' | 'full';

const NEXT_HANDLER_NAME = new RegExp(`\\b(${[...SOURCES.requestHandlers].join('|')})\\b`);
const IDENTIFIER_TYPES = ['identifier', 'shorthand_property_identifier'];
/** Dotted names the engine treats as a source or a DOM sink without input, by their root. */
const GLOBAL_NAMES = new Set([...SOURCES.globals.keys(), ...SOURCES.globalCalls.keys(), 'document.write', 'document.writeln']);
const GLOBAL_ROOTS = new Set([...GLOBAL_NAMES].map((g) => g.split('.')[0]!).filter((r) => r !== 'process'));
const wordsOf = (names: readonly string[]): string => names.map((n) => (n.startsWith('$') ? `\\${n}\\b` : `\\b${n}\\b`)).join('|');
const GLOBAL_ROOT_WORD = new RegExp(wordsOf([...GLOBAL_ROOTS]));
const CALL_NAMES = new Set([...SOURCES.globalCalls.keys()].filter((n) => !n.includes('.')));
const CALL_WORD = new RegExp(`\\b(${[...CALL_NAMES].join('|')})\\b`);
const REQUEST_WORD = new RegExp(`\\b(${[...SOURCES.requestNames].join('|')})\\b`);
const IMPORTED_NAMES = SOURCES.requestNamesImported;
/** Wrappers `dottedName` looks through (tree.ts's `unwrap`), plus `await`. */
const WRAPPERS = new Set([
  'parenthesized_expression',
  'as_expression',
  'non_null_expression',
  'satisfies_expression',
  'type_assertion',
  'await_expression',
]);

/** Sinks that report values that are neither constant nor sanitised, without any input. */
const SELF_REPORTING = /innerHTML|outerHTML|insertAdjacentHTML|dangerouslySetInnerHTML|bypassSecurityTrust|\$sce\b/;
const MESSAGE_CALLBACK =
  /\b(ws|socket|client|conn|connection|peer|webSocket|websocket|process|parentPort|req|request|stream)\.(on|once|addListener)\(\s*['"](message|data)['"]|addEventListener\(\s*['"]message['"]|socket\.io/;
const KOA_NAMES = new Set(IMPORTED_NAMES.flatMap((n) => n.modules));
const ARGV_SINK =
  /\b(exec|execSync|spawn|spawnSync|execFile|execFileSync|fork|eval|Function|runInNewContext|runInThisContext|runInContext|execa|execaCommand|query)\b/;

/**
 * Any word the checks below start from, in one scan of the text: most files hold none of them. One
 * word-bounded group, not an alternation of bounded words: the regular expression engine tries each
 * alternative at every position, and this runs over every file of the project.
 */
// `$routeParams`, `$sce`: a word boundary holds between `$` and a letter, so they join the word group without the `$`.
const PLAIN_WORDS = [
  ...new Set([
    ...SOURCES.requestNames,
    ...CALL_NAMES,
    ...[...GLOBAL_ROOTS].map((r) => r.replace(/^\$/, '')),
    'sce',
    'argv',
    'bypassSecurityTrust\\w+',
  ]),
];
const ANY_WORD = new RegExp(
  `innerHTML|outerHTML|insertAdjacentHTML|dangerouslySetInnerHTML|\\b(?:${PLAIN_WORDS.join('|')})\\b|Request|IncomingMessage`,
);
/**
 * The rarer triggers, read from the string literals (one shared pass, ../syntax/string-literals.ts):
 * message events (`'message'`, `'data'`), server actions (`'use server'`), Koa and socket.io imports.
 */
export const RARE_STRINGS: ReadonlySet<string> = new Set([
  'message',
  'data',
  'use server',
  'socket.io',
  ...IMPORTED_NAMES.flatMap((n) => n.modules),
]);

export function taintStart(file: SourceFile): TaintStart {
  const text = file.source;
  const words = ANY_WORD.test(text);
  if (words && startsFromWords(file, text)) return 'full';
  const rare = stringFacts(file, RARE_STRINGS).words;
  if ((rare.has('message') || rare.has('data') || rare.has('socket.io')) && MESSAGE_CALLBACK.test(text)) return 'full';
  if (rare.has('use server') || ([...rare].some((s) => KOA_NAMES.has(s)) && /\b(ctx|context)\b/.test(text))) return 'full';
  // Next route handlers (`export function GET`), page props (`export default function Page({ searchParams })`).
  if (exportedFunctions(file) && (/\b(searchParams|params)\b/.test(text) || NEXT_HANDLER_NAME.test(text))) return 'full';
  if (exportedHandler(file)) return 'full';
  if (routeCallback(file)) return 'full';
  return words && text.includes('process.argv') && ARGV_SINK.test(text) ? 'local' : 'none';
}

/** Kept for callers that only ask yes or no. */
export function mayStartTaint(file: SourceFile): boolean {
  return taintStart(file) !== 'none';
}

function startsFromWords(file: SourceFile, text: string): boolean {
  // Any spelling (`el['innerHTML']`) holds the word.
  if (SELF_REPORTING.test(text)) return true;
  if (REQUEST_WORD.test(text) && hasIdentifier(file, SOURCES.requestNames)) return true;
  if (CALL_WORD.test(text) && hasIdentifier(file, CALL_NAMES)) return true;
  if (GLOBAL_ROOT_WORD.test(text) && globalName(file)) return true;
  // Typed request parameters (`req: Request`, `msg: http.IncomingMessage`, Koa's `ctx: Context`): the type's text is enough.
  return (
    /Request|IncomingMessage/.test(text) &&
    nodesOfType(file.root, ['required_parameter', 'optional_parameter']).some((p) => field(p, 'type'))
  );
}

function exportedFunctions(file: SourceFile): boolean {
  const exported = nodesOfType(file.root, 'export_statement');
  return (
    exported.length > 0 &&
    exported.some((s) =>
      s.children.some((c) => parameterNodes(c).length > 0 || c.type === 'lexical_declaration' || c.type === 'variable_declaration'),
    )
  );
}

const HANDLER_NAMES = SOURCES.handlers.filter((h) => !h.directive && !h.paramTypes && !h.paramName).map((h) => new RegExp(h.exportName));
const HANDLER_PARAMS = SOURCES.handlers.filter((h) => h.paramName).map((h) => new RegExp(h.paramName!));

/** An exported function (ESM or CommonJS, top-level statements) named like a handler, or whose first parameter is named like an event (./param-sources.ts). */
function exportedHandler(file: SourceFile): boolean {
  for (const statement of namedChildren(file.root)) {
    for (const { name, fn } of exportedFunctionsOf(file, statement)) {
      if (HANDLER_NAMES.some((r) => r.test(name))) return true;
      const first = parameterNodes(fn)[0];
      const type = first ? field(first, 'type') : undefined;
      if (type && /Event\b/.test(textOf(file, type))) return true;
      const id = first?.type === 'required_parameter' ? field(first, 'pattern') : first;
      if (id?.type === 'identifier' && HANDLER_PARAMS.some((r) => r.test(textOf(file, id)))) return true;
    }
  }
  return false;
}

const CJS_EXPORT = /^(?:module\.exports|(?:module\.)?exports\.([\w$]+))$/;

function exportedFunctionsOf(file: SourceFile, statement: Node): { name: string; fn: Node }[] {
  if (statement.type === 'export_statement') {
    const decl = field(statement, 'declaration');
    if (decl && FUNCTION_TYPES.has(decl.type))
      return [{ name: field(decl, 'name') ? textOf(file, field(decl, 'name')!) : 'default', fn: decl }];
    const out: { name: string; fn: Node }[] = [];
    for (const d of decl ? namedChildren(decl) : []) {
      const value = d.type === 'variable_declarator' ? field(d, 'value') : undefined;
      if (value && FUNCTION_TYPES.has(value.type)) out.push({ name: textOf(file, field(d, 'name')!), fn: value });
    }
    return out;
  }
  const assignment = statement.type === 'expression_statement' ? namedChildren(statement)[0] : undefined;
  if (assignment?.type !== 'assignment_expression') return [];
  const right = field(assignment, 'right');
  const m = right && FUNCTION_TYPES.has(right.type) ? CJS_EXPORT.exec(textOf(file, field(assignment, 'left')!).replace(/\s/g, '')) : null;
  return m ? [{ name: m[1] ?? 'default', fn: right! }] : [];
}

function hasIdentifier(file: SourceFile, names: ReadonlySet<string>): boolean {
  return nodesOfType(file.root, IDENTIFIER_TYPES).some((n) => names.has(textOf(file, n)));
}

/** `location.search`, `window.location.href`, `document.cookie`, `$routeParams.id`: a root identifier two members deep at most. */
function globalName(file: SourceFile): boolean {
  for (const id of nodesOfType(file.root, 'identifier')) {
    const name = textOf(file, id);
    if (!GLOBAL_ROOTS.has(name)) continue;
    if (GLOBAL_NAMES.has(name)) return true;
    let node: Node = id;
    for (let depth = 0; depth < 2; depth++) {
      const member = memberOver(node);
      if (!member) break;
      if (GLOBAL_NAMES.has(dottedName(file, member))) return true;
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
 * A function of two or more parameters passed to `x.get(...)`, `router.post(...)`: ./param-sources.ts's
 * route callback, without its receiver exclusions. Looked for from the functions, fewer than the calls.
 */
function routeCallback(file: SourceFile): boolean {
  for (const type of FUNCTION_TYPES) {
    for (const fn of nodesOfType(file.root, type)) {
      const call = fn.parent?.type === 'arguments' ? fn.parent.parent : null;
      if (call?.type !== 'call_expression') continue;
      const callee = field(call, 'function');
      if (callee?.type !== 'member_expression' || !SOURCES.routeMethods.has(textOf(file, field(callee, 'property')!))) continue;
      if (parameterNodes(fn).length >= 2) return true;
    }
  }
  return false;
}
