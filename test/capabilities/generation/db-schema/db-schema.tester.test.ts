/** generation.db-schema's tester suite: a model appended to the project's SQL schema and Drizzle module as reviewed diffs; refusals (a table that exists, an unknown field type); input schema. No Prisma case: its Wasm engine is proved in prisma.test.ts. */
import { CapabilityTester } from '../../../../core/tester/index.js';
import { fixturePath } from '../../support/sample-runs.js';

// db/schema.sql creates users (PostgreSQL, pg); src/db/schema.ts declares the Drizzle users table (sqlite-core, tabs, no semicolons).
const SQL = fixturePath('generation', 'sql-migrations');
const DRIZZLE = fixturePath('generation', 'drizzle-sqlite');

describe('capabilities/generation/db-schema cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'generation.db-schema' }).run({
    invalid: [
      {
        name: 'PostgreSQL DDL appended to db/schema.sql: snake_case columns, NOT NULL by default',
        fixture: SQL,
        input: {
          name: 'Post',
          fields: [
            { name: 'title', type: 'string' },
            { name: 'authorId', type: 'int' },
          ],
        },
        changes: {
          'db/schema.sql': {
            diffContains: [
              ' CREATE UNIQUE INDEX "users_email_key" ON "users" ("email");',
              '+CREATE TABLE "posts" (',
              '+  "id" serial PRIMARY KEY,',
              '+  "title" text NOT NULL,',
              '+  "author_id" integer NOT NULL',
            ],
          },
        },
      },
      {
        name: 'a Drizzle table with a many-to-one relation, in the module style (tabs, no semicolons)',
        fixture: DRIZZLE,
        input: {
          name: 'Post',
          fields: [
            { name: 'title', type: 'string' },
            { name: 'publishedAt', type: 'datetime', optional: true },
          ],
          relations: [{ kind: 'many-to-one', model: 'User', field: 'author', onDelete: 'cascade' }],
        },
        changes: {
          'src/db/schema.ts': {
            contains: [
              "export const posts = sqliteTable(\n\t'posts',",
              "\t\tpublishedAt: integer('published_at', { mode: 'timestamp' }),\n",
              ".references(() => users.id, { onDelete: 'cascade' }),",
              "(table) => [index('posts_author_id_idx').on(table.authorId)],",
            ],
            notContains: ';\n',
            diffContains: '+\tindex,',
          },
        },
      },
      {
        name: 'a table the schema already creates',
        fixture: SQL,
        input: { name: 'User' },
        error: { code: 'invalid_input', message: 'db/schema.sql already creates the table users' },
      },
      {
        name: 'an unknown field type names the known ones',
        fixture: SQL,
        input: { name: 'Post', fields: [{ name: 'x', type: 'blob-ish' }] },
        error: { code: 'invalid_input', message: 'unknown field type "blob-ish"; use one of string, text, int' },
      },
    ],
    inputErrors: [
      { name: 'no name', input: { fields: [{ name: 'title' }] }, message: "must have required property 'name'" },
      {
        name: 'a target not built yet',
        input: { name: 'Post', target: 'mikro-orm' },
        message: '/target must be equal to one of the allowed values',
      },
      {
        name: 'an unknown relation kind',
        input: { name: 'Post', relations: [{ kind: 'one-to-one', model: 'User' }] },
        message: '/relations/0/kind must be equal to one of the allowed values',
      },
    ],
  });
});
