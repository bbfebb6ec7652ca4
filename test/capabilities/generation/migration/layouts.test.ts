/**
 * generation.migration in each project layout: Prisma (prisma/migrations/<ts>_<name>/migration.sql +
 * down.sql), Drizzle (<NNNN>_<name>.sql with statement breakpoints, the journal entry), Knex (a
 * TypeScript module with up/down that type-checks and runs through knex itself), plain NNN_name — each
 * applied to a real database and rolled back; names deterministic (same answer twice).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import ts from 'typescript';
import knexFactory from 'knex';
import { run as migration, type MigrationInput } from '../../../../capabilities/generation/migration.js';
import { createTempDatabase, type TempDatabase } from '../db-proof/pg-catalog.js';
import { copyFixture, typecheck, type Project } from '../db-proof/project.js';
import { openSqlite, sqliteDump, sqliteForeignKeys } from '../db-proof/sqlite-catalog.js';

const POST: MigrationInput = {
  name: 'Post',
  fields: [{ name: 'title' }, { name: 'publishedAt', type: 'datetime', optional: true }],
  relations: [{ kind: 'many-to-one', model: 'User', field: 'author' }],
};

describe('generation.migration layouts', function () {
  this.timeout(60_000);
  const projects: Project[] = [];
  const fixture = async (name: string): Promise<Project> => {
    const project = await copyFixture(name);
    projects.push(project);
    return project;
  };
  let db: TempDatabase;
  before(async () => {
    db = await createTempDatabase('layouts');
  });
  after(async () => {
    await db?.drop();
    await Promise.all(projects.map((p) => p.dispose()));
  });
  beforeEach(() => db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;'));

  it('Prisma: the next timestamp after the newest migration, migration.sql + down.sql, round trip on PostgreSQL', async () => {
    const project = await fixture('prisma-pg');
    const { result, changes } = await project.generate(migration, POST);
    expect(changes.map((c) => [c.path, c.action])).to.deep.equal([
      ['prisma/migrations/20250101000001_create_posts_table/migration.sql', 'create'],
      ['prisma/migrations/20250101000001_create_posts_table/down.sql', 'create'],
    ]);
    expect(result.data).to.include({ layout: 'prisma', dialect: 'postgresql', change: 'create-table' });
    await db.exec(await project.read('prisma/migrations/20250101000000_init/migration.sql'));
    const before = await db.dump();
    await db.exec(await project.read('prisma/migrations/20250101000001_create_posts_table/migration.sql'));
    const columns = (
      await db.client.query<{ column_name: string; data_type: string }>(
        `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'posts' ORDER BY ordinal_position`,
      )
    ).rows;
    expect(columns).to.deep.equal([
      { column_name: 'id', data_type: 'integer' },
      { column_name: 'title', data_type: 'text' },
      { column_name: 'published_at', data_type: 'timestamp without time zone' },
      { column_name: 'author_id', data_type: 'integer' },
    ]);
    await db.exec(await project.read('prisma/migrations/20250101000001_create_posts_table/down.sql'));
    expect(await db.dump()).to.equal(before);
  });

  it('the same input twice gives the same files; a given timestamp names the folder; the clock only when asked', async () => {
    const first = await (await fixture('prisma-pg')).generate(migration, POST);
    const second = await (await fixture('prisma-pg')).generate(migration, POST);
    expect(second.changes.map((c) => [c.path, c.after])).to.deep.equal(first.changes.map((c) => [c.path, c.after]));
    const stamped = await (
      await fixture('prisma-pg')
    ).generate(migration, { ...POST, timestamp: '2025-03-04T05:06:07Z', migrationName: 'Add posts' });
    expect(stamped.changes[0]!.path).to.equal('prisma/migrations/20250304050607_add_posts/migration.sql');
    const clocked = await (await fixture('prisma-pg')).generate(migration, { ...POST, useClock: true });
    expect(clocked.changes[0]!.path).to.match(/^prisma\/migrations\/20\d{12}_create_posts_table\/migration\.sql$/);
    const refused = await (await fixture('prisma-pg')).refusal(migration, { ...POST, timestamp: 'yesterday' });
    expect(refused.code).to.equal('invalid_input');
  });

  it('Drizzle (SQLite): NNNN_name.sql with statement breakpoints, a journal entry, round trip on SQLite', async () => {
    const project = await fixture('drizzle-sqlite');
    const { result, changes } = await project.generate(migration, {
      ...POST,
      relations: [{ kind: 'many-to-one', model: 'User', field: 'author', onDelete: 'cascade' }],
    });
    expect(result.data).to.include({ layout: 'drizzle', dialect: 'sqlite' });
    expect(changes.map((c) => [c.path, c.action])).to.deep.equal([
      ['drizzle/0001_create_posts_table.sql', 'create'],
      ['drizzle/0001_create_posts_table.down.sql', 'create'],
      ['drizzle/meta/_journal.json', 'modify'],
    ]);
    const journalText = await project.read('drizzle/meta/_journal.json');
    // drizzle-kit's file keeps drizzle-kit's two-space layout (not the project's Prettier tabs): the diff is the new entry.
    expect(journalText).to.include('\n  "entries": [').and.not.include('\t');
    const journal = JSON.parse(journalText) as { entries: Array<{ idx: number; tag: string; when: number }> };
    expect(journal.entries.map((e) => [e.idx, e.tag, e.when])).to.deep.equal([
      [0, '0000_init', 1735689600000],
      [1, '0001_create_posts_table', 1735689601000],
    ]);
    const sqlite = await openSqlite();
    // drizzle-kit's migrator runs each statement between breakpoints on its own: so does this test.
    const apply = (script: string): void => script.split('--> statement-breakpoint').forEach((s) => sqlite.exec(s));
    apply(await project.read('drizzle/0000_init.sql'));
    const before = sqliteDump(sqlite);
    const up = await project.read('drizzle/0001_create_posts_table.sql');
    expect(up.split('--> statement-breakpoint')).to.have.length(2);
    apply(up);
    expect(sqliteForeignKeys(sqlite, 'posts')).to.deep.equal([{ from: 'author_id', table: 'users', to: 'id', onDelete: 'CASCADE' }]);
    apply(await project.read('drizzle/0001_create_posts_table.down.sql'));
    expect(sqliteDump(sqlite)).to.equal(before);
    sqlite.close();
  });

  it('Knex: a TypeScript migration with up/down that type-checks and runs through knex on PostgreSQL', async () => {
    const project = await fixture('sql-migrations');
    const { changes } = await project.generate(migration, { ...POST, layout: 'knex', dir: 'db/migrations', timestamp: '20250301120000' });
    expect(changes.map((c) => c.path)).to.deep.equal(['db/migrations/20250301120000_create_posts_table.ts']);
    const file = 'db/migrations/20250301120000_create_posts_table.ts';
    const checked = await typecheck(project.root, [
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--skipLibCheck',
      '--target',
      'es2022',
      '--types',
      'node',
      file,
    ]);
    expect(checked.output).to.equal('');
    expect(checked.code).to.equal(0);
    // Run the module as knex would: compiled, with up/down called on a real knex instance.
    const js = ts.transpileModule(await project.read(file), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const compiled = path.join(project.root, 'db/migrations/compiled.mjs');
    await writeFile(compiled, js);
    const module = (await import(compiled)) as { up(k: unknown): Promise<void>; down(k: unknown): Promise<void> };
    const knex = knexFactory({ client: 'pg', connection: { host: '127.0.0.1', port: 5432, user: 'postgres', database: db.name } });
    try {
      await knex.raw('CREATE TABLE "users" ("id" serial PRIMARY KEY, "email" text NOT NULL)');
      const before = await db.dump();
      await module.up(knex);
      expect((await db.client.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'posts'`)).rowCount).to.equal(1);
      await module.down(knex);
      expect(await db.dump()).to.equal(before);
    } finally {
      await knex.destroy();
    }
  });

  it("plain SQL: numbering continues the project's (002 after 001, then 003); an existing migration is never overwritten", async () => {
    const project = await fixture('sql-migrations');
    const first = await project.generate(migration, {
      name: 'User',
      change: 'add-column',
      fields: [{ name: 'age', type: 'int', optional: true }],
    });
    expect(first.changes.map((c) => c.path)).to.deep.equal([
      'migrations/002_add_age_to_users.up.sql',
      'migrations/002_add_age_to_users.down.sql',
    ]);
    const second = await project.generate(migration, { name: 'User', change: 'add-index', index: { columns: ['age'] } });
    expect(second.changes.map((c) => c.path)).to.deep.equal([
      'migrations/003_add_index_age_to_users.up.sql',
      'migrations/003_add_index_age_to_users.down.sql',
    ]);
    const prisma = await fixture('prisma-pg');
    const refused = await prisma.refusal(migration, { ...POST, timestamp: '20250101000000', migrationName: 'init' });
    expect(refused.code).to.equal('generation_refused');
    expect(refused.message).to.match(
      /^prisma\/migrations\/20250101000000_init\/migration\.sql, prisma\/migrations\/20250101000000_init\/down\.sql already exist|^prisma\/migrations\/20250101000000_init\/migration\.sql already exists/,
    );
  });

  it('refuses a second migration of a name the folder already has, naming the existing one (plain, Knex, Drizzle)', async () => {
    const project = await fixture('sql-migrations');
    const input: MigrationInput = { name: 'User', change: 'add-column', fields: [{ name: 'age', type: 'int', optional: true }] };
    await project.generate(migration, input);
    const again = await project.refusal(migration, input);
    expect(again.code).to.equal('invalid_input');
    expect(again.message).to.equal(
      'migrationName: migrations/002_add_age_to_users.up.sql already has the name add_age_to_users; a second migration of the same name is refused (give migrationName another name)',
    );
    // The fixture's own 001_create_users, asked for by name; another name passes.
    const named = await project.refusal(migration, { ...POST, migrationName: 'create users' });
    expect(named.message).to.match(/^migrationName: migrations\/001_create_users\.up\.sql already has the name create_users;/);
    const other = await project.generate(migration, { ...input, migrationName: 'add_age_to_users_again' });
    expect(other.changes.map((c) => c.path)).to.include('migrations/003_add_age_to_users_again.up.sql');
    await project.generate(migration, { ...POST, layout: 'knex', dir: 'db/knex', timestamp: '20250301120000' });
    const knex = await project.refusal(migration, { ...POST, layout: 'knex', dir: 'db/knex' });
    expect(knex.message).to.match(
      /^migrationName: db\/knex\/20250301120000_create_posts_table\.ts already has the name create_posts_table;/,
    );
    const drizzle = await fixture('drizzle-sqlite');
    const init = await drizzle.refusal(migration, { ...POST, migrationName: 'init' });
    expect(init.message).to.match(/^migrationName: drizzle\/0000_init\.sql already has the name init;/);
  });

  it('refuses what SQLite cannot do and specs that make no sense, with invalid_input naming the field', async () => {
    const project = await fixture('drizzle-sqlite');
    const notNull = await project.refusal(migration, { name: 'User', change: 'add-column', fields: [{ name: 'age', type: 'int' }] });
    expect(notNull).to.include({ code: 'invalid_input' });
    expect(notNull.message).to.match(/SQLite cannot add the NOT NULL column age without a default/);
    const type = await project.refusal(migration, {
      name: 'User',
      change: 'add-column',
      fields: [{ name: 'age', type: 'number-ish', optional: true }],
    });
    expect(type.message).to.match(/^fields\[0\]\.type: unknown field type "number-ish"/);
    const reserved = await project.refusal(migration, { name: 'Post', fields: [{ name: 'class' }] });
    expect(reserved.message).to.match(/fields\[0\]\.name: "class" is a reserved word/);
    const missing = await project.refusal(migration, { name: 'User', change: 'add-index' });
    expect(missing.message).to.match(/^index: the add-index change needs index\.columns/);
  });
});
