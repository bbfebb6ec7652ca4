/**
 * The sink table: which calls are dangerous with untrusted data, in which argument, for which kind
 * of injection, and the conditions that keep generic method names (`query`, `get`, `exec`, `find`)
 * from matching things that are not databases or shells.
 */
import { field, unwrap, type Node } from '../syntax/tree.js';
import { stringValue, textOf, type SourceFile } from '../syntax/source-file.js';
import { lastSegment, receiverOf } from '../syntax/names.js';
import { resolveMember, type FileFacts } from './facts.js';
import type { SinkKind, Value } from './value.js';

export interface SinkSpec {
  ruleId: string;
  kind: SinkKind;
  /** Argument positions that carry the dangerous value. */
  args: number[] | 'all' | 'nonNumeric';
  /**
   * A further condition on an argument's value (SQL-looking text, HTML, a host not fixed). Named, not a
   * closure, so that sinks reached through parameters survive in memoised cross-file summaries.
   */
  when?: Condition;
  /** DOM HTML sinks also report non-constant, non-sanitised values (rule security/unsanitized-html). */
  dom?: boolean;
}

const SQL_TEXT = /\b(select\b[\s\S]*\bfrom|insert\s+into|update\b[\s\S]*\bset\b|delete\s+from|create\s+(table|index)|drop\s+(table|index)|alter\s+table|pragma\b|replace\s+into|truncate\b|where\b)/i;
const DB_RECEIVER = /(^|\.)(db|pool|client|conn|connection|sql|knex|sequelize|database|pg|mysql|sqlite|trx|tx|prisma|manager|dataSource|queryRunner|em)$/i;
const SQL_ALWAYS = new Set(['$queryRawUnsafe', '$executeRawUnsafe', 'whereRaw', 'orderByRaw', 'havingRaw', 'joinRaw', 'selectRaw', 'fromRaw']);
const SQL_RECEIVER_OR_TEXT = new Set(['query', 'execute', 'raw']);
const SQL_TEXT_ONLY = new Set(['run', 'all', 'get', 'exec', 'each', 'prepare']);
const NOSQL = new Set(['find', 'findOne', 'findOneAndUpdate', 'findOneAndDelete', 'findOneAndReplace', 'updateOne', 'updateMany', 'deleteOne', 'deleteMany', 'countDocuments', 'count', 'replaceOne', 'exists', 'where', 'aggregate']);
const FS_PATH_ONE = new Set(['readFile', 'readFileSync', 'writeFile', 'writeFileSync', 'appendFile', 'appendFileSync', 'createReadStream', 'createWriteStream', 'open', 'openSync', 'unlink', 'unlinkSync', 'rm', 'rmSync', 'rmdir', 'rmdirSync', 'readdir', 'readdirSync', 'stat', 'statSync', 'lstat', 'access', 'mkdir', 'mkdirSync', 'truncate', 'opendir', 'readJson', 'readJsonSync', 'writeJson', 'outputFile', 'remove', 'readlink', 'chmod']);
const FS_PATH_TWO = new Set(['copyFile', 'copyFileSync', 'rename', 'renameSync', 'symlink', 'link', 'cp', 'copy', 'move']);
const RES_RECEIVER = /(^|\.)(res|response|resp)$/;

/** `res.status(404).type('html')` -> `res`: the response object under a chain of setters. */
const base = (receiver: string): string => receiver.replace(/(\.[A-Za-z_$][\w$]*\(\))+$/, '');
const fixedHost = (prefix: string | null): boolean => prefix !== null && (/^\/[^/\\]/.test(prefix) || /^https?:\/\/[^/]+\//i.test(prefix));
const htmlText = (v: Value): boolean => /<[a-z!/]/i.test(v.text);
const htmlShape = (v: Value): boolean => v.shape !== 'object' && v.shape !== 'array' && v.shape !== 'number';

export type Condition = 'sqlText' | 'openHost' | 'htmlShape' | 'htmlShapeAndText' | 'htmlText' | 'notFunction';

const CONDITIONS: Record<Condition, (v: Value) => boolean> = {
  sqlText: (v) => SQL_TEXT.test(v.text),
  openHost: (v) => !fixedHost(v.prefix),
  htmlShape,
  htmlShapeAndText: (v) => htmlShape(v) && htmlText(v),
  htmlText,
  notFunction: (v) => v.shape !== 'function',
};

/** Whether the sink's condition holds for the value that reaches it (no condition: always). */
export function holds(spec: SinkSpec, value: Value): boolean {
  return !spec.when || CONDITIONS[spec.when](value);
}

export function callSink(file: SourceFile, facts: FileFacts, call: Node, callee: string, args: Node[]): SinkSpec | null {
  // child_process first: `cp.exec(cmd)` is a shell, not the generic SQL `exec` (which needs SQL text).
  return commandSink(file, facts, callee, args) ?? sqlSink(callee) ?? nosqlSink(callee, args) ?? codeSink(facts, callee, args) ?? pathSink(file, facts, callee, args) ?? redirectSink(file, facts, callee, args) ?? htmlSink(file, call, callee);
}

function sqlSink(callee: string): SinkSpec | null {
  const method = lastSegment(callee);
  const receiver = receiverOf(callee);
  if (!receiver) return null;
  if (SQL_ALWAYS.has(method) || (method === 'unsafe' && /(^|\.)sql$/.test(receiver)) || (method === 'query' && /sequelize$/i.test(receiver))) {
    return { ruleId: 'security/sql-injection', kind: 'sql', args: [0] };
  }
  if (SQL_RECEIVER_OR_TEXT.has(method)) {
    const known = DB_RECEIVER.test(receiver.replace(/\(\)$/, ''));
    return { ruleId: 'security/sql-injection', kind: 'sql', args: [0], when: known ? undefined : 'sqlText' };
  }
  if (SQL_TEXT_ONLY.has(method) && !/regex|re$|pattern|map|cache|params|headers/i.test(receiver)) return { ruleId: 'security/sql-injection', kind: 'sql', args: [0], when: 'sqlText' };
  return null;
}

function nosqlSink(callee: string, args: Node[]): SinkSpec | null {
  const method = lastSegment(callee);
  const receiver = receiverOf(callee);
  if (!NOSQL.has(method) || !receiver || !args[0]) return null;
  const first = unwrap(args[0]);
  if (first.type === 'arrow_function' || first.type === 'function_expression' || first.type === 'function') return null;
  // A Mongoose model (PascalCase) or a driver collection; arrays' `find` takes a function and is excluded above.
  const root = receiver.split('.')[0]!;
  if (!/^[A-Z][A-Za-z0-9]*$/.test(root) && !/collection|model|repo|coll\b|db/i.test(receiver)) return null;
  return { ruleId: 'security/nosql-injection', kind: 'nosql', args: [0] };
}

function hasShellTrue(file: SourceFile, args: Node[]): boolean {
  return args.some((a) => a.type === 'object' && a.children.some((p) => p.type === 'pair' && textOf(file, field(p, 'key')!) === 'shell' && !['false', 'undefined', 'null', '0'].includes(textOf(file, field(p, 'value')!))));
}

function commandSink(file: SourceFile, facts: FileFacts, callee: string, args: Node[]): SinkSpec | null {
  const member = resolveMember(facts.childProcess, callee);
  if (member === 'exec' || member === 'execSync') return { ruleId: 'security/command-injection', kind: 'command', args: [0] };
  if (member && ['spawn', 'spawnSync', 'execFile', 'execFileSync', 'fork'].includes(member)) {
    return { ruleId: 'security/command-injection', kind: 'command', args: hasShellTrue(file, args) ? 'all' : [0] };
  }
  return null;
}

function codeSink(facts: FileFacts, callee: string, args: Node[]): SinkSpec | null {
  const spec = (a: SinkSpec['args']): SinkSpec => ({ ruleId: 'security/code-injection', kind: 'code', args: a });
  if (callee === 'eval' || callee === 'window.eval' || callee === 'globalThis.eval') return spec([0]);
  if (callee === 'Function' || callee === 'new Function') return spec('all');
  if (['setTimeout', 'setInterval', 'setImmediate', 'window.setTimeout', 'window.setInterval'].includes(callee)) {
    const first = args[0] ? unwrap(args[0]) : undefined;
    return first && !['arrow_function', 'function_expression', 'function'].includes(first.type) ? { ...spec([0]), when: 'notFunction' } : null;
  }
  const member = resolveMember(facts.vm, callee.replace(/^new /, ''));
  if (member && ['runInNewContext', 'runInThisContext', 'runInContext', 'compileFunction', 'Script'].includes(member)) return spec([0]);
  return null;
}

function hasRootOption(file: SourceFile, args: Node[]): boolean {
  return args.slice(1).some((a) => a.type === 'object' && a.children.some((p) => p.type === 'pair' && textOf(file, field(p, 'key')!) === 'root'));
}

function pathSink(file: SourceFile, facts: FileFacts, callee: string, args: Node[]): SinkSpec | null {
  const member = resolveMember(facts.fs, callee);
  const spec = (a: number[]): SinkSpec => ({ ruleId: 'security/path-traversal', kind: 'path', args: a });
  if (member && FS_PATH_ONE.has(member)) return spec([0]);
  if (member && FS_PATH_TWO.has(member)) return spec([0, 1]);
  const method = lastSegment(callee);
  // `send` refuses `..` when a root is given, so `res.sendFile(name, { root })` is safe.
  if ((method === 'sendFile' || method === 'download') && RES_RECEIVER.test(base(receiverOf(callee))) && !hasRootOption(file, args)) return spec([0]);
  return null;
}

function redirectSink(file: SourceFile, facts: FileFacts, callee: string, args: Node[]): SinkSpec | null {
  const spec = (a: SinkSpec['args']): SinkSpec => ({ ruleId: 'security/open-redirect', kind: 'redirect', args: a, when: 'openHost' });
  const method = lastSegment(callee);
  const receiver = receiverOf(callee);
  if (method === 'redirect' && (RES_RECEIVER.test(base(receiver)) || /(^|\.)reply$/.test(base(receiver)))) return spec('nonNumeric');
  if (method === 'redirect' && /^(NextResponse|Response)$/.test(receiver)) return spec([0]);
  if (facts.nextRedirect.has(callee)) return spec([0]);
  if (method === 'location' && RES_RECEIVER.test(base(receiver))) return spec([0]);
  if (['set', 'setHeader', 'header'].includes(method) && RES_RECEIVER.test(receiver) && args[0] && stringValue(file, args[0])?.toLowerCase() === 'location') return spec([1]);
  if (['location.assign', 'location.replace', 'window.location.assign', 'window.location.replace', 'window.open'].includes(callee)) return spec([0]);
  return null;
}

function htmlSink(file: SourceFile, call: Node, callee: string): SinkSpec | null {
  const method = lastSegment(callee);
  const receiver = receiverOf(callee);
  if (callee === 'document.write' || callee === 'document.writeln') return { ruleId: 'security/dom-xss', kind: 'html', args: [0], dom: true };
  if (method === 'insertAdjacentHTML') return { ruleId: 'security/dom-xss', kind: 'html', args: [1], dom: true };
  const calleeText = textOf(file, field(call, 'function')!);
  // An explicit non-HTML content type makes the browser render the text as text.
  if (/\.(type|contentType|set|header)\(\s*(['"`])[^'"`]*(json|plain|csv)/i.test(calleeText)) return null;
  // Express sends a string as text/html; raw Node responses and Fastify only when it is HTML.
  if (method === 'send' && RES_RECEIVER.test(base(receiver))) return { ruleId: 'security/reflected-xss', kind: 'html', args: [0], when: 'htmlShape' };
  if (method === 'send' && /\bhtml\b/.test(calleeText)) return { ruleId: 'security/reflected-xss', kind: 'html', args: [0], when: 'htmlShape' };
  if ((method === 'send' || method === 'write' || method === 'end') && (RES_RECEIVER.test(base(receiver)) || /(^|\.)reply$/.test(base(receiver)))) {
    return { ruleId: 'security/reflected-xss', kind: 'html', args: [0], when: 'htmlShapeAndText' };
  }
  return null;
}

/** `new X(...)` sinks: `new Function(code)`, `new vm.Script(code)`, `new Response(html)`. */
export function newSink(file: SourceFile, facts: FileFacts, ctor: string, args: Node[]): SinkSpec | null {
  if (ctor === 'Function') return { ruleId: 'security/code-injection', kind: 'code', args: 'all' };
  const member = resolveMember(facts.vm, ctor);
  if (member === 'Script' || ctor === 'vm.Script') return { ruleId: 'security/code-injection', kind: 'code', args: [0] };
  if (ctor === 'Response' || ctor === 'NextResponse') {
    const declaresHtml = args.slice(1).some((a) => /text\/html/i.test(textOf(file, a)));
    return { ruleId: 'security/reflected-xss', kind: 'html', args: [0], ...(declaresHtml ? {} : { when: 'htmlText' as const }) };
  }
  return null;
}

/** Assignment sinks: `el.innerHTML = v`, `location.href = v`. */
export function assignmentSink(target: string): SinkSpec | null {
  const prop = lastSegment(target);
  if (prop === 'innerHTML' || prop === 'outerHTML') return { ruleId: 'security/dom-xss', kind: 'html', args: [0], dom: true };
  if (['location', 'location.href', 'window.location', 'window.location.href', 'document.location', 'document.location.href'].includes(target)) {
    return { ruleId: 'security/open-redirect', kind: 'redirect', args: [0], when: 'openHost' };
  }
  return null;
}
