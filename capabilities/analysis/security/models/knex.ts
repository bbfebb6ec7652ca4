/** knex: `raw/whereRaw/orderByRaw/...(sql, bindings)`: the SQL text is a sink, the bindings are not. */
import type { LibraryModel } from './types.js';
import { SQL_FIX } from './sql-clients.js';

const RAW = [
  'whereRaw',
  'orWhereRaw',
  'andWhereRaw',
  'orderByRaw',
  'havingRaw',
  'orHavingRaw',
  'joinRaw',
  'selectRaw',
  'fromRaw',
  'groupByRaw',
  'onRaw',
];

export const model: LibraryModel = {
  id: 'knex',
  title: 'knex',
  modules: ['knex'],
  sinks: [
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: { method: RAW, receiver: '.' },
      args: [0],
      fix: 'Use ? or :name bindings in the raw SQL.',
    },
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: { module: ['knex'], path: ['().raw', 'raw', '().schema.raw'] },
      args: [0],
      fix: SQL_FIX,
    },
  ],
};
