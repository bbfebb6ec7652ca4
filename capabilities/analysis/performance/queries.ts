/**
 * Inefficient queries: an awaited database call inside a loop (N+1: one round trip per item), `SELECT *`,
 * and list queries with no LIMIT (SQL without WHERE/LIMIT/FETCH/TOP, ORM findMany/findAll without
 * take/limit/where). A call is a database call when its method is a query method and its receiver
 * looks like a database handle (db, pool, client, knex, prisma, repository, a Model class, ...).
 */
import type { Finding } from '../../../core/index.js';
import {
  callArguments,
  calleeName,
  calleeObject,
  endColumnOf,
  endRowOf,
  nodesOfType,
  rangeOf,
  skipParens,
  startColumnOf,
  startRowOf,
  type SyntaxNode as Node,
  textOf,
} from '../../../core/index.js';
import { enclosingLoops } from './algorithms.js';
import { callsNamed } from './calls-by-name.js';

const QUERY_METHODS = new Set([
  'query',
  'execute',
  'raw',
  'findOne',
  'findUnique',
  'findFirst',
  'findMany',
  'findById',
  'findByPk',
  'findAll',
  'findOneBy',
  'findBy',
  'count',
  'aggregate',
  '$queryRaw',
  '$queryRawUnsafe',
  '$executeRaw',
  '$executeRawUnsafe',
  'insert',
  'update',
  'upsert',
  'save',
  'create',
  'destroy',
  'deleteOne',
  'deleteMany',
  'updateOne',
  'updateMany',
  'insertOne',
  'insertMany',
  'one',
  'oneOrNone',
  'many',
  'any',
]);
const DB_RECEIVER =
  /^(db|database|pool|client|conn|connection|knex|prisma|sql|repo|repository|\w+Repository|\w+Repo|tx|trx|transaction|manager|em|entityManager|sequelize|mongoose|collection|\w+Collection|model|\w+Model|orm|store)$/i;
const BUILT_INS = new Set([
  'Object',
  'Array',
  'Promise',
  'JSON',
  'Math',
  'Reflect',
  'Date',
  'Number',
  'String',
  'Map',
  'Set',
  'Intl',
  'URL',
  'Buffer',
]);
const LIST_METHODS = new Set(['findMany', 'findAll']);
const BOUNDING_KEYS = /\b(take|limit|first|skip|cursor|where|offset|page|perPage|per_page)\b/;

export function isDatabaseCall(call: Node, source: string): boolean {
  const method = calleeName(call, source);
  const receiver = calleeObject(call);
  if (!method || !QUERY_METHODS.has(method) || !receiver) return false;
  const segments = textOf(receiver, source)
    .replace(/\?/g, '')
    .split('.')
    .filter((s) => s !== 'this');
  if (segments.length === 0) return false;
  const last = segments[segments.length - 1]!;
  if (BUILT_INS.has(last)) return false;
  return segments.some((s) => DB_RECEIVER.test(s)) || /^[A-Z][a-z]/.test(last);
}

export function nPlusOneFindings(file: string, root: Node, source: string): Finding[] {
  const findings: Finding[] = [];
  for (const n of nodesOfType(root, 'await_expression')) {
    const call = skipParens(n.children.find((c) => c.named));
    if (call?.type !== 'call_expression' || !isDatabaseCall(call, source)) continue;
    const loop = enclosingLoops(n, source)[0];
    if (!loop) continue;
    const method = calleeName(call, source)!;
    findings.push({
      ruleId: 'performance/n-plus-one-query',
      severity: 'high',
      message: `'${textOf(calleeObject(call)!, source)}.${method}()' is awaited inside the loop at line ${startRowOf(loop) + 1}: one database round trip per item (N+1); fetch or write all items in one query (WHERE id = ANY($1), a multi-row INSERT, include/join).`,
      file,
      range: {
        ...rangeOf(call),
        endLine: startRowOf(call) + 1,
        endColumn: startRowOf(call) === endRowOf(call) ? endColumnOf(call) : startColumnOf(call) + 1,
      },
      data: { method, loopLine: startRowOf(loop) + 1 },
    });
  }
  return findings;
}

/**
 * A string is SQL when it starts with a statement keyword and reads FROM a table: a string of code that
 * contains a query (`"db.query('SELECT * FROM t')"`, a rule's example) or prose that mentions SELECT is not.
 */
const SQL_STATEMENT = /^\s*\(?\s*(select|with|insert|create)\b/i;
const SELECT_LIST = /\bselect\s+(?:distinct\s+)?([\s\S]+?)\s+from\s/i;
/** A string's text is a slice of the source, so a file without this has no SQL string. */
const MAY_HOLD_SQL = /\bselect\s/i;
const STRINGS = ['string', 'template_string'];

/** The column list of a SELECT is `*`, has a comma or a call, or is one name (with an alias): "Select a file from the list" is prose. */
function looksLikeColumns(list: string): boolean {
  if (/[,(*]/.test(list)) return true;
  return (
    list
      .replace(/\s+as\s+\S+$/i, '')
      .trim()
      .split(/\s+/).length === 1
  );
}

function sqlText(node: Node, source: string): string | undefined {
  if (node.type !== 'string' && node.type !== 'template_string') return undefined;
  const text = textOf(node, source).slice(1, -1);
  const columns = SELECT_LIST.exec(text)?.[1];
  return SQL_STATEMENT.test(text) && columns !== undefined && looksLikeColumns(columns) ? text : undefined;
}

export function sqlFindings(file: string, root: Node, source: string): Finding[] {
  const findings: Finding[] = [];
  if (MAY_HOLD_SQL.test(source)) {
    // Strings in pre-order; a string inside an SQL template's substitution is part of that query, not one of its own.
    let insideSqlUntil = -1;
    for (const n of nodesOfType(root, STRINGS)) {
      if (n.startIndex < insideSqlUntil) continue;
      const sql = sqlText(n, source);
      if (sql === undefined) continue;
      insideSqlUntil = n.endIndex;
      if (/\bselect\s+\*\s+from\b/i.test(sql)) {
        findings.push({
          ruleId: 'performance/select-star',
          severity: 'low',
          file,
          range: rangeOf(n),
          data: {},
          message: 'SELECT * reads every column, including ones added later, and defeats covering indexes; list the columns you use.',
        });
      }
      const aggregateOnly = /^\s*select\s+(count|sum|avg|min|max|exists)\s*\(/i.test(sql);
      if (!aggregateOnly && /^\s*select\b/i.test(sql) && !/\b(where|limit|fetch\s+first|fetch\s+next|top\s*\(?\d|offset)\b/i.test(sql)) {
        findings.push({
          ruleId: 'performance/unbounded-query',
          severity: 'medium',
          file,
          range: rangeOf(n),
          data: {},
          message:
            'This SELECT has no WHERE and no LIMIT: it returns the whole table, which grows with the data; paginate it (LIMIT/OFFSET or a keyset cursor).',
        });
      }
    }
  }
  for (const call of callsNamed(root, source, LIST_METHODS)) {
    if (!isDatabaseCall(call, source)) continue;
    const options = callArguments(call)[0];
    if (options && (options.type !== 'object' || BOUNDING_KEYS.test(textOf(options, source)))) continue;
    findings.push({
      ruleId: 'performance/unbounded-query',
      severity: 'medium',
      file,
      range: rangeOf(call),
      data: {},
      message: `'${calleeName(call, source)}()' without take/limit or a filter loads the whole table; paginate it.`,
    });
  }
  return findings;
}
