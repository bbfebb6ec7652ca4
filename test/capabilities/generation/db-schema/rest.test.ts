/**
 * generation.db-schema and generation.migration through the daemon's REST API: capability jobs on
 * the generation fixtures, staged for approval (nothing on disk before it), written after approve.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { prismaSchemaErrors } from '../../../../capabilities/generation/db-schema/prisma-engine.js';
import { startTestDaemon, type TestDaemon } from '../../../daemon/support/daemon-harness.js';
import { post, waitForStatus } from '../../../daemon/support/http-client.js';

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('generation.db-schema and generation.migration over REST', function () {
  this.timeout(120_000);
  const daemons: TestDaemon[] = [];
  let plain: TestDaemon;
  before(async () => {
    plain = await startTestDaemon({ fixture: 'generation/sql-migrations' });
    daemons.push(plain);
  });
  after(() => Promise.all(daemons.map((d) => d.close())));

  it('a generation.migration job stages the up/down pair; approve writes them', async () => {
    const t = plain;
    const input = { name: 'users', change: 'add-column', fields: [{ name: 'age', type: 'int', optional: true }] };
    const id = (await post(t.url, '/jobs', { capability: 'generation.migration', input, workspace: 'project' })).body.id;
    const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded']);
    expect(waiting.status, JSON.stringify(waiting.error)).to.equal('awaiting_approval');
    expect(waiting.result!.changes.map((c) => [c.path, c.action])).to.deep.equal([
      ['migrations/002_add_age_to_users.up.sql', 'create'],
      ['migrations/002_add_age_to_users.down.sql', 'create'],
    ]);
    const up = path.join(t.workspace, 'project', 'migrations', '002_add_age_to_users.up.sql');
    expect(await exists(up)).to.equal(false);
    expect((await post(t.url, `/jobs/${id}/followup`, { action: 'approve' })).status).to.equal(202);
    expect((await waitForStatus(t.url, id, ['succeeded', 'failed'])).status).to.equal('succeeded');
    expect(await readFile(up, 'utf8')).to.include('ALTER TABLE "users" ADD COLUMN "age" integer;');
  });

  it('a generation.db-schema job proposes the model as a diff of schema.prisma; approve writes a schema Prisma validates', async () => {
    const t = await startTestDaemon({ fixture: 'generation/prisma-pg' });
    daemons.push(t);
    const input = { name: 'Post', fields: [{ name: 'title' }], relations: [{ kind: 'many-to-one', model: 'User', field: 'author' }] };
    const id = (await post(t.url, '/jobs', { capability: 'generation.db-schema', input, workspace: 'project' })).body.id;
    const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded']);
    expect(waiting.status, JSON.stringify(waiting.error)).to.equal('awaiting_approval');
    const change = waiting.result!.changes[0]!;
    expect([change.path, change.action]).to.deep.equal(['prisma/schema.prisma', 'modify']);
    expect(change.diff).to.include('+model Post {');
    expect((await post(t.url, `/jobs/${id}/followup`, { action: 'approve' })).status).to.equal(202);
    expect((await waitForStatus(t.url, id, ['succeeded', 'failed'])).status).to.equal('succeeded');
    expect(prismaSchemaErrors(await readFile(path.join(t.workspace, 'project', 'prisma', 'schema.prisma'), 'utf8'))).to.equal(null);
  });

  it('a generation.db-schema job on a sequelize-cli project stages the model and its migration (composed through the executor); approve writes them', async () => {
    const t = await startTestDaemon({ fixture: 'generation/sequelize-pg' });
    daemons.push(t);
    const input = { name: 'Post', fields: [{ name: 'title' }], relations: [{ kind: 'many-to-one', model: 'User', field: 'author' }] };
    const id = (await post(t.url, '/jobs', { capability: 'generation.db-schema', input, workspace: 'project' })).body.id;
    const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded']);
    expect(waiting.status, JSON.stringify(waiting.error)).to.equal('awaiting_approval');
    expect(waiting.result!.changes.map((c) => [c.path, c.action]).sort()).to.deep.equal([
      ['db/migrations/20250101000001-create-posts-table.js', 'create'],
      ['db/models/post.js', 'create'],
    ]);
    const model = path.join(t.workspace, 'project', 'db', 'models', 'post.js');
    expect(await exists(model)).to.equal(false);
    expect((await post(t.url, `/jobs/${id}/followup`, { action: 'approve' })).status).to.equal(202);
    expect((await waitForStatus(t.url, id, ['succeeded', 'failed'])).status).to.equal('succeeded');
    expect(await readFile(model, 'utf8')).to.include("this.belongsTo(models.User, { as: 'author', foreignKey: 'authorId' });");
  });

  it('a bad spec is refused at submission or by the step with invalid_input, nothing staged', async () => {
    const t = plain;
    const submitted = await post(t.url, '/jobs', {
      capability: 'generation.migration',
      input: { name: 'users', change: 'rename-table' },
      workspace: 'project',
    });
    expect(submitted.status).to.equal(422);
    const id = (
      await post(t.url, '/jobs', {
        capability: 'generation.migration',
        input: { name: 'users', change: 'add-column', fields: [{ name: 'class' }] },
        workspace: 'project',
      })
    ).body.id;
    const failed = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded']);
    expect(failed.status).to.equal('failed');
    expect(failed.error).to.deep.include({ code: 'invalid_input' });
  });
});
