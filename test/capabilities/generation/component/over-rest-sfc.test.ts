/**
 * generation.component on a Vue project through the daemon: a capability job over REST stages the SFC
 * and its test for approval (nothing on disk before approve), and a free-text task naming Vue plans
 * generation.component with framework vue and stages the same kind of files.
 */
import { expect } from 'chai';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { startTestDaemon, type TestDaemon } from '../../../daemon/support/daemon-harness.js';
import { post, waitForStatus } from '../../../daemon/support/http-client.js';

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('generation.component on a Vue project over REST and through the agent', function () {
  this.timeout(120_000);
  let t: TestDaemon;
  before(async () => {
    t = await startTestDaemon({ fixture: 'generation/vue-vite-vitest-ts' });
  });
  after(async () => {
    await t.close();
  });

  it('a generation.component job stages the Vue SFC and its test for approval; approve writes them', async () => {
    const input = { name: 'StatusCard', props: [{ name: 'status', type: 'string' }], handlers: [{ name: 'onRetry' }] };
    const id = (await post(t.url, '/jobs', { capability: 'generation.component', input, workspace: 'project' })).body.id;
    const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded'], 60_000);
    expect(waiting.status, JSON.stringify(waiting.error)).to.equal('awaiting_approval');
    expect(waiting.result!.changes.map((c) => `${c.action} ${c.path}`).sort()).to.deep.equal([
      'create src/components/StatusCard.test.ts',
      'create src/components/StatusCard.vue',
    ]);
    expect(waiting.result!.summary).to.match(/^Generated the StatusCard Vue single-file component \(<script setup lang="ts">\)/);
    expect(await exists(path.join(t.workspace, 'project', 'src/components/StatusCard.vue'))).to.equal(false);
    expect((await post(t.url, `/jobs/${id}/followup`, { action: 'approve' })).status).to.equal(202);
    const done = await waitForStatus(t.url, id, ['succeeded', 'failed'], 60_000);
    expect(done.status).to.equal('succeeded');
    const written = await readFile(path.join(t.workspace, 'project', 'src/components/StatusCard.vue'), 'utf8');
    expect(written).to.include('const emit = defineEmits<{\n  retry: []\n}>()');
    expect(written).to.include('<h2 class="status-card__title">{{ status }}</h2>');
  });

  it('"generate a Vue component named TaskBadge" plans generation.component with framework vue and stages a .vue file', async () => {
    const id = (await post(t.url, '/jobs', { task: 'generate a Vue component named TaskBadge', workspace: 'project' })).body.id;
    const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded', 'incomplete'], 60_000);
    expect(waiting.status, JSON.stringify(waiting.error ?? waiting.result?.summary)).to.equal('awaiting_approval');
    expect(waiting.plan!.steps[0]!.capability).to.equal('generation.component');
    expect(waiting.plan!.steps[0]!.input).to.deep.include({ name: 'TaskBadge', framework: 'vue' });
    expect(waiting.result!.changes.map((c) => c.path).sort()).to.deep.equal([
      'src/components/TaskBadge.test.ts',
      'src/components/TaskBadge.vue',
    ]);
  });
});
