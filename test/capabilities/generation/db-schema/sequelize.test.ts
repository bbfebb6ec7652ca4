/**
 * generation.db-schema for Sequelize: on a sequelize-cli project the model module (what
 * models/index.js loads) and its create-table migration. Proven by Sequelize 6 itself on the real
 * PostgreSQL at 127.0.0.1:5432 and on its sqlite dialect over sql.js: the migration's up makes the
 * table, the generated model (with the fixture's User, associated) creates a row whose defaults
 * come back, loads it with its author, and its attributes are exactly the table's columns. A
 * TypeScript project gets the typed class, checked by tsc under a strict tsconfig.
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect } from 'chai';
import { DataTypes, Sequelize, type Model, type ModelStatic } from 'sequelize';
import { defaultRoots, loadRegistry } from '../../../../core/registry/index.js';
import { run as dbSchema, type DbSchemaInput } from '../../../../capabilities/generation/db-schema.js';
import { BASE } from '../db-proof/change-cases.js';
import { createTempDatabase, type TempDatabase } from '../db-proof/pg-catalog.js';
import { copyFixture, prettierIdempotent, typecheck, type Project } from '../db-proof/project.js';
import { loadMigration, sequelizeOnPg, sequelizeOnSqlJs } from '../db-proof/sequelize-run.js';

const POST: DbSchemaInput = {
  name: 'Post',
  fields: [
    { name: 'title', unique: true },
    { name: 'body', type: 'text', optional: true },
    { name: 'views', type: 'int', default: 0 },
    { name: 'published', type: 'boolean', default: false },
    { name: 'created_at', type: 'datetime', default: 'now' },
  ],
  relations: [{ kind: 'many-to-one', model: 'User', field: 'author', onDelete: 'cascade' }],
};

type Factory = (sequelize: Sequelize, dataTypes: typeof DataTypes) => ModelStatic<Model> & { associate?(models: object): void };

async function generate(project: Project, input: DbSchemaInput): Promise<{ summary: string; model: string; migration: string }> {
  const registry = await loadRegistry({ roots: defaultRoots() });
  const { result, changes } = await project.generate(dbSchema, input, registry.invokeScope('generation.db-schema'));
  const paths = changes.map((c) => c.path).sort();
  expect(paths).to.have.length(2);
  return {
    summary: result.summary,
    migration: paths.find((p) => p.startsWith('db/migrations/'))!,
    model: paths.find((p) => p.startsWith('db/models/'))!,
  };
}

/** Migration up on the base, then the project's models loaded as models/index.js does, a row round-tripped. */
async function prove(project: Project, sequelize: Sequelize, files: { model: string; migration: string }): Promise<void> {
  await loadMigration(project.root, files.migration).up(sequelize.getQueryInterface(), Sequelize);
  const require = createRequire(path.join(project.root, 'package.json'));
  const models: Record<string, ReturnType<Factory>> = {};
  for (const file of ['db/models/user.js', files.model]) {
    const model = (require(path.join(project.root, file)) as Factory)(sequelize, DataTypes);
    models[model.name] = model;
  }
  for (const model of Object.values(models)) model.associate?.(models);
  const { User, Post } = models as { User: ModelStatic<Model>; Post: ModelStatic<Model> };
  const columns = Object.keys(await sequelize.getQueryInterface().describeTable('posts')).sort();
  expect(
    Object.values(Post!.getAttributes())
      .map((a) => a.field)
      .sort(),
  ).to.deep.equal(columns);
  const user = await User!.create({ email: 'ada@example.com' });
  const post = await Post!.create({ title: 'Hello', authorId: user.get('id') });
  await post.reload();
  expect(post.get('views')).to.equal(0);
  expect(Boolean(post.get('published'))).to.equal(false);
  expect(post.get('body')).to.equal(null);
  expect(post.get('createdAt')).to.be.instanceOf(Date);
  const loaded = await Post!.findOne({ where: { title: 'Hello' }, include: ['author'] });
  expect((loaded!.get('author') as Model).get('email')).to.equal('ada@example.com');
  const duplicate = await Post!.create({ title: 'Hello', authorId: user.get('id') }).then(
    () => null,
    (error: Error) => error.name,
  );
  expect(duplicate).to.equal('SequelizeUniqueConstraintError');
}

describe('generation.db-schema (Sequelize): a model and its migration Sequelize runs', function () {
  this.timeout(60_000);
  const projects: Project[] = [];
  let pgDb: TempDatabase;
  before(async () => {
    pgDb = await createTempDatabase('sequelize_model');
  });
  after(async () => {
    await pgDb?.drop();
    await Promise.all(projects.map((p) => p.dispose()));
  });

  it("sequelize-cli's model module in .sequelizerc's models folder, with its create-table migration, in the project's style", async () => {
    const project = await copyFixture('sequelize-pg');
    projects.push(project);
    const files = await generate(project, POST);
    expect({ model: files.model, migration: files.migration }).to.deep.equal({
      model: 'db/models/post.js',
      migration: 'db/migrations/20250101000001-create-posts-table.js',
    });
    expect(files.summary).to.match(
      /^Model Post \(posts\) in db\/models\/post\.js \(Sequelize, PostgreSQL\): .*; its table: Migration create_posts_table/,
    );
    const text = await project.read(files.model);
    expect(text).to.include('module.exports = (sequelize, DataTypes) => {\n  class Post extends Model {');
    expect(text).to.include("this.belongsTo(models.User, { as: 'author', foreignKey: 'authorId' });");
    expect(text).to.include("field: 'author_id'");
    expect(await prettierIdempotent(project.root, files.model)).to.equal(true);
    const refused = await project.refusal(dbSchema, { name: 'User', fields: [{ name: 'email' }] });
    expect(refused.code).to.equal('invalid_input');
    expect(refused.message).to.include('the Sequelize model User exists (db/models/user.js)');
  });

  it('PostgreSQL: the migration makes the table the model reads and writes', async () => {
    const project = await copyFixture('sequelize-pg');
    projects.push(project);
    const files = await generate(project, POST);
    await pgDb.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await pgDb.exec(BASE.postgresql);
    const sequelize = sequelizeOnPg(pgDb.name);
    try {
      await prove(project, sequelize, files);
    } finally {
      await sequelize.close();
    }
  });

  it('SQLite: the migration makes the table the model reads and writes', async () => {
    const project = await copyFixture('sequelize-pg');
    projects.push(project);
    const files = await generate(project, { ...POST, dialect: 'sqlite' });
    const { sequelize, db } = await sequelizeOnSqlJs();
    try {
      db.exec(BASE.sqlite);
      await prove(project, sequelize, files);
    } finally {
      await sequelize.close();
    }
  });

  it('a TypeScript project gets the typed model class, which tsc accepts under strict', async () => {
    const project = await copyFixture('sequelize-pg');
    projects.push(project);
    await writeFile(
      path.join(project.root, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', noEmit: true, skipLibCheck: true },
        include: ['db/**/*.ts'],
      }),
    );
    await writeFile(path.join(project.root, 'db/index.ts'), "export const models = 'db/models';\n");
    const files = await generate(project, POST);
    expect(files.model).to.equal('db/models/post.ts');
    const text = await project.read(files.model);
    expect(text).to.include('export class Post extends Model<InferAttributes<Post>, InferCreationAttributes<Post>> {');
    expect(text).to.include('declare views: CreationOptional<number>;');
    expect(text).to.include('export function initPost(sequelize: Sequelize): typeof Post {');
    const checked = await typecheck(project.root);
    expect(checked.output).to.equal('');
    expect(checked.code).to.equal(0);
  });
});
