import { expect } from 'chai';
import { createEngine, type PipelineEngine } from '../../../core/engine/index.js';
import type { CapabilityRegistry } from '../../../core/registry/index.js';
import { loadTestRegistry, makeWorkspace, request } from './engine-harness.js';

/**
 * ctx.invoke through the real engine and executor: the invoked capability runs in the same worker under
 * the job's budget and cancellation, only ids the caller's meta.execution.composes lists, never a cycle.
 */
describe('pipeline engine: composition through ctx.invoke', function () {
  let engine: PipelineEngine;
  let registry: CapabilityRegistry;
  let workspace: Awaited<ReturnType<typeof makeWorkspace>>;

  before(async function () {
    workspace = await makeWorkspace({ 'a.txt': 'a\n' });
    registry = await loadTestRegistry();
    engine = createEngine({ registry });
    await engine.start();
  });
  after(async function () {
    await engine.close();
    await workspace.cleanup();
  });

  it('the registry scopes an invoke to what meta.execution.composes lists, transitively, as plain data', function () {
    const scope = registry.invokeScope('analysis.test-composer')!;
    expect(scope.composes).to.include('analysis.test-reader');
    expect(scope.invocable.map((c) => c.id)).to.have.members([
      'analysis.test-reader',
      'analysis.test-tool-loop',
      'analysis.test-slow',
      'refactoring.test-writer',
    ]);
    expect(structuredClone(scope)).to.deep.equal(scope);
    expect(registry.invokeScope('analysis.test-reader')).to.equal(undefined);
  });

  it('runs the invoked capability and returns its result', async function () {
    const outcome = await engine.run(
      request(workspace.root, [
        { capability: 'analysis.test-composer', input: { invoke: 'analysis.test-reader', input: { path: 'a.txt' } } },
      ]),
    );
    expect(outcome.status, JSON.stringify(outcome.error)).to.equal('succeeded');
    expect(outcome.steps[0]!.result!.summary).to.equal('invoked analysis.test-reader: read "a.txt"');
    expect((outcome.steps[0]!.result!.data as { invoked: { content: string } }).invoked.content).to.equal('a\n');
  });

  it("a dry run: the invoked capability's writes come back as changes and nothing is staged; without it they are staged", async function () {
    const dry = await engine.run(
      request(workspace.root, [
        {
          capability: 'analysis.test-composer',
          input: { invoke: 'refactoring.test-writer', input: { path: 'a.txt', content: 'b\n' }, dryRun: true },
        },
      ]),
    );
    expect(dry.status, JSON.stringify(dry.error)).to.equal('succeeded');
    expect((dry.steps[0]!.result!.data as { changes: unknown[] }).changes).to.deep.equal([
      { path: 'a.txt', action: 'modify', after: 'b\n' },
    ]);
    expect(dry.result!.changes).to.deep.equal([]);
    const staged = await engine.run(
      request(workspace.root, [
        { capability: 'analysis.test-composer', input: { invoke: 'refactoring.test-writer', input: { path: 'a.txt', content: 'b\n' } } },
      ]),
    );
    expect(staged.result!.changes.map((c) => c.path)).to.deep.equal(['a.txt']);
  });

  it("counts the invoked capability's tool calls against the job's budget", async function () {
    const outcome = await engine.run(
      request(
        workspace.root,
        [{ capability: 'analysis.test-composer', input: { invoke: 'analysis.test-tool-loop', input: { path: 'a.txt' } } }],
        { limits: { maxToolCalls: 20 } },
      ),
    );
    expect(outcome.status).to.equal('failed');
    expect(outcome.error!.code).to.equal('tool_call_limit');
  });

  it('cancels the invoked capability with the job', async function () {
    const controller = new AbortController();
    let running!: () => void;
    const started = new Promise<void>((resolve) => (running = resolve));
    const pending = engine.run(
      request(workspace.root, [{ capability: 'analysis.test-composer', input: { invoke: 'analysis.test-slow', input: { ms: 600_000 } } }]),
      {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === 'step' && event.status === 'running') running();
        },
      },
    );
    await started;
    controller.abort();
    const outcome = await pending;
    expect(outcome.status).to.equal('cancelled');
  });

  it('refuses a cycle before anything runs', async function () {
    const outcome = await engine.run(
      request(workspace.root, [
        { capability: 'analysis.test-composer', input: { invoke: 'analysis.test-composer', input: { invoke: 'analysis.test-reader' } } },
      ]),
    );
    expect(outcome.status).to.equal('failed');
    expect(outcome.error!.code).to.equal('capability_error');
    expect(outcome.error!.message).to.contain('analysis.test-composer -> analysis.test-composer').and.to.contain('cannot invoke itself');
  });

  it('refuses an id meta.execution.composes does not list, and validates the input against the invoked inputSchema', async function () {
    const undeclared = await engine.run(
      request(workspace.root, [{ capability: 'analysis.test-composer', input: { invoke: 'analysis.test-empty' } }]),
    );
    expect(undeclared.status).to.equal('failed');
    expect(undeclared.error!.message).to.contain('"analysis.test-empty"').and.to.contain('meta.execution.composes does not list');
    const invalid = await engine.run(
      request(workspace.root, [{ capability: 'analysis.test-composer', input: { invoke: 'analysis.test-reader', input: {} } }]),
    );
    expect(invalid.status).to.equal('failed');
    expect(invalid.error!.code).to.equal('invalid_input');
    expect(invalid.error!.message).to.contain('/path');
  });
});
