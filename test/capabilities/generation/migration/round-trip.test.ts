/**
 * generation.migration, proven on real databases: each change's up applied to a real PostgreSQL
 * (a temp database of its own) and a real SQLite (sql.js), the catalog checked against the spec, the
 * down applied, and the schema dump compared with the one before — identical.
 */
import { expect } from 'chai';
import type { Database } from 'sql.js';
import { run as migration, type MigrationInput } from '../../../../capabilities/generation/migration.js';
import { BASE, CHANGE_CASES } from '../db-proof/change-cases.js';
import { expectPg, expectSqlite } from '../db-proof/expectations.js';
import { createTempDatabase, type TempDatabase } from '../db-proof/pg-catalog.js';
import { copyFixture, type Project } from '../db-proof/project.js';
import { openSqlite, sqliteDump, sqliteMaster } from '../db-proof/sqlite-catalog.js';

interface Written {
  up: string;
  down: string;
}

/** The migration generated on the plain-SQL fixture, as the files say. */
async function writtenMigration(project: Project, input: MigrationInput): Promise<Written> {
  const { changes } = await project.generate(migration, input);
  const up = changes.find((c) => c.path.endsWith('.up.sql'));
  const down = changes.find((c) => c.path.endsWith('.down.sql'));
  expect(up, 'an .up.sql file').to.not.equal(undefined);
  expect(down, 'a .down.sql file').to.not.equal(undefined);
  expect(up!.path).to.match(/^migrations\/002_[a-z0-9_]+\.up\.sql$/);
  return { up: await project.read(up!.path), down: await project.read(down!.path) };
}

describe('generation.migration: up then down on real PostgreSQL leaves the catalog as it was', function () {
  this.timeout(60_000);
  let db: TempDatabase;
  let project: Project;
  before(async () => {
    db = await createTempDatabase('migration');
  });
  after(async () => {
    await db?.drop();
  });
  beforeEach(async () => {
    await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await db.exec(BASE.postgresql);
    project = await copyFixture('sql-migrations');
  });
  afterEach(() => project.dispose());

  for (const testCase of CHANGE_CASES) {
    it(testCase.title, async () => {
      const { up, down } = await writtenMigration(project, { ...testCase.input, dialect: 'postgresql' });
      const before = await db.dump();
      await db.exec(up);
      await expectPg(db.client, testCase.expect);
      expect(await db.dump()).to.not.equal(before);
      await db.exec(down);
      expect(await db.dump()).to.equal(before);
    });
  }
});

describe('generation.migration: up then down on real SQLite (sql.js) leaves the catalog as it was', function () {
  this.timeout(60_000);
  let db: Database;
  let project: Project;
  beforeEach(async () => {
    db = await openSqlite();
    db.exec(BASE.sqlite);
    project = await copyFixture('sql-migrations');
  });
  afterEach(async () => {
    db.close();
    await project.dispose();
  });

  for (const testCase of CHANGE_CASES) {
    it(testCase.title, async () => {
      const { up, down } = await writtenMigration(project, { ...testCase.input, dialect: 'sqlite' });
      const before = sqliteDump(db);
      const master = sqliteMaster(db);
      db.exec(up);
      expectSqlite(db, testCase.expect);
      db.exec(down);
      expect(sqliteDump(db)).to.equal(before);
      // Except where a dropped column comes back at the end, even the CREATE statements' text is the same.
      if (testCase.input.change !== 'drop-column') expect(sqliteMaster(db)).to.equal(master);
    });
  }
});
