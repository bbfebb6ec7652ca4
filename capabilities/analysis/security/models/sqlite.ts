/** sqlite3, better-sqlite3 and sqlite: `prepare/run/all/get/exec(sql, ...params)`: only the SQL text is a sink. */
import type { LibraryModel } from './types.js';
import { SQL_FIX } from './sql-clients.js';

const METHODS = ['prepare', 'run', 'all', 'get', 'exec', 'each', 'iterate', 'pragma'];

export const model: LibraryModel = {
  id: 'sqlite',
  title: 'sqlite3, better-sqlite3, sqlite',
  modules: ['sqlite3', 'better-sqlite3', 'sqlite'],
  sinks: [
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: { module: ['better-sqlite3'], path: METHODS.map((m) => `().${m}`) },
      args: [0],
      fix: SQL_FIX,
    },
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: { module: ['sqlite3'], path: METHODS.flatMap((m) => [`Database().${m}`, `verbose().Database().${m}`]) },
      args: [0],
      fix: SQL_FIX,
    },
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: {
        method: METHODS,
        receiver: '(^|\\.)(db|database|sqlite|conn|connection)$',
        imported: ['^(sqlite3|better-sqlite3|sqlite)$'],
      },
      args: [0],
      fix: SQL_FIX,
    },
  ],
};
