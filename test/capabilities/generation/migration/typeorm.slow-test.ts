/**
 * generation.migration and generation.db-schema for TypeORM (slow tier: TypeORM's declarations take
 * tsc over 10 s here): the generated migration classes and entity type-check under the fixture's
 * tsconfig (decorators) with the real typeorm types and are ESLint-clean under the fixture's config.
 * typeorm.test.ts (here and in ../db-schema/) runs them on real databases.
 */
import { expect } from 'chai';
import { ESLint } from 'eslint';
import { run as dbSchema } from '../../../../capabilities/generation/db-schema.js';
import { run as migration } from '../../../../capabilities/generation/migration.js';
import { copyFixture, typecheck } from '../db-proof/project.js';

describe('generation.migration and db-schema (TypeORM) type-check and lint in the project', function () {
  this.timeout(120_000);

  it('a create-table and an add-column migration and a Post entity related to User: tsc -p tsconfig.json and ESLint clean', async () => {
    const project = await copyFixture('typeorm-pg');
    try {
      const created = await project.generate(migration, {
        name: 'Post',
        fields: [{ name: 'title' }, { name: 'publishedAt', type: 'datetime', optional: true }],
        relations: [{ kind: 'many-to-one', model: 'User', field: 'author' }],
      });
      const added = await project.generate(migration, {
        name: 'User',
        change: 'add-column',
        fields: [{ name: 'age', type: 'int', optional: true }],
      });
      const entity = await project.generate(dbSchema, {
        name: 'Post',
        fields: [
          { name: 'title', unique: true },
          { name: 'rating', type: 'decimal', optional: true },
          { name: 'createdAt', type: 'datetime', default: 'now' },
        ],
        relations: [
          { kind: 'many-to-one', model: 'User', field: 'author', optional: true },
          { kind: 'many-to-many', model: 'User', field: 'readers' },
        ],
      });
      const files = [...created.changes, ...added.changes, ...entity.changes].map((c) => c.path);
      expect(files).to.deep.equal([
        'src/migrations/1735689600001-CreatePostsTable.ts',
        'src/migrations/1735689600002-AddAgeToUsers.ts',
        'src/entity/Post.ts',
      ]);
      const checked = await typecheck(project.root);
      expect(checked.output).to.equal('');
      expect(checked.code).to.equal(0);
      const results = await new ESLint({ cwd: project.root }).lintFiles(files);
      expect(results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line} ${m.ruleId ?? ''} ${m.message}`))).to.deep.equal([]);
    } finally {
      await project.dispose();
    }
  });
});
