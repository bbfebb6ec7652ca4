/**
 * generation.migration for Sequelize, proven by Sequelize itself on a sequelize-cli project
 * (.sequelizerc naming db/migrations, config/config.json on postgres, CommonJS migrations): the
 * generated module is run as sequelize-cli runs one — `up(queryInterface, Sequelize)` with a real
 * Sequelize 6 QueryInterface — the catalog checked, `down` run, and the schema dump compared with the
 * one before, on the real PostgreSQL at 127.0.0.1:5432 and on Sequelize's sqlite dialect over sql.js.
 */
import { expect } from 'chai';
import { Sequelize } from 'sequelize';
import { run as migration } from '../../../../capabilities/generation/migration.js';
import { BASE, CHANGE_CASES } from '../db-proof/change-cases.js';
import { expectPg, expectSqlite } from '../db-proof/expectations.js';
import { createTempDatabase, type TempDatabase } from '../db-proof/pg-catalog.js';
import { copyFixture, prettierIdempotent, type Project } from '../db-proof/project.js';
import { loadMigration, sequelizeOnPg, sequelizeOnSqlJs } from '../db-proof/sequelize-run.js';
import { sqliteDump } from '../db-proof/sqlite-catalog.js';

/** The generated migration's path, after the fixture's first one. */
function generatedPath(changes: Array<{ path: string }>): string {
  expect(changes.map((c) => c.path)).to.have.length(1);
  const file = changes[0]!.path;
  expect(file).to.match(/^db\/migrations\/20250101000001-[a-z0-9-]+\.js$/);
  return file;
}

describe('generation.migration (Sequelize): up then down through Sequelize leaves the catalog as it was', function () {
  this.timeout(60_000);
  const projects: Project[] = [];
  let pgDb: TempDatabase;
  before(async () => {
    pgDb = await createTempDatabase('sequelize');
  });
  after(async () => {
    await pgDb?.drop();
    await Promise.all(projects.map((p) => p.dispose()));
  });

  it("a sequelize-cli migration in .sequelizerc's folder, kebab-named, the dialect from config.json, in the project's Prettier style", async () => {
    const project = await copyFixture('sequelize-pg');
    projects.push(project);
    const { result, changes } = await project.generate(migration, { name: 'Post', fields: [{ name: 'title' }] });
    expect(generatedPath(changes)).to.equal('db/migrations/20250101000001-create-posts-table.js');
    expect(result.summary).to.match(/^Migration create_posts_table \(create table posts, PostgreSQL, sequelize layout in db\/migrations\)/);
    const text = await project.read('db/migrations/20250101000001-create-posts-table.js');
    expect(text).to.include("'use strict';\n\n/** @type {import('sequelize-cli').Migration} */\nmodule.exports = {");
    expect(text).to.include('async up(queryInterface) {');
    expect(text).to.include('await queryInterface.sequelize.transaction(async (transaction) => {');
    expect(text).to.match(/await queryInterface\.sequelize\.query\(\s*`CREATE TABLE "posts" \(/);
    expect(await prettierIdempotent(project.root, 'db/migrations/20250101000001-create-posts-table.js')).to.equal(true);
  });

  it('a second migration of a name the folder has is refused, naming the existing file', async () => {
    const project = await copyFixture('sequelize-pg');
    projects.push(project);
    const refused = await project
      .generate(migration, { name: 'User', change: 'add-column', fields: [{ name: 'age', type: 'int' }], migrationName: 'create_users' })
      .then(
        () => null,
        (error: Error & { code?: string }) => error,
      );
    expect(refused?.code).to.equal('invalid_input');
    expect(refused?.message).to.include('db/migrations/20250101000000-create-users.js already has the name create_users');
  });

  for (const testCase of CHANGE_CASES) {
    it(`SQLite: ${testCase.title}`, async () => {
      const project = await copyFixture('sequelize-pg');
      projects.push(project);
      const file = generatedPath((await project.generate(migration, { ...testCase.input, dialect: 'sqlite' })).changes);
      const { sequelize, db } = await sequelizeOnSqlJs();
      try {
        db.exec(BASE.sqlite);
        const before = sqliteDump(db);
        const module = loadMigration(project.root, file);
        await module.up(sequelize.getQueryInterface(), Sequelize);
        expectSqlite(db, testCase.expect);
        await module.down(sequelize.getQueryInterface(), Sequelize);
        expect(sqliteDump(db)).to.equal(before);
      } finally {
        await sequelize.close();
      }
    });
  }

  for (const testCase of CHANGE_CASES) {
    it(`PostgreSQL: ${testCase.title}`, async () => {
      const project = await copyFixture('sequelize-pg');
      projects.push(project);
      const file = generatedPath((await project.generate(migration, testCase.input)).changes);
      await pgDb.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
      await pgDb.exec(BASE.postgresql);
      const sequelize = sequelizeOnPg(pgDb.name);
      try {
        const before = await pgDb.dump();
        const module = loadMigration(project.root, file);
        await module.up(sequelize.getQueryInterface(), Sequelize);
        await expectPg(pgDb.client, testCase.expect);
        await module.down(sequelize.getQueryInterface(), Sequelize);
        expect(await pgDb.dump()).to.equal(before);
      } finally {
        await sequelize.close();
      }
    });
  }
});
