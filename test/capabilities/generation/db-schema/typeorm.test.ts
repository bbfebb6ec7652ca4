/**
 * generation.db-schema for TypeORM, proven by TypeORM itself: the generated entity (and the fixture's
 * User entity it relates to) compiled with decorators and loaded into a real DataSource that
 * synchronizes the schema — PostgreSQL at 127.0.0.1:5432 and SQLite through TypeORM's sql.js driver —
 * the catalog checked, a row saved and read back through the repository, and on PostgreSQL the
 * entity's columns compared with those of the migration generation.migration writes for the same spec.
 */
import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import ts from 'typescript';
import { DataSource, type MigrationInterface } from 'typeorm';
import type { Database } from 'sql.js';
import { run as dbSchema, type DbSchemaInput } from '../../../../capabilities/generation/db-schema.js';
import { run as migration } from '../../../../capabilities/generation/migration.js';
import { expectPg, expectSqlite } from '../db-proof/expectations.js';
import { createTempDatabase, pgColumns, type TempDatabase } from '../db-proof/pg-catalog.js';
import { copyFixture, prettierIdempotent, type Project } from '../db-proof/project.js';

type Constructor = new () => object;

const POST: DbSchemaInput = {
  name: 'Post',
  fields: [
    { name: 'title', unique: true },
    { name: 'body', type: 'text', optional: true },
    { name: 'views', type: 'int', default: 0 },
    { name: 'published', type: 'boolean', default: false },
    { name: 'rating', type: 'float', optional: true },
    { name: 'createdAt', type: 'datetime', default: 'now' },
  ],
  relations: [
    { kind: 'many-to-one', model: 'User', field: 'author', onDelete: 'cascade' },
    { kind: 'many-to-many', model: 'User', field: 'readers' },
  ],
};

const EXPECT = {
  tables: ['posts', 'posts_users'],
  columns: {
    posts: { id: false, title: false, body: true, views: false, published: false, rating: true, created_at: false, author_id: false },
  },
  foreignKeys: { posts: { author_id: 'users' }, posts_users: { post_id: 'posts', user_id: 'users' } },
};

/** A TypeScript module of the project compiled next to itself (decorators and their metadata, as tsc emits them) and imported. */
async function load(project: Project, file: string): Promise<Record<string, unknown>> {
  const js = ts.transpileModule(await project.read(file), {
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
    },
  }).outputText;
  const out = path.join(project.root, file.replace(/\.ts$/, '.js'));
  await writeFile(out, js);
  return (await import(out)) as Record<string, unknown>;
}

async function generatedEntities(
  input: DbSchemaInput,
  dialect: 'postgresql' | 'sqlite',
): Promise<{ project: Project; summary: string; entities: Constructor[] }> {
  const project = await copyFixture('typeorm-pg');
  const { result, changes } = await project.generate(dbSchema, { ...input, dialect });
  expect(changes.map((c) => c.path)).to.deep.equal(['src/entity/Post.ts']);
  const { User } = await load(project, 'src/entity/User.ts');
  const { Post } = await load(project, 'src/entity/Post.ts');
  return { project, summary: result.summary, entities: [User as Constructor, Post as Constructor] };
}

/** Saves a user and a post with only the required fields, reads the post back with its relations. */
async function roundTrip(source: DataSource, [User, Post]: Constructor[]): Promise<Record<string, unknown>> {
  const user = await source.getRepository(User!).save({ email: 'ada@example.com' });
  await source.getRepository(Post!).save({ title: 'Hello', author: user, readers: [user] });
  return (await source
    .getRepository(Post!)
    .findOneOrFail({ where: { title: 'Hello' }, relations: { author: true, readers: true } })) as Record<string, unknown>;
}

function expectDefaults(post: Record<string, unknown>): void {
  expect(post).to.include({ title: 'Hello', body: null, views: 0, published: false, rating: null });
  expect(post.createdAt).to.be.instanceOf(Date);
  expect((post.author as { email: string }).email).to.equal('ada@example.com');
  expect((post.readers as Array<{ email: string }>).map((r) => r.email)).to.deep.equal(['ada@example.com']);
}

describe('generation.db-schema: TypeORM entities loaded by TypeORM', function () {
  this.timeout(60_000);
  let db: TempDatabase;
  const projects: Project[] = [];
  before(async () => {
    db = await createTempDatabase('typeorm_entity');
  });
  after(async () => {
    await db?.drop();
    await Promise.all(projects.map((p) => p.dispose()));
  });
  beforeEach(() => db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;'));

  it("PostgreSQL: the entity in the project's style; synchronize builds the spec's catalog; a row round-trips with its defaults; the same columns as the migration", async () => {
    const { project, summary, entities } = await generatedEntities(POST, 'postgresql');
    projects.push(project);
    const text = await project.read('src/entity/Post.ts');
    expect(text).to.include("import { User } from './User.js';"); // NodeNext: relative imports end with .js
    expect(text).to.include("@Entity({ name: 'posts' })\nexport class Post {\n    @PrimaryGeneratedColumn({ name: 'id' })"); // tabWidth 4
    expect(await prettierIdempotent(project.root, 'src/entity/Post.ts')).to.equal(true);
    expect(summary).to.match(/^Entity Post \(posts\) in src\/entity\/Post\.ts \(TypeORM, PostgreSQL\)/);

    const source = new DataSource({
      type: 'postgres',
      host: '127.0.0.1',
      port: 5432,
      username: 'postgres',
      database: db.name,
      entities,
      synchronize: true,
    });
    await source.initialize();
    let fromEntity: Map<string, boolean>;
    try {
      await expectPg(db.client, EXPECT);
      fromEntity = new Map([...(await pgColumns(db.client, 'posts'))].map(([name, c]) => [name, c.is_nullable === 'YES']));
      expectDefaults(await roundTrip(source, entities));
    } finally {
      await source.destroy();
    }

    // generation.migration for the same spec, run by TypeORM: the same columns, the same nullability.
    await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await db.exec('CREATE TABLE "users" ("id" serial PRIMARY KEY, "email" text NOT NULL UNIQUE, "bio" text)');
    const written = await project.generate(migration, { ...POST, dialect: 'postgresql' } as Parameters<typeof migration>[0]);
    const file = written.changes[0]!.path;
    const compiled = ts.transpileModule(await project.read(file), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    await writeFile(path.join(project.root, `${file}.mjs`), compiled.outputText);
    const module = (await import(path.join(project.root, `${file}.mjs`))) as Record<string, new () => MigrationInterface>;
    const migrations = new DataSource({
      type: 'postgres',
      host: '127.0.0.1',
      port: 5432,
      username: 'postgres',
      database: db.name,
      migrations: Object.values(module),
    });
    await migrations.initialize();
    try {
      expect(await migrations.runMigrations()).to.have.length(1);
    } finally {
      await migrations.destroy();
    }
    const fromMigration = new Map([...(await pgColumns(db.client, 'posts'))].map(([name, c]) => [name, c.is_nullable === 'YES']));
    expect([...fromEntity!].sort()).to.deep.equal([...fromMigration].sort());
  });

  it('SQLite (sql.js): synchronize builds the catalog and a row round-trips', async () => {
    const { project, entities } = await generatedEntities(POST, 'sqlite');
    projects.push(project);
    const text = await project.read('src/entity/Post.ts');
    expect(text).to.include("@Column({ name: 'published', type: 'boolean', default: false })");
    expect(text).to.include("@Column({ name: 'created_at', type: 'datetime', default: () => 'CURRENT_TIMESTAMP' })");
    const source = new DataSource({ type: 'sqljs', entities, synchronize: true });
    await source.initialize();
    try {
      expectSqlite((source.driver as unknown as { databaseConnection: Database }).databaseConnection, EXPECT);
      expectDefaults(await roundTrip(source, entities));
    } finally {
      await source.destroy();
    }
  });

  it('refuses an entity the project has, and says which relations it could not write', async () => {
    const project = await copyFixture('typeorm-pg');
    projects.push(project);
    const refused = await project.refusal(dbSchema, { name: 'User', fields: [{ name: 'email' }] });
    expect(refused).to.deep.equal({ code: 'invalid_input', message: 'name: the entity User exists (src/entity/User.ts)' });
    const { result, changes } = await project.generate(dbSchema, {
      name: 'Comment',
      fields: [{ name: 'text' }],
      relations: [
        { kind: 'many-to-one', model: 'Post', field: 'post' },
        { kind: 'one-to-many', model: 'Reply', field: 'replies' },
      ],
    });
    expect(changes.map((c) => c.path)).to.deep.equal(['src/entity/Comment.ts']);
    expect(result.summary).to.include('post: no Post entity in the project; wrote the post_id column without the @ManyToOne relation');
    expect(result.summary).to.include("replies: TypeORM's @OneToMany needs the @ManyToOne on Reply as its inverse side");
    expect(await project.read('src/entity/Comment.ts')).to.include("@Column({ name: 'post_id', type: 'integer' })\n    postId!: number;");
  });
});
