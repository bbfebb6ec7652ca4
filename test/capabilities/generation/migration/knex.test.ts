/**
 * generation.migration for Knex, proven by knex's own migrator on a Knex project (knexfile with the
 * sqlite3 client, CommonJS migrations in db/migrations): the generated migration is found in the
 * project's folder and run by `migrate.up`, the catalog checked, reverted by `migrate.down`, and the
 * schema dump compared with the one before — on SQLite (knex's sqlite3 dialect over sql.js) and on the
 * real PostgreSQL at 127.0.0.1:5432 (knex's pg client).
 */
import path from 'node:path';
import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import { defaultRoots, loadRegistry } from '../../../../core/registry/index.js';
import { run as dbSchema } from '../../../../capabilities/generation/db-schema.js';
import { run as migration } from '../../../../capabilities/generation/migration.js';
import { BASE, CHANGE_CASES } from '../db-proof/change-cases.js';
import { expectPg, expectSqlite } from '../db-proof/expectations.js';
import { knexOnSqlJs } from '../db-proof/knex-sqljs.js';
import { createTempDatabase, type TempDatabase } from '../db-proof/pg-catalog.js';
import { copyFixture, prettierIdempotent, type Project } from '../db-proof/project.js';
import { sqliteDump } from '../db-proof/sqlite-catalog.js';

const FIRST = '20250101000000_create_users.js';

/** The generated migration's file name, after the fixture's first one. */
function generatedName(changes: Array<{ path: string }>): string {
  expect(changes.map((c) => c.path)).to.have.length(1);
  const file = changes[0]!.path;
  expect(file).to.match(/^db\/migrations\/20250101000001_[a-z0-9_]+\.js$/);
  return path.basename(file);
}

describe('generation.migration (Knex): migrate.up then migrate.down by knex leaves the catalog as it was', function () {
  this.timeout(60_000);
  const projects: Project[] = [];
  let pgDb: TempDatabase;
  before(async () => {
    pgDb = await createTempDatabase('knex');
  });
  after(async () => {
    await pgDb?.drop();
    await Promise.all(projects.map((p) => p.dispose()));
  });

  it("a CommonJS migration in the knexfile's folder, the dialect from its client, in the project's Prettier style", async () => {
    const project = await copyFixture('knex-sqlite');
    projects.push(project);
    const { result, changes } = await project.generate(migration, { name: 'Post', fields: [{ name: 'title' }] });
    expect(generatedName(changes)).to.equal('20250101000001_create_posts_table.js');
    expect(result.summary).to.match(/^Migration create_posts_table \(create table posts, SQLite, knex layout in db\/migrations\)/);
    const text = await project.read('db/migrations/20250101000001_create_posts_table.js');
    expect(text).to.include('exports.up = async function up(knex) {\n  await knex.raw(`CREATE TABLE "posts" (');
    expect(text).to.not.match(/;\n/); // the fixture has no semicolons
    expect(await prettierIdempotent(project.root, 'db/migrations/20250101000001_create_posts_table.js')).to.equal(true);
  });

  for (const testCase of CHANGE_CASES) {
    it(`SQLite: ${testCase.title}`, async () => {
      const project = await copyFixture('knex-sqlite');
      projects.push(project);
      const name = generatedName((await project.generate(migration, testCase.input)).changes);
      const { knex, db } = await knexOnSqlJs({ migrations: { directory: path.join(project.root, 'db/migrations') } });
      try {
        expect(await knex.migrate.up()).to.deep.equal([1, [FIRST]]); // the project's own first migration
        const before = sqliteDump(db);
        expect(await knex.migrate.up()).to.deep.equal([2, [name]]);
        expectSqlite(db, testCase.expect);
        expect(await knex.migrate.down()).to.deep.equal([2, [name]]);
        expect(sqliteDump(db)).to.equal(before);
      } finally {
        await knex.destroy();
      }
    });
  }

  for (const testCase of CHANGE_CASES) {
    it(`PostgreSQL: ${testCase.title}`, async () => {
      const project = await copyFixture('knex-sqlite');
      projects.push(project);
      const name = generatedName((await project.generate(migration, { ...testCase.input, dialect: 'postgresql' })).changes);
      await pgDb.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
      await pgDb.exec(BASE.postgresql);
      const knex: Knex = knexFactory({
        client: 'pg',
        connection: { host: '127.0.0.1', port: 5432, user: 'postgres', database: pgDb.name },
        migrations: { directory: path.join(project.root, 'db/migrations') },
      });
      try {
        // The base in PostgreSQL's spelling (the fixture's first migration is SQLite's), recorded as run.
        await knex.migrate.list(); // creates knex_migrations and its lock table
        await knex('knex_migrations').insert({ name: FIRST, batch: 1, migration_time: new Date() });
        const before = await pgDb.dump();
        expect(await knex.migrate.up()).to.deep.equal([2, [name]]);
        await expectPg(pgDb.client, testCase.expect);
        expect(await knex.migrate.down()).to.deep.equal([2, [name]]);
        expect(await pgDb.dump()).to.equal(before);
      } finally {
        await knex.destroy();
      }
    });
  }
});

describe('generation.db-schema (Knex): the model as a create-table migration knex runs', function () {
  this.timeout(60_000);

  it("a Knex project's db-schema job writes a migration in the knexfile's folder; knex's migrator applies and reverts it", async () => {
    const project = await copyFixture('knex-sqlite');
    try {
      // db-schema composes generation.migration through ctx.invoke: the registry's scope for it.
      const registry = await loadRegistry({ roots: defaultRoots() });
      const { result, changes } = await project.generate(
        dbSchema,
        {
          name: 'Post',
          fields: [
            { name: 'title', unique: true },
            { name: 'views', type: 'int', default: 0 },
          ],
          relations: [{ kind: 'many-to-one', model: 'User', field: 'author' }],
        },
        registry.invokeScope('generation.db-schema'),
      );
      expect(generatedName(changes)).to.equal('20250101000001_create_posts_table.js');
      expect(result.summary).to.match(
        /^Model Post as a Knex create-table migration \(a Knex project's schema is its migrations\): Migration create_posts_table/,
      );
      const { knex, db } = await knexOnSqlJs({ migrations: { directory: path.join(project.root, 'db/migrations') } });
      try {
        await knex.migrate.up();
        const before = sqliteDump(db);
        await knex.migrate.up();
        expectSqlite(db, {
          tables: ['posts'],
          columns: { posts: { id: false, title: false, views: false, author_id: false } },
          indexes: { posts: { posts_title_key: true, posts_author_id_idx: false } },
          foreignKeys: { posts: { author_id: 'users' } },
        });
        await knex.migrate.down();
        expect(sqliteDump(db)).to.equal(before);
      } finally {
        await knex.destroy();
      }
    } finally {
      await project.dispose();
    }
  });
});
