/**
 * Sequelize: `sequelize.query(sql, { replacements })` binds replacements; `literal()` and `query()`
 * text are raw SQL. `Model.findOne({ where: { id } })` is parameterised: not a NoSQL operator sink.
 * `Model.create(req.body)` writes every attribute the client sends (mass assignment).
 */
import type { LibraryModel } from './types.js';
import { SQL_FIX } from './sql-clients.js';

const MODEL = '^[A-Z][A-Za-z0-9]*$|(^|\\.)(models?\\.[A-Z]\\w*|db\\.[A-Z]\\w*)$';
const MASS_FIX = 'Pass only the fields the user may set (`{ name, email }`, or `fields: [...]`), never the whole request body.';

export const model: LibraryModel = {
  id: 'sequelize',
  title: 'Sequelize',
  modules: ['sequelize', 'sequelize-typescript'],
  sinks: [
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: { method: ['query'], receiver: 'sequelize$' },
      args: [0],
      fix: 'Use `replacements` or `bind` options for values.',
    },
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: {
        module: ['sequelize', 'sequelize-typescript'],
        path: ['literal', 'Sequelize.literal', 'Sequelize().literal', 'Sequelize().query', 'Sequelize().literal'],
      },
      args: [0],
      fix: SQL_FIX,
    },
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: { method: ['literal'], receiver: '^(sequelize|Sequelize)$' },
      args: [0],
      fix: SQL_FIX,
    },
    {
      ruleId: 'security/mass-assignment',
      kind: 'mass',
      callee: { method: ['create', 'build', 'bulkCreate', 'upsert'], receiver: MODEL, imported: ['^sequelize'] },
      args: [0],
      when: 'wholeObject',
      fix: MASS_FIX,
    },
    {
      ruleId: 'security/mass-assignment',
      kind: 'mass',
      callee: { method: ['update', 'set'], receiver: '.', imported: ['^sequelize'] },
      args: [0],
      when: 'wholeObject',
      fix: MASS_FIX,
    },
  ],
  secrets: [
    {
      callee: { module: ['sequelize', 'sequelize-typescript'], path: ['Sequelize', ''] },
      construct: 'only',
      arg: 2,
      ruleId: 'security/hardcoded-password',
      what: 'the database password',
    },
  ],
};
