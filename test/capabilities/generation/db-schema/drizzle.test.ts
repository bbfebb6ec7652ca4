/**
 * generation.db-schema on Drizzle projects: a sqliteTable appended to the SQLite fixture's schema
 * module (tabs, no semicolons: its Prettier settings) with the imports merged, and pgTable modules
 * written for a PostgreSQL project — each type-checked by tsc against the real drizzle-orm types,
 * ESLint-clean under the fixture's config, and Prettier-idempotent.
 */
import { expect } from 'chai';
import { ESLint } from 'eslint';
import { run as dbSchema } from '../../../../capabilities/generation/db-schema.js';
import { copyFixture, prettierIdempotent, typecheck, type Project } from '../db-proof/project.js';

async function eslintProblems(root: string, file: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintFiles([file]);
  return result!.messages.map((m) => `${m.line}:${m.column} ${m.ruleId ?? ''} ${m.message}`);
}

describe('generation.db-schema: Drizzle', function () {
  this.timeout(90_000);
  const projects: Project[] = [];
  after(() => Promise.all(projects.map((p) => p.dispose())));

  it("appends a sqliteTable to the schema module in the project's style; tsc, ESLint and Prettier clean", async () => {
    const project = await copyFixture('drizzle-sqlite');
    projects.push(project);
    const { result, changes } = await project.generate(dbSchema, {
      name: 'Post',
      fields: [
        { name: 'title', unique: true },
        { name: 'views', type: 'int', default: 0 },
        { name: 'published', type: 'boolean', default: false },
        { name: 'createdAt', type: 'datetime', default: 'now' },
        { name: 'meta', type: 'json', optional: true },
      ],
      relations: [
        { kind: 'many-to-one', model: 'User', field: 'author', onDelete: 'cascade' },
        { kind: 'many-to-many', model: 'User', field: 'likedBy' },
      ],
    });
    expect(changes.map((c) => [c.path, c.action])).to.deep.equal([['src/db/schema.ts', 'modify']]);
    expect(result.data).to.deep.include({ target: 'drizzle', dialect: 'sqlite' });
    const schema = await project.read('src/db/schema.ts');
    expect(schema).to.match(/^import \{ sql \} from 'drizzle-orm'$/m);
    expect(schema).to.match(
      /^import \{\n\tindex,\n\tinteger,\n\tprimaryKey,\n\tsqliteTable,\n\ttext,\n\tuniqueIndex,\n\} from 'drizzle-orm\/sqlite-core'$/m,
    );
    expect(schema).to.match(/^export const posts = sqliteTable\(\n\t'posts',/m);
    expect(schema).to.match(
      /\t\tauthorId: integer\('author_id'\)\n\t\t\t\.notNull\(\)\n\t\t\t\.references\(\(\) => users\.id, \{ onDelete: 'cascade' \}\),/,
    );
    expect(schema).to.match(/export const postsUsers = sqliteTable\(/);
    expect(schema).to.not.match(/;\s*$/m);
    const checked = await typecheck(project.root);
    expect(checked.output).to.equal('');
    expect(await eslintProblems(project.root, 'src/db/schema.ts')).to.deep.equal([]);
    expect(await prettierIdempotent(project.root, 'src/db/schema.ts')).to.equal(true);
  });

  it('writes a new pg-core module for a PostgreSQL project, then appends a related table; tsc clean', async () => {
    const project = await copyFixture('sql-migrations');
    projects.push(project);
    const first = await project.generate(dbSchema, {
      name: 'Author',
      target: 'drizzle',
      fields: [{ name: 'name' }, { name: 'email', unique: true }, { name: 'born', type: 'date', optional: true }],
    });
    expect(first.changes.map((c) => [c.path, c.action])).to.deep.equal([['src/db/schema.ts', 'create']]);
    expect(first.result.data).to.deep.include({ target: 'drizzle', dialect: 'postgresql' });
    const second = await project.generate(dbSchema, {
      name: 'Book',
      fields: [
        { name: 'title' },
        { name: 'price', type: 'decimal', default: 9.5 },
        { name: 'pages', type: 'bigint', optional: true },
        { name: 'isbn', type: 'uuid', unique: true },
        { name: 'releasedAt', type: 'timestamp', default: 'now' },
      ],
      relations: [{ kind: 'many-to-one', model: 'Author', optional: true, onDelete: 'set-null' }],
      target: 'drizzle',
    });
    expect(second.changes.map((c) => [c.path, c.action])).to.deep.equal([['src/db/schema.ts', 'modify']]);
    const schema = await project.read('src/db/schema.ts');
    expect(schema).to.match(/from 'drizzle-orm\/pg-core';/);
    expect(schema).to.match(/authorId: integer\('author_id'\)\.references\(\(\) => authors\.id, \{ onDelete: 'set null' \}\)/);
    const checked = await typecheck(project.root);
    expect(checked.output).to.equal('');
    expect(await eslintProblems(project.root, 'src/db/schema.ts')).to.deep.equal([]);
    expect(await prettierIdempotent(project.root, 'src/db/schema.ts')).to.equal(true);
    const refused = await project.refusal(dbSchema, {
      name: 'Review',
      target: 'drizzle',
      relations: [{ kind: 'many-to-one', model: 'Reader' }],
    });
    expect(refused.message).to.match(/the Drizzle schema has no readers table/);
  });
});
