/**
 * generation.component and generation.hook through the daemon: a capability job over REST and
 * free-text tasks through the agent (planner -> plan -> staged files awaiting approval, nothing on
 * disk before approve), on the React + Tailwind + vitest fixture.
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

describe('generation.component and generation.hook over REST and through the agent', function () {
  this.timeout(120_000);
  let t: TestDaemon;
  before(async () => {
    t = await startTestDaemon({ fixture: 'generation/react-vite-tailwind-vitest' });
  });
  after(async () => {
    await t.close();
  });

  it('a generation.component job stages the component and its test for approval; approve writes them', async () => {
    const input = { name: 'StatusCard', props: [{ name: 'status', type: 'string' }], handlers: [{ name: 'onRetry' }] };
    const id = (await post(t.url, '/jobs', { capability: 'generation.component', input, workspace: 'project' })).body.id;
    const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded'], 60_000);
    expect(waiting.status, JSON.stringify(waiting.error)).to.equal('awaiting_approval');
    expect(waiting.result!.changes.map((c) => `${c.action} ${c.path}`).sort()).to.deep.equal([
      'create src/components/StatusCard.test.tsx',
      'create src/components/StatusCard.tsx',
    ]);
    expect(await exists(path.join(t.workspace, 'project', 'src/components/StatusCard.tsx'))).to.equal(false);
    expect((await post(t.url, `/jobs/${id}/followup`, { action: 'approve' })).status).to.equal(202);
    const done = await waitForStatus(t.url, id, ['succeeded', 'failed'], 60_000);
    expect(done.status).to.equal('succeeded');
    const written = await readFile(path.join(t.workspace, 'project', 'src/components/StatusCard.tsx'), 'utf8');
    expect(written).to.include('export function StatusCard({ status, onRetry }: StatusCardProps) {');
  });

  it('an invalid name is refused at the step with invalid_input and nothing is staged', async () => {
    const id = (
      await post(t.url, '/jobs', { capability: 'generation.hook', input: { name: 'toggle', kind: 'toggle' }, workspace: 'project' })
    ).body.id;
    const done = await waitForStatus(t.url, id, ['failed', 'succeeded', 'awaiting_approval'], 60_000);
    expect(done.status).to.equal('failed');
    expect(done.error!.code).to.equal('invalid_input');
    expect(done.error!.message).to.match(/use" followed by a capital letter.*"useToggle"/);
  });

  it('"create a useDisclosure hook" plans generation.hook (kind read from the name) and stages the hook and its renderHook test', async () => {
    const id = (await post(t.url, '/jobs', { task: 'create a useDisclosure hook', workspace: 'project' })).body.id;
    const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded', 'incomplete'], 60_000);
    expect(waiting.status, JSON.stringify(waiting.error ?? waiting.result?.summary)).to.equal('awaiting_approval');
    // the agent's plan: the generator, then the type check and tests of refactoring.verify
    expect(waiting.plan!.steps.map((s) => s.capability)[0]).to.equal('generation.hook');
    expect(waiting.plan!.steps[0]!.input).to.deep.include({ name: 'useDisclosure' });
    expect(waiting.result!.changes.map((c) => c.path).sort()).to.deep.equal([
      'src/hooks/useDisclosure.test.ts',
      'src/hooks/useDisclosure.ts',
    ]);
    const hook = waiting.result!.changes.find((c) => c.path === 'src/hooks/useDisclosure.ts')!.diff!;
    expect(hook).to.include('+export function useDisclosure(initial = false): UseDisclosureResult {');
  });

  it('"generate a React component called PriceTag with amount: number and label: string" plans generation.component with the fields as props', async () => {
    const id = (
      await post(t.url, '/jobs', {
        task: 'generate a React component called PriceTag with amount: number and label: string',
        workspace: 'project',
      })
    ).body.id;
    const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded', 'incomplete'], 60_000);
    expect(waiting.status, JSON.stringify(waiting.error ?? waiting.result?.summary)).to.equal('awaiting_approval');
    expect(waiting.plan!.steps.map((s) => s.capability)[0]).to.equal('generation.component');
    const source = waiting.result!.changes.find((c) => c.path === 'src/components/PriceTag.tsx')!.diff!;
    expect(source).to.include('+  amount: number;');
    expect(source).to.include('+  label: string;');
    expect(source).to.include('+      <h2 className="text-lg font-semibold">{amount}</h2>');
  });
});
