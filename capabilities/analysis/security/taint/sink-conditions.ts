/**
 * The named conditions and predicates the library models (../models/) refer to: conditions look at the
 * abstract value reaching a sink (SQL-looking text, a host not fixed by the code, a whole request
 * object), predicates at the call (its options argument, its callee text). Names rather than closures
 * keep sinks reached through parameters plain JSON in memoised summaries.
 */
import { field, FUNCTION_TYPES, unwrap, type Node } from '../syntax/tree.js';
import { stringValue, textOf, type SourceFile } from '../syntax/source-file.js';
import type { FileFacts } from './facts.js';
import type { CallPredicate, Condition } from '../models/types.js';
import type { Value } from './value.js';

const SQL_TEXT =
  /\b(select\b[\s\S]*\bfrom|insert\s+into|update\b[\s\S]*\bset\b|delete\s+from|create\s+(table|index)|drop\s+(table|index)|alter\s+table|pragma\b|replace\s+into|truncate\b|where\b)/i;

/** A relative path (`/account`), or an absolute URL whose host the code wrote (`https://api.example.com/`). */
const fixedHost = (prefix: string | null): boolean =>
  prefix !== null && (/^\/[^/\\]/.test(prefix) || /^[a-z][\w+.-]*:\/\/[^/?#\\]+[/?#]/i.test(prefix));
const htmlText = (v: Value): boolean => /<[a-z!/]/i.test(v.text);
const htmlShape = (v: Value): boolean => v.shape !== 'object' && v.shape !== 'array' && v.shape !== 'number';

const CONDITIONS: Record<Condition, (v: Value) => boolean> = {
  sqlText: (v) => SQL_TEXT.test(v.text),
  openHost: (v) => !fixedHost(v.prefix),
  // A URL that starts with something the code chose (a base URL in a variable) keeps the code's host too.
  openUrl: (v) => !fixedHost(v.prefix) && v.lead !== 'fixed',
  htmlShape,
  htmlShapeAndText: (v) => htmlShape(v) && htmlText(v),
  htmlText,
  notFunction: (v) => v.shape !== 'function',
  wholeObject: (v) => v.whole === true,
  notString: (v) => v.shape !== 'string' && v.shape !== 'number',
  notObject: (v) => v.shape !== 'object' && v.shape !== 'array' && v.shape !== 'number',
};

/** Whether the sink's condition holds for the value that reaches it (no condition: always). */
export function conditionHolds(when: Condition | undefined, value: Value): boolean {
  return !when || CONDITIONS[when](value);
}

export interface CallShape {
  file: SourceFile;
  facts: FileFacts;
  call: Node;
  calleeNode: Node;
  args: Node[];
}

function objectPair(file: SourceFile, object: Node | undefined, key: string): Node | undefined {
  if (!object || object.type !== 'object') return undefined;
  return object.children.find((p) => p.type === 'pair' && textOf(file, field(p, 'key')!).replace(/^['"]|['"]$/g, '') === key);
}

const FALSY = ['false', 'undefined', 'null', '0', "''", '""'];
const SHELLS = /^(\/(usr\/)?bin\/)?(ba|z|da|k|c|tc|fi)?sh$|^cmd(\.exe)?$|^(powershell|pwsh)(\.exe)?$/i;

const PREDICATES: Record<CallPredicate, (c: CallShape) => boolean> = {
  shellOption: ({ file, args }) =>
    args.some((a) => {
      const pair = objectPair(file, unwrap(a), 'shell');
      return pair !== undefined && !FALSY.includes(textOf(file, field(pair, 'value')!));
    }),
  // `spawn('sh', ['-c', cmd])`: the program is a shell, so its arguments are a command line.
  shellProgram: ({ file, args }) => args[0] !== undefined && SHELLS.test(stringValue(file, unwrap(args[0])) ?? ''),
  // `send` refuses `..` when a root is given.
  noRootOption: ({ file, args }) => !args.slice(1).some((a) => objectPair(file, unwrap(a), 'root') !== undefined),
  locationHeader: ({ file, args }) => args[0] !== undefined && stringValue(file, unwrap(args[0]))?.toLowerCase() === 'location',
  // An explicit non-HTML content type makes the browser render the text as text.
  notNonHtmlType: ({ file, calleeNode }) =>
    !/\.(type|contentType|set|header)\(\s*(['"`])[^'"`]*(json|plain|csv)/i.test(textOf(file, calleeNode)),
  htmlInCallee: ({ file, calleeNode }) => /\bhtml\b/.test(textOf(file, calleeNode)) && !/json|plain|csv/i.test(textOf(file, calleeNode)),
  htmlContentTypeArg: ({ file, args }) => args.slice(1).some((a) => /text\/html/i.test(textOf(file, a))),
  notCallback: ({ args }) => args[0] !== undefined && !FUNCTION_TYPES.has(unwrap(args[0]).type),
  // `Object.assign({}, req.body)` copies into a fresh object: nothing that exists is overwritten.
  notEmptyTarget: ({ file, args }) => {
    const target = args[0] ? unwrap(args[0]) : undefined;
    return (
      target !== undefined &&
      !(target.type === 'object' && textOf(file, target).replace(/\s/g, '') === '{}') &&
      !/^Object\.create\(null\)$/.test(textOf(file, target))
    );
  },
  firstArgNotTemplate: ({ args }) => args[0] !== undefined && unwrap(args[0]).type !== 'template_string',
  // `$.extend(true, target, src)` / `extend(true, ...)`: only the deep form recurses.
  deepFlag: ({ file, args }) => args[0] !== undefined && textOf(file, unwrap(args[0])) === 'true',
  // Sequelize/TypeORM options (`{ where: { id } }`) are parameterised queries, not MongoDB filters.
  notOrmOptions: ({ file, args }) => {
    const first = args[0] ? unwrap(args[0]) : undefined;
    if (!first || FUNCTION_TYPES.has(first.type)) return false;
    return !['where', 'attributes', 'include', 'relations', 'select', 'order'].some((k) => objectPair(file, first, k) !== undefined);
  },
  notObjectArg: ({ args }) => args[0] !== undefined && unwrap(args[0]).type !== 'object' && !FUNCTION_TYPES.has(unwrap(args[0]).type),
  prismaImported: ({ facts }) => facts.modules.has('@prisma/client') || facts.modules.has('@prisma/client/runtime'),
};

export function predicateHolds(requires: CallPredicate | undefined, shape: CallShape): boolean {
  return !requires || PREDICATES[requires](shape);
}
