/**
 * Slow tier: a sequelize-cli project whose migrations are TypeScript gets a typed migration
 * (`up(queryInterface: QueryInterface)`), which tsc accepts under strict with sequelize's types.
 */
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { run as migration } from '../../../../capabilities/generation/migration.js';
import { copyFixture, typecheck, type Project } from '../db-proof/project.js';

describe('generation.migration (Sequelize, TypeScript): tsc', function () {
  this.timeout(120_000);
  const projects: Project[] = [];
  after(() => Promise.all(projects.map((p) => p.dispose())));

  it('a folder of TypeScript migrations gets a typed one (up/down taking a QueryInterface) that tsc accepts under strict', async () => {
    const project = await copyFixture('sequelize-pg');
    projects.push(project);
    await rename(
      path.join(project.root, 'db/migrations/20250101000000-create-users.js'),
      path.join(project.root, 'db/migrations/20250101000000-create-users.ts'),
    );
    await writeFile(path.join(project.root, 'db/migrations/20250101000000-create-users.ts'), 'export {};\n');
    await writeFile(
      path.join(project.root, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', noEmit: true, skipLibCheck: true },
        include: ['db/migrations/*.ts'],
      }),
    );
    const { changes } = await project.generate(migration, { name: 'Post', fields: [{ name: 'title' }] });
    expect(changes.map((c) => c.path)).to.deep.equal(['db/migrations/20250101000001-create-posts-table.ts']);
    const text = await project.read('db/migrations/20250101000001-create-posts-table.ts');
    expect(text).to.include('export async function up(queryInterface: QueryInterface): Promise<void> {');
    const checked = await typecheck(project.root);
    expect(checked.output).to.equal('');
    expect(checked.code).to.equal(0);
  });
});
