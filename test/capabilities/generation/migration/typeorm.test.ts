/**
 * generation.migration for TypeORM, proven by TypeORM itself: the generated class (what `typeorm
 * migration:create` names <ms>-<Name>.ts) compiled and handed to a real DataSource — PostgreSQL at
 * 127.0.0.1:5432 and SQLite through TypeORM's sql.js driver — run by `runMigrations`, the catalog
 * checked, reverted by `undoLastMigration`, and the schema dump compared with the one before.
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect } from 'chai';
import ts from 'typescript';
import { DataSource, type MigrationInterface } from 'typeorm';
import type { Database } from 'sql.js';
import { run as migration, type MigrationInput } from '../../../../capabilities/generation/migration.js';
import { BASE, CHANGE_CASES } from '../db-proof/change-cases.js';
import { expectPg, expectSqlite } from '../db-proof/expectations.js';
import { createTempDatabase, type TempDatabase } from '../db-proof/pg-catalog.js';
import { copyFixture, prettierIdempotent, type Project } from '../db-proof/project.js';
import { sqliteDump } from '../db-proof/sqlite-catalog.js';

type MigrationClass = new () => MigrationInterface;

/** A migration module of the project, compiled as the project's build would, and its class. */
async function loadMigration(project: Project, file: string): Promise<MigrationClass> {
  const js = ts.transpileModule(await project.read(file), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const compiled = path.join(project.root, `${file}.compiled.mjs`);
  await writeFile(compiled, js);
  const module = (await import(compiled)) as Record<string, MigrationClass>;
  const classes = Object.values(module).filter((v) => typeof v === 'function');
  expect(classes, `one exported class in ${file}`).to.have.length(1);
  return classes[0]!;
}

/** Generates on a fresh copy of the TypeORM fixture: the one new file, compiled and loaded. */
async function generated(input: MigrationInput): Promise<{ project: Project; file: string; migrationClass: MigrationClass }> {
  const project = await copyFixture('typeorm-pg');
  const { changes } = await project.generate(migration, input);
  expect(changes.map((c) => c.path)).to.have.length(1);
  const file = changes[0]!.path;
  expect(file).to.match(/^src\/migrations\/1735689600001-[A-Z][A-Za-z0-9]*\.ts$/);
  return { project, file, migrationClass: await loadMigration(project, file) };
}

const pgOptions = (db: TempDatabase) =>
  ({ type: 'postgres', host: '127.0.0.1', port: 5432, username: 'postgres', database: db.name, logging: false }) as const;

describe('generation.migration (TypeORM): runMigrations then undoLastMigration on real PostgreSQL leaves the catalog as it was', function () {
  this.timeout(60_000);
  let db: TempDatabase;
  const projects: Project[] = [];
  before(async () => {
    db = await createTempDatabase('typeorm');
  });
  after(async () => {
    await db?.drop();
    await Promise.all(projects.map((p) => p.dispose()));
  });
  beforeEach(() => db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;'));

  it("the project's flow: detected from the dependencies, named and formatted as the project's, run after the project's own first migration", async () => {
    const { project, file, migrationClass } = await generated({
      name: 'Post',
      fields: [{ name: 'title' }, { name: 'publishedAt', type: 'datetime', optional: true }],
      relations: [{ kind: 'many-to-one', model: 'User', field: 'author' }],
    });
    projects.push(project);
    expect(file).to.equal('src/migrations/1735689600001-CreatePostsTable.ts');
    const text = await project.read(file);
    expect(text).to.include('export class CreatePostsTable1735689600001 implements MigrationInterface {');
    expect(text).to.match(/^ {4}public async up\(queryRunner: QueryRunner\): Promise<void> \{$/m); // the fixture's tabWidth 4
    expect(await prettierIdempotent(project.root, file)).to.equal(true);
    // tsc and ESLint on the project: typeorm.slow-test.ts (TypeORM's declarations take tsc over 10 s here).

    const first = await loadMigration(project, 'src/migrations/1735689600000-CreateUsers.ts');
    const base = new DataSource({ ...pgOptions(db), migrations: [first] });
    await base.initialize();
    expect((await base.runMigrations()).map((m) => m.name)).to.deep.equal(['CreateUsers1735689600000']);
    await base.destroy();
    const before = await db.dump();

    const source = new DataSource({ ...pgOptions(db), migrations: [first, migrationClass] });
    await source.initialize();
    try {
      expect((await source.runMigrations()).map((m) => m.name)).to.deep.equal(['CreatePostsTable1735689600001']);
      await expectPg(db.client, { tables: ['posts'], foreignKeys: { posts: { author_id: 'users' } } });
      await source.undoLastMigration();
      expect(await db.dump()).to.equal(before);
    } finally {
      await source.destroy();
    }
  });

  for (const testCase of CHANGE_CASES) {
    it(testCase.title, async () => {
      const { project, migrationClass } = await generated({ ...testCase.input, dialect: 'postgresql' });
      projects.push(project);
      await db.exec(BASE.postgresql);
      const source = new DataSource({ ...pgOptions(db), migrations: [migrationClass] });
      await source.initialize();
      try {
        await source.showMigrations(); // creates TypeORM's migrations table, so that it is in both dumps
        const before = await db.dump();
        expect(await source.runMigrations()).to.have.length(1);
        await expectPg(db.client, testCase.expect);
        expect(await db.dump()).to.not.equal(before);
        await source.undoLastMigration();
        expect(await db.dump()).to.equal(before);
      } finally {
        await source.destroy();
      }
    });
  }
});

describe('generation.migration (TypeORM): runMigrations then undoLastMigration on real SQLite (TypeORM sql.js driver) leaves the catalog as it was', function () {
  this.timeout(60_000);
  const projects: Project[] = [];
  after(() => Promise.all(projects.map((p) => p.dispose())));

  for (const testCase of CHANGE_CASES) {
    it(testCase.title, async () => {
      const { project, migrationClass } = await generated({ ...testCase.input, dialect: 'sqlite' });
      projects.push(project);
      const source = new DataSource({ type: 'sqljs', logging: false, migrations: [migrationClass] });
      await source.initialize();
      try {
        const db = (source.driver as unknown as { databaseConnection: Database }).databaseConnection;
        db.exec(BASE.sqlite);
        await source.showMigrations();
        const before = sqliteDump(db);
        expect(await source.runMigrations()).to.have.length(1);
        expectSqlite(db, testCase.expect);
        await source.undoLastMigration();
        expect(sqliteDump(db)).to.equal(before);
      } finally {
        await source.destroy();
      }
    });
  }
});

describe('generation.migration (TypeORM) in a CommonJS JavaScript project', function () {
  this.timeout(60_000);

  it("module.exports = class …, in the project's style (no semicolons), required and run by TypeORM on SQLite", async () => {
    const project = await copyFixture('knex-sqlite'); // CommonJS, no semicolons, sqlite3 in its dependencies
    try {
      const { changes } = await project.generate(migration, {
        name: 'Post',
        fields: [{ name: 'title' }],
        layout: 'typeorm',
        dir: 'db/typeorm',
      });
      expect(changes.map((c) => c.path)).to.deep.equal(['db/typeorm/0000000000001-CreatePostsTable.js']);
      const text = await project.read('db/typeorm/0000000000001-CreatePostsTable.js');
      expect(text).to.include("module.exports = class CreatePostsTable0000000000001 {\n  name = 'CreatePostsTable0000000000001'\n");
      const migrationClass = createRequire(import.meta.url)(
        path.join(project.root, 'db/typeorm/0000000000001-CreatePostsTable.js'),
      ) as MigrationClass;
      const source = new DataSource({ type: 'sqljs', logging: false, migrations: [migrationClass] });
      await source.initialize();
      try {
        const db = (source.driver as unknown as { databaseConnection: Database }).databaseConnection;
        await source.showMigrations();
        const before = sqliteDump(db);
        expect((await source.runMigrations()).map((m) => m.name)).to.deep.equal(['CreatePostsTable0000000000001']);
        expectSqlite(db, { tables: ['posts'], columns: { posts: { id: false, title: false } } });
        await source.undoLastMigration();
        expect(sqliteDump(db)).to.equal(before);
      } finally {
        await source.destroy();
      }
    } finally {
      await project.dispose();
    }
  });
});
