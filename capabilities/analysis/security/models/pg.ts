/** node-postgres (pg) and postgres.js: `query(text, values)` binds values; `sql.unsafe(text)` does not. */
import type { LibraryModel } from './types.js';
import { SQL_FIX } from './sql-clients.js';

export const model: LibraryModel = {
  id: 'pg',
  title: 'pg (node-postgres) and postgres.js',
  modules: ['pg', 'pg-pool', 'postgres'],
  sinks: [
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: { module: ['pg', 'pg-pool'], path: ['Pool().query', 'Client().query', 'Pool().connect().query', 'default.Pool().query'] },
      args: [0],
      members: ['text'],
      fix: SQL_FIX,
    },
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: { method: ['unsafe'], receiver: '(^|\\.)sql$' },
      args: [0],
      fix: 'Use the sql`...` tagged template, which binds every substitution.',
    },
  ],
  secrets: [
    {
      callee: { module: ['pg', 'pg-pool'], path: ['Pool', 'Client'] },
      construct: 'only',
      arg: 0,
      members: ['password'],
      ruleId: 'security/hardcoded-password',
      what: 'the database password',
    },
    {
      callee: { module: ['postgres'], path: [''] },
      arg: 1,
      members: ['password', 'pass'],
      ruleId: 'security/hardcoded-password',
      what: 'the database password',
    },
  ],
};
