/** Prisma: `$queryRawUnsafe/$executeRawUnsafe` and `Prisma.raw` take SQL text; the tagged `$queryRaw\`\`` binds. `data: req.body` writes any field. */
import type { LibraryModel } from './types.js';

export const model: LibraryModel = {
  id: 'prisma',
  title: 'Prisma',
  modules: ['@prisma/client'],
  sinks: [
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: { method: ['$queryRawUnsafe', '$executeRawUnsafe'], receiver: '.' },
      args: [0],
      fix: 'Use the tagged $queryRaw`...` (values are bound) or pass values as extra arguments with $1 placeholders.',
    },
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: { method: ['$queryRaw', '$executeRaw'], receiver: '.' },
      args: [0],
      requires: 'firstArgNotTemplate',
      when: 'notObject',
      fix: 'Use the tagged $queryRaw`...` form, or Prisma.sql`...`.',
    },
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: { global: ['Prisma.raw', 'raw'] },
      args: [0],
      requires: 'prismaImported',
      fix: 'Use Prisma.sql`...`, which binds its substitutions.',
    },
    {
      ruleId: 'security/mass-assignment',
      kind: 'mass',
      callee: { method: ['create', 'update', 'upsert', 'createMany', 'updateMany'], receiver: '(^|\\.)(prisma|db|client|tx)\\.\\w+$' },
      args: [0],
      members: ['data', 'create', 'update'],
      when: 'wholeObject',
      fix: 'Build `data` from the fields the user may set.',
    },
  ],
};
