/** pg-promise: `db.one/many/any/none/query(text, values)`; `$1`/`${name}` formatting binds values, concatenation does not. */
import type { LibraryModel } from './types.js';
import { SQL_FIX } from './sql-clients.js';

const METHODS = [
  'one',
  'oneOrNone',
  'many',
  'manyOrNone',
  'any',
  'none',
  'result',
  'multi',
  'multiResult',
  'query',
  'func',
  'proc',
  'each',
  'map',
  'stream',
];

export const model: LibraryModel = {
  id: 'pg-promise',
  title: 'pg-promise',
  modules: ['pg-promise'],
  sinks: [
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: { module: ['pg-promise'], path: METHODS.map((m) => `()().${m}`) },
      args: [0],
      fix: SQL_FIX,
    },
    // The database object is usually created in another module: its method names and the receiver name, in a file that uses pg-promise.
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: {
        method: METHODS.filter((m) => m !== 'map' && m !== 'each' && m !== 'stream'),
        receiver: '(^|\\.)(db|t|tx|task|database|pgp?db|conn)$',
        imported: ['^pg-promise$'],
      },
      args: [0],
      fix: SQL_FIX,
    },
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: { method: ['one', 'oneOrNone', 'many', 'manyOrNone', 'any', 'none', 'result', 'multi'], receiver: '(^|\\.)(db|t|tx|task)$' },
      args: [0],
      when: 'sqlText',
      fix: SQL_FIX,
    },
  ],
  sanitizers: [{ names: ['pgp.as.format', 'as.format', 'pgp.as.text', 'pgp.as.name', 'as.name', 'as.text'], kinds: ['sql'] }],
};
