/**
 * SQL through any client, recognised by the call rather than the import (the pool or connection is
 * often created in another module): `query`/`execute`/`raw` on a database-like receiver, or any of
 * them and `run/all/get/exec/each/prepare` with SQL text in the argument. Only the SQL text is a
 * sink: parameters (`[id]`, `{ values }`) are bound by the driver; tagged templates never are sinks.
 */
import type { LibraryModel } from './types.js';

export const DB_RECEIVER =
  '(^|\\.)(db|pool|client|conn|connection|sql|knex|sequelize|database|pg|mysql|sqlite|trx|tx|prisma|manager|dataSource|queryRunner|em|entityManager)$';
export const SQL_FIX =
  'Pass values as query parameters ($1, ?, named replacements) or use a tagged template; never build SQL text from input.';
const SQL_MEMBERS = ['text', 'sql', 'query'];

export const model: LibraryModel = {
  id: 'sql-clients',
  title: 'SQL clients (by call shape)',
  modules: [],
  sinks: [
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: { method: ['query', 'execute', 'raw'], receiver: DB_RECEIVER },
      args: [0],
      members: SQL_MEMBERS,
      fix: SQL_FIX,
    },
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: { method: ['query', 'execute', 'raw'], receiver: '.' },
      args: [0],
      members: SQL_MEMBERS,
      when: 'sqlText',
      fix: SQL_FIX,
    },
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: {
        method: ['run', 'all', 'get', 'exec', 'each', 'prepare'],
        receiver: '.',
        notReceiver: 'regex|re$|pattern|map|cache|params|headers|searchParams',
      },
      args: [0],
      when: 'sqlText',
      fix: SQL_FIX,
    },
  ],
  sanitizers: [
    {
      names: ['escapeLiteral', 'escapeIdentifier', 'escapeId', 'SqlString.escape', 'sqlstring.escape', 'pgFormat', 'format.literal'],
      kinds: ['sql'],
    },
    { methods: ['escape'], kinds: ['sql', 'html'] },
    { methods: ['escapeId', 'escapeLiteral', 'escapeIdentifier'], kinds: ['sql'] },
  ],
};
