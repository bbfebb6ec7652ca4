/**
 * generation.types, validator and client through the daemon on fixtures/generation/zod-esm-semis:
 * capability jobs and free-text tasks over REST are staged for approval (nothing on disk before it).
 */
import { expect } from 'chai';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { startTestDaemon, type TestDaemon } from '../../../daemon/support/daemon-harness.js';
import { post, waitForStatus } from '../../../daemon/support/http-client.js';

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('generation.types / validator / client over REST and through the agent', function () {
  this.timeout(120_000);
  let t: TestDaemon;
  before(async () => {
    t = await startTestDaemon({ fixture: 'generation/zod-esm-semis' });
  });
  after(async () => {
    await t.close();
  });

  it('a generation.types job stages src/types/invoice.ts for approval; approve writes it', async () => {
    const input = {
      name: 'Invoice',
      samples: [
        { id: 'i1', total: 10.5, paidAt: '2024-01-31T12:00:00Z' },
        { id: 'i2', total: 3, paidAt: null },
      ],
    };
    const id = (await post(t.url, '/jobs', { capability: 'generation.types', input, workspace: 'project' })).body.id;
    const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded']);
    expect(waiting.status, JSON.stringify(waiting.error)).to.equal('awaiting_approval');
    expect(waiting.result!.changes.map((c) => [c.path, c.action])).to.deep.equal([['src/types/invoice.ts', 'create']]);
    expect(waiting.result!.changes[0]!.diff).to.include('+  paidAt: string | null;');
    expect(await exists(path.join(t.workspace, 'project', 'src/types/invoice.ts'))).to.equal(false);
    expect((await post(t.url, `/jobs/${id}/followup`, { action: 'approve' })).status).to.equal(202);
    expect((await waitForStatus(t.url, id, ['succeeded', 'failed'])).status).to.equal('succeeded');
    expect(await exists(path.join(t.workspace, 'project', 'src/types/invoice.ts'))).to.equal(true);
  });

  it('a generation.validator job for Order stages a zod validator (the project depends on zod)', async () => {
    const id = (
      await post(t.url, '/jobs', { capability: 'generation.validator', input: { name: 'Order', tests: true }, workspace: 'project' })
    ).body.id;
    const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded']);
    expect(waiting.status, JSON.stringify(waiting.error)).to.equal('awaiting_approval');
    expect(waiting.result!.changes.map((c) => c.path)).to.deep.equal(['src/order.validator.ts', 'test/order.validator.test.ts']);
    expect(waiting.result!.changes[0]!.diff).to.include('+export const orderSchema: z.ZodType<Order> = z.strictObject({');
  });

  it('a bad name is refused at run time with invalid_input', async () => {
    const id = (
      await post(t.url, '/jobs', { capability: 'generation.types', input: { name: 'class', samples: [{}] }, workspace: 'project' })
    ).body.id;
    const done = await waitForStatus(t.url, id, ['failed', 'awaiting_approval', 'succeeded']);
    expect(done.status).to.equal('failed');
    expect(done.error!.code).to.equal('invalid_input');
  });

  it('"generate a TypeScript interface called Receipt with id:string, total:number, paid:boolean" plans generation.types with the fields and stages them', async () => {
    const id = (
      await post(t.url, '/jobs', {
        task: 'generate a TypeScript interface called Receipt with id:string, total:number, paid:boolean',
        workspace: 'project',
      })
    ).body.id;
    const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded', 'incomplete']);
    // the planner follows a generation with refactoring.verify (type-check and tests, with project code)
    expect(waiting.plan!.steps.map((s) => s.capability)[0]).to.equal('generation.types');
    expect(waiting.status, JSON.stringify(waiting.error)).to.be.oneOf(['awaiting_approval', 'incomplete']);
    expect(waiting.plan!.steps[0]!.input).to.deep.include({ name: 'Receipt' });
    const diff = waiting.result!.changes.find((c) => c.path === 'src/types/receipt.ts')!.diff!;
    for (const line of ['+  id: string;', '+  total: number;', '+  paid: boolean;']) expect(diff).to.include(line);
  });
});
