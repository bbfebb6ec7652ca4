/**
 * generation.db-schema's plain SQL target: the DDL appended to the project's db/schema.sql, applied
 * to a real PostgreSQL (a temp database) and to a real SQLite (sql.js), the catalog checked against
 * the spec.
 */
import { expect } from 'chai';
import { run as dbSchema } from '../../../../capabilities/generation/db-schema.js';
import { expectPg, expectSqlite } from '../db-proof/expectations.js';
import { createTempDatabase } from '../db-proof/pg-catalog.js';
import { copyFixture } from '../db-proof/project.js';
import { openSqlite } from '../db-proof/sqlite-catalog.js';

const COMMENT = {
  name: 'comment',
  fields: [
    { name: 'body', type: 'text' },
    { name: 'score', type: 'int', default: 0 },
    { name: 'slug', unique: true },
    { name: 'editedAt', type: 'datetime', optional: true },
  ],
  relations: [
    { kind: 'many-to-one' as const, model: 'users', onDelete: 'cascade' as const },
    { kind: 'many-to-many' as const, model: 'user', field: 'likers' },
  ],
};
const EXPECT = {
  tables: ['comments', 'comments_users'],
  columns: { comments: { id: false, body: false, score: false, slug: false, edited_at: true, user_id: false } },
  indexes: { comments: { comments_slug_key: true, comments_user_id_idx: false } },
  foreignKeys: { comments: { user_id: 'users' }, comments_users: { comment_id: 'comments', user_id: 'users' } },
};

describe('generation.db-schema: plain SQL', function () {
  this.timeout(30_000);

  it('appends PostgreSQL DDL to db/schema.sql; the whole file applies to a real PostgreSQL with what the spec says', async () => {
    const project = await copyFixture('sql-migrations');
    const db = await createTempDatabase('schema');
    try {
      const { result, changes } = await project.generate(dbSchema, COMMENT);
      expect(changes.map((c) => [c.path, c.action])).to.deep.equal([['db/schema.sql', 'modify']]);
      expect(result.data).to.deep.include({ target: 'sql', dialect: 'postgresql' });
      await db.exec(await project.read('db/schema.sql'));
      await expectPg(db.client, EXPECT);
      const again = await project.refusal(dbSchema, COMMENT);
      expect(again.message).to.equal('name: db/schema.sql already creates the table comments');
    } finally {
      await db.drop();
      await project.dispose();
    }
  });

  it('writes SQLite DDL to a new db/<table>.sql that applies to a real SQLite', async () => {
    const project = await copyFixture('drizzle-sqlite');
    const db = await openSqlite();
    try {
      const { changes } = await project.generate(dbSchema, { ...COMMENT, target: 'sql' });
      expect(changes.map((c) => [c.path, c.action])).to.deep.equal([['db/comments.sql', 'create']]);
      db.exec('CREATE TABLE "users" ("id" integer PRIMARY KEY, "email" text NOT NULL)');
      db.exec(await project.read('db/comments.sql'));
      expectSqlite(db, EXPECT);
    } finally {
      db.close();
      await project.dispose();
    }
  });
});
