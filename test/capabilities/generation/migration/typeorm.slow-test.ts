/**
 * generation.migration for TypeORM (slow tier: TypeORM's declarations take tsc over 10 s here): the
 * generated migration class type-checks under the fixture's tsconfig with the real typeorm types and
 * is ESLint-clean under the fixture's config. typeorm.test.ts runs it on real databases.
 */
import { expect } from 'chai';
import { ESLint } from 'eslint';
import { run as migration } from '../../../../capabilities/generation/migration.js';
import { copyFixture, typecheck } from '../db-proof/project.js';

describe('generation.migration (TypeORM) type-checks and lints in the project', function () {
  this.timeout(120_000);

  it('a create-table and an add-column migration: tsc -p tsconfig.json and ESLint clean', async () => {
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
      const files = [...created.changes, ...added.changes].map((c) => c.path);
      expect(files).to.deep.equal(['src/migrations/1735689600001-CreatePostsTable.ts', 'src/migrations/1735689600002-AddAgeToUsers.ts']);
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
