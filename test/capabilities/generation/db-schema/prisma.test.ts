/**
 * generation.db-schema on a Prisma + PostgreSQL project: the model appended to prisma/schema.prisma
 * (a staged diff of the existing file), formatted and validated by Prisma's own schema engine (Wasm,
 * offline), its parsed data model matching the spec; collisions and impossible relations refused.
 */
import { expect } from 'chai';
import { run as dbSchema } from '../../../../capabilities/generation/db-schema.js';
import { formatPrismaSchema, prismaModels, prismaSchemaErrors } from '../../../../capabilities/generation/db-schema/prisma-engine.js';
import { copyFixture, type Project } from '../db-proof/project.js';

describe('generation.db-schema: Prisma', function () {
  this.timeout(30_000);
  let project: Project;
  beforeEach(async () => {
    project = await copyFixture('prisma-pg');
  });
  afterEach(() => project.dispose());

  it("appends the model to schema.prisma: valid under Prisma's engine, formatted as prisma format, mapped to snake_case", async () => {
    const { result, changes } = await project.generate(dbSchema, {
      name: 'Post',
      fields: [
        { name: 'title', type: 'string', unique: true },
        { name: 'body', type: 'text', optional: true },
        { name: 'published', type: 'boolean', default: false },
        { name: 'createdAt', type: 'datetime', default: 'now' },
      ],
      relations: [{ kind: 'many-to-one', model: 'User', field: 'author', onDelete: 'cascade' }],
    });
    expect(changes.map((c) => [c.path, c.action])).to.deep.equal([['prisma/schema.prisma', 'modify']]);
    const schema = await project.read('prisma/schema.prisma');
    expect(prismaSchemaErrors(schema)).to.equal(null);
    expect(formatPrismaSchema(schema)).to.equal(schema);
    expect(schema.startsWith("// The shop's data model")).to.equal(true);
    const post = prismaModels(schema).find((m) => m.name === 'Post')!;
    expect(post.dbName).to.equal('posts');
    expect(post.fields.map((f) => [f.name, f.type, f.isRequired, f.isUnique, f.dbName ?? null])).to.deep.equal([
      ['id', 'Int', true, false, null],
      ['title', 'String', true, true, null],
      ['body', 'String', false, false, null],
      ['published', 'Boolean', true, false, null],
      ['createdAt', 'DateTime', true, false, 'created_at'],
      ['authorId', 'Int', true, false, 'author_id'],
      ['author', 'User', true, false, null],
    ]);
    // The relation needs its other side: Prisma's formatter adds it to User, and the summary says so.
    const user = prismaModels(schema).find((m) => m.name === 'User')!;
    expect(user.fields.map((f) => f.name)).to.include('posts');
    expect(result.summary).to.match(/validated by Prisma's schema engine/);
    expect(result.summary).to.match(/added the back-relation field posts to User/);
    expect(result.data).to.deep.include({ target: 'prisma', dialect: 'postgresql' });
  });

  it('one-to-many and many-to-many relations to a model the schema has', async () => {
    await project.generate(dbSchema, {
      name: 'Post',
      fields: [{ name: 'title' }],
      relations: [{ kind: 'many-to-one', model: 'User', field: 'author' }],
    });
    const { changes } = await project.generate(dbSchema, {
      name: 'Tag',
      fields: [{ name: 'label', unique: true }],
      relations: [{ kind: 'many-to-many', model: 'posts' }],
    });
    expect(changes).to.have.length(1);
    const schema = await project.read('prisma/schema.prisma');
    expect(prismaSchemaErrors(schema)).to.equal(null);
    const tag = prismaModels(schema).find((m) => m.name === 'Tag')!;
    expect(tag.fields.find((f) => f.name === 'posts')).to.include({ type: 'Post', isList: true });
  });

  it('refuses a model that exists, a relation to a model that does not, bad names and types (invalid_input), and writes nothing', async () => {
    const before = await project.read('prisma/schema.prisma');
    const exists = await project.refusal(dbSchema, { name: 'user', fields: [{ name: 'x' }] });
    expect(exists).to.deep.equal({ code: 'invalid_input', message: 'name: model User already exists in prisma/schema.prisma' });
    const relation = await project.refusal(dbSchema, { name: 'Author', relations: [{ kind: 'one-to-many', model: 'Book' }] });
    expect(relation.message).to.match(/^relations\[0\]\.model: Book is not a model in prisma\/schema\.prisma; generate Book first/);
    const type = await project.refusal(dbSchema, { name: 'Book', fields: [{ name: 'pages', type: 'integer-ish' }] });
    expect(type.message).to.match(/^fields\[0\]\.type: unknown field type "integer-ish"/);
    const name = await project.refusal(dbSchema, { name: '2fa', fields: [] });
    expect(name.code).to.equal('invalid_input');
    const target = await project.refusal(dbSchema, { name: 'Book', target: 'mikro-orm' as never });
    expect(target.message).to.match(/^target: "mikro-orm" is not built yet/);
    expect(await project.read('prisma/schema.prisma')).to.equal(before);
  });

  it('creates prisma/schema.prisma when the project has none (target prisma), valid for SQLite too', async () => {
    const other = await copyFixture('sql-migrations');
    try {
      const { changes } = await other.generate(dbSchema, {
        name: 'Note',
        target: 'prisma',
        dialect: 'sqlite',
        fields: [{ name: 'text' }, { name: 'pinned', type: 'bool', default: false }],
      });
      expect(changes.map((c) => [c.path, c.action])).to.deep.equal([['prisma/schema.prisma', 'create']]);
      const schema = await other.read('prisma/schema.prisma');
      expect(prismaSchemaErrors(schema)).to.equal(null);
      expect(schema).to.match(/provider = "sqlite"/);
    } finally {
      await other.dispose();
    }
  });
});
