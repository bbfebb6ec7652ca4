/**
 * generation.db-schema through the agent: a free-text task posted to the daemon, planned by the
 * universal agent's planner into a db-schema step whose spec comes from the text, staged as a diff of
 * the Prisma fixture's schema.prisma. (The planner's mapping of richer phrasings — "(unique)", "a posts
 * relation" — is listed in capabilities/generation/migration/planning-notes.md for the planner.)
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { applyPatch } from 'diff';
import { prismaModels, prismaSchemaErrors } from '../../../../capabilities/generation/db-schema/prisma-engine.js';
import { startTestDaemon, type TestDaemon } from '../../../daemon/support/daemon-harness.js';
import { post, waitForStatus } from '../../../daemon/support/http-client.js';

describe('generation.db-schema through the agent', function () {
  this.timeout(120_000);
  let t: TestDaemon;
  before(async () => {
    t = await startTestDaemon({ fixture: 'generation/prisma-pg' });
  });
  after(() => t.close());

  it('"create a Post model with title: string and published: boolean" plans db-schema with those fields and stages a valid Prisma model', async () => {
    const id = (await post(t.url, '/jobs', { task: 'create a Post model with title: string and published: boolean', workspace: 'project' }))
      .body.id;
    const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded', 'incomplete']);
    expect(waiting.plan!.steps[0]!.capability).to.equal('generation.db-schema');
    expect(waiting.plan!.steps[0]!.input).to.deep.include({ name: 'post' });
    expect(waiting.status, JSON.stringify(waiting.error)).to.equal('awaiting_approval');
    const change = waiting.result!.changes.find((c) => c.path === 'prisma/schema.prisma')!;
    expect(change.action).to.equal('modify');
    // The staged file: the project's schema with the job's diff applied.
    const schema = applyPatch(await readFile(path.join(t.workspace, 'project', 'prisma', 'schema.prisma'), 'utf8'), change.diff!);
    expect(schema, 'the diff applies').to.be.a('string');
    expect(prismaSchemaErrors(schema as string)).to.equal(null);
    const post_ = prismaModels(schema as string).find((m) => m.name === 'Post')!;
    expect(post_.fields.map((f) => [f.name, f.type, f.isRequired])).to.deep.equal([
      ['id', 'Int', true],
      ['title', 'String', true],
      ['published', 'Boolean', true],
    ]);
  });
});
