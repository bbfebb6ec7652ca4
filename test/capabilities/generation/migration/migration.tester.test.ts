/** generation.migration's tester suite: up/down SQL named in the project's layout (plain numbered files, the Drizzle folder and journal); the next free number; a second migration of the same name refused; a refusal; input schema. */
import { CapabilityTester } from '../../../../core/tester/index.js';
import { fixturePath } from '../../support/sample-runs.js';

// migrations/001_create_users.{up,down}.sql, pg: PostgreSQL. drizzle/0000_init.sql + meta/_journal.json: SQLite.
const SQL = fixturePath('generation', 'sql-migrations');
const DRIZZLE = fixturePath('generation', 'drizzle-sqlite');
const AGE = { name: 'User', change: 'add-column', fields: [{ name: 'age', type: 'int', optional: true }] };

describe('capabilities/generation/migration cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'generation.migration' }).run({
    invalid: [
      {
        name: 'add-column: the next numbered up and down files of the plain layout',
        fixture: SQL,
        input: AGE,
        changes: {
          'migrations/002_add_age_to_users.up.sql':
            '-- Up: add columns to users (PostgreSQL)\n\nALTER TABLE "users" ADD COLUMN "age" integer;\n',
          'migrations/002_add_age_to_users.down.sql':
            '-- Down (reverts): add columns to users (PostgreSQL)\n\nALTER TABLE "users" DROP COLUMN "age";\n',
        },
      },
      {
        name: 'a taken number is skipped (003), and a NOT NULL column without a default is flagged',
        fixture: SQL,
        files: { 'migrations/002_add_bio_index.up.sql': '-- mine\n' },
        input: { ...AGE, fields: [{ name: 'age', type: 'int' }] },
        changes: {
          'migrations/003_add_age_to_users.up.sql': { contains: 'ADD COLUMN "age" integer NOT NULL' },
          'migrations/003_add_age_to_users.down.sql': { contains: 'DROP COLUMN "age"' },
        },
        check: ({ result }) => {
          if (!result?.summary.includes('a NOT NULL column without a default can only be added while the table is empty'))
            throw new Error(`summary: ${result?.summary}`);
        },
      },
      {
        name: 'create-table in the Drizzle layout: SQLite DDL, its down file and the journal entry as a diff',
        fixture: DRIZZLE,
        input: { name: 'Post', fields: [{ name: 'title' }] },
        changes: {
          'drizzle/0001_create_posts_table.sql': {
            contains:
              '-- Up: create table posts (SQLite)\n\nCREATE TABLE "posts" (\n  "id" integer PRIMARY KEY,\n  "title" text NOT NULL\n);\n',
          },
          'drizzle/0001_create_posts_table.down.sql': { contains: 'DROP TABLE "posts";' },
          'drizzle/meta/_journal.json': { diffContains: '"tag": "0001_create_posts_table"' },
        },
      },
      {
        name: 'a second migration of a name the folder has is refused, naming the existing one',
        fixture: SQL,
        files: { 'migrations/002_add_age_to_users.up.sql': '-- mine\n' },
        input: AGE,
        error: {
          code: 'invalid_input',
          message: 'migrationName: migrations/002_add_age_to_users.up.sql already has the name add_age_to_users',
        },
      },
      {
        name: 'add-column without fields',
        fixture: SQL,
        input: { name: 'User', change: 'add-column' },
        error: { code: 'invalid_input', message: 'fields: the add-column change needs fields' },
      },
    ],
    inputErrors: [
      { name: 'no name', input: { change: 'create-table' }, message: "must have required property 'name'" },
      {
        name: 'an unknown change',
        input: { name: 'User', change: 'rename-table' },
        message: '/change must be equal to one of the allowed values',
      },
      {
        name: 'an index without columns',
        input: { name: 'User', change: 'add-index', index: { unique: true } },
        message: "must have required property 'columns'",
      },
    ],
  });
});
