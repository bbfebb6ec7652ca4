/** mysql and mysql2: `query/execute(sql, values)` with `?` placeholders bind values; `{ sql }` objects likewise. */
import type { LibraryModel } from './types.js';
import { SQL_FIX } from './sql-clients.js';

const MODULES = ['mysql', 'mysql2', 'mysql2/promise'];
const FACTORIES = ['createConnection', 'createPool', 'createPoolCluster'];

export const model: LibraryModel = {
  id: 'mysql',
  title: 'mysql and mysql2',
  modules: MODULES,
  sinks: [
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: {
        module: MODULES,
        path: FACTORIES.flatMap((f) => [`${f}().query`, `${f}().execute`, `${f}().promise().query`, `${f}().promise().execute`]),
      },
      args: [0],
      members: ['sql'],
      fix: SQL_FIX,
    },
  ],
  sanitizers: [
    {
      names: ['mysql.escape', 'mysql.escapeId', 'mysql2.escape', 'connection.escape', 'pool.escape', 'SqlString.escape'],
      kinds: ['sql', 'html'],
    },
    { names: ['mysql.format', 'mysql2.format'], kinds: [] },
  ],
  secrets: [
    {
      callee: { module: MODULES, path: FACTORIES },
      arg: 0,
      members: ['password'],
      ruleId: 'security/hardcoded-password',
      what: 'the database password',
    },
  ],
};
