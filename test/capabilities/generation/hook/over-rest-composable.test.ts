/**
 * generation.hook on the Vue and Svelte fixtures through the daemon: a capability job over REST stages
 * the composable and its test for approval (nothing on disk before approve), and free-text tasks
 * ("create a debounced hook called useSearch") plan generation.hook and stage a Vue composable or a
 * Svelte runes module.
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

describe('generation.hook on Vue and Svelte projects over REST and through the agent', function () {
  this.timeout(120_000);

  describe('Vue', () => {
    let t: TestDaemon;
    before(async () => {
      t = await startTestDaemon({ fixture: 'generation/vue-vite-vitest-ts' });
    });
    after(async () => {
      await t.close();
    });

    it('a generation.hook job stages the composable and its test for approval; approve writes them', async () => {
      const input = { name: 'useLikes', kind: 'counter', initial: 3 };
      const id = (await post(t.url, '/jobs', { capability: 'generation.hook', input, workspace: 'project' })).body.id;
      const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded'], 60_000);
      expect(waiting.status, JSON.stringify(waiting.error)).to.equal('awaiting_approval');
      expect(waiting.result!.changes.map((c) => `${c.action} ${c.path}`).sort()).to.deep.equal([
        'create src/composables/useLikes.test.ts',
        'create src/composables/useLikes.ts',
      ]);
      expect(waiting.result!.summary).to.match(/^Generated the counter Vue composable useLikes in src\/composables\/useLikes\.ts/);
      expect(await exists(path.join(t.workspace, 'project', 'src/composables/useLikes.ts'))).to.equal(false);
      expect((await post(t.url, `/jobs/${id}/followup`, { action: 'approve' })).status).to.equal(202);
      const done = await waitForStatus(t.url, id, ['succeeded', 'failed'], 60_000);
      expect(done.status).to.equal('succeeded');
      const written = await readFile(path.join(t.workspace, 'project', 'src/composables/useLikes.ts'), 'utf8');
      expect(written).to.include('export function useLikes(initial = 3, step: MaybeRefOrGetter<number> = 1): UseLikesResult {');
    });

    it('"create a debounced hook called useSearch" plans generation.hook (kind debounce) and stages a Vue composable', async () => {
      const id = (await post(t.url, '/jobs', { task: 'create a debounced hook called useSearch', workspace: 'project' })).body.id;
      const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded', 'incomplete'], 60_000);
      expect(waiting.status, JSON.stringify(waiting.error ?? waiting.result?.summary)).to.equal('awaiting_approval');
      expect(waiting.plan!.steps[0]!.capability).to.equal('generation.hook');
      expect(waiting.plan!.steps[0]!.input).to.deep.include({ name: 'useSearch', kind: 'debounce' });
      expect(waiting.result!.changes.map((c) => c.path).sort()).to.deep.equal([
        'src/composables/useSearch.test.ts',
        'src/composables/useSearch.ts',
      ]);
      const source = waiting.result!.changes.find((c) => c.path === 'src/composables/useSearch.ts')!.diff!;
      expect(source).to.include('+  onScopeDispose(() => clearTimeout(timer))');
    });
  });

  describe('Svelte', () => {
    let t: TestDaemon;
    before(async () => {
      t = await startTestDaemon({ fixture: 'generation/svelte-vite-vitest' });
    });
    after(async () => {
      await t.close();
    });

    it('"write a composable useSidebarOpen" plans generation.hook (kind toggle from the name) and stages a Svelte 5 runes module', async () => {
      const id = (await post(t.url, '/jobs', { task: 'write a composable useSidebarOpen', workspace: 'project' })).body.id;
      const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded', 'incomplete'], 60_000);
      expect(waiting.status, JSON.stringify(waiting.error ?? waiting.result?.summary)).to.equal('awaiting_approval');
      expect(waiting.plan!.steps[0]!.capability).to.equal('generation.hook');
      expect(waiting.result!.changes.map((c) => c.path).sort()).to.deep.equal([
        'src/lib/useSidebarOpen.svelte.js',
        'src/lib/useSidebarOpen.svelte.test.js',
      ]);
      const source = waiting.result!.changes.find((c) => c.path === 'src/lib/useSidebarOpen.svelte.js')!.diff!;
      expect(source).to.include('+\tlet value = $state(initial)');
    });
  });
});
