import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EventLog, makeWorkspace, request, useEngineAndWorkspace } from './engine-harness.js';

describe('pipeline engine: steps, events, overlay and results', function () {
  const t = useEngineAndWorkspace({ 'src/a.txt': 'original\n' });

  it('runs a step and emits step, progress and done events in order', async function () {
    const log = new EventLog();
    const outcome = await t.engine().run(request(t.root(), [{ capability: 'analysis.test-empty' }]), { onEvent: log.listener });
    expect(outcome.status).to.equal('succeeded');
    expect(outcome.error).to.equal(null);
    expect(outcome.result?.summary).to.equal('nothing to do');
    expect(outcome.steps[0]).to.include({ status: 'succeeded', summary: 'nothing to do', capability: 'analysis.test-empty' });
    expect(log.stepStatuses()).to.deep.equal(['0:running', '0:succeeded']);
    expect(log.ofType('progress').at(-1)).to.include({ completedSteps: 1, totalSteps: 1, percent: 100 });
    expect(log.events.at(-1)).to.include({ type: 'done', status: 'succeeded' });
  });

  it("forwards a capability's log and progress as events tagged with its step, before the step ends", async function () {
    const log = new EventLog();
    await t.engine().run(request(t.root(), [{ capability: 'refactoring.test-writer', input: { path: 'b.txt', content: 'b\n' } }]), {
      onEvent: log.listener,
    });
    const types = log.events.map((event) => (event.type === 'step' ? `step:${event.status}` : event.type));
    expect(types).to.deep.equal(['step:running', 'log', 'progress', 'step:succeeded', 'progress', 'done']);
    expect(log.ofType('log')[0]).to.include({ level: 'info', message: 'staging "b.txt"', step: 0 });
    expect(log.ofType('progress')[0]).to.include({ completedSteps: 0, percent: 50, message: 'writing' });
  });

  it('lets a later step read what an earlier step staged, without touching the disk', async function () {
    const outcome = await t.engine().run(
      request(t.root(), [
        { capability: 'refactoring.test-writer', input: { path: 'src/a.txt', content: 'staged by step 0\n' } },
        { capability: 'analysis.test-reader', input: { path: 'src/a.txt' } },
      ]),
    );
    expect(outcome.status).to.equal('succeeded');
    expect(outcome.steps[1]!.result?.data).to.deep.equal({ content: 'staged by step 0\n', previousSummaries: ['staged "src/a.txt"'] });
    expect(await readFile(join(t.root(), 'src/a.txt'), 'utf8')).to.equal('original\n');
    expect(outcome.applied).to.equal(false);
    const [change] = outcome.result!.changes;
    expect(change).to.include({ path: 'src/a.txt', action: 'modify', before: 'original\n', after: 'staged by step 0\n' });
    expect(change!.diff).to.contain('-original').and.to.contain('+staged by step 0');
  });

  it('merges findings, artifacts and per-step data in step order', async function () {
    const outcome = await t.engine().run(
      request(t.root(), [
        { capability: 'refactoring.test-writer', input: { path: 'x.txt', content: 'x' } },
        { capability: 'analysis.test-reader', input: { path: 'x.txt' } },
      ]),
    );
    expect(outcome.result!.findings.map((finding) => finding.ruleId)).to.deep.equal(['test/staged']);
    expect(outcome.result!.artifacts.map((artifact) => artifact.name)).to.deep.equal(['written.txt']);
    expect(outcome.result!.data).to.have.length(2);
    expect(outcome.result!.changes.map((change) => `${change.action} ${change.path}`)).to.deep.equal(['create x.txt']);
  });

  it('applies the final overlay to disk when apply is true', async function () {
    const outcome = await t.engine().run(
      request(
        t.root(),
        [
          { capability: 'refactoring.test-writer', input: { path: 'src/a.txt', content: 'first\n' } },
          { capability: 'refactoring.test-writer', input: { path: 'src/new/b.txt', content: 'second\n' } },
        ],
        { apply: true },
      ),
    );
    expect(outcome.status).to.equal('succeeded');
    expect(outcome.applied).to.equal(true);
    expect(await readFile(join(t.root(), 'src/a.txt'), 'utf8')).to.equal('first\n');
    expect(await readFile(join(t.root(), 'src/new/b.txt'), 'utf8')).to.equal('second\n');
  });

  it('fails with apply_failed and leaves every file as it was when one write cannot be applied', async function () {
    const blocked = await makeWorkspace({ 'a.txt': 'a\n', blocker: 'a file, not a folder\n' });
    try {
      const outcome = await t.engine().run(
        request(
          blocked.root,
          [
            { capability: 'refactoring.test-writer', input: { path: 'a.txt', content: 'changed\n' } },
            { capability: 'refactoring.test-writer', input: { path: 'blocker/inner.txt', content: 'x\n' } },
          ],
          { apply: true },
        ),
      );
      expect(outcome.status).to.equal('failed');
      expect(outcome.error!.code).to.equal('apply_failed');
      expect(outcome.error!.message).to.contain('blocker/inner.txt');
      expect(outcome.applied).to.equal(false);
      expect(await readFile(join(blocked.root, 'a.txt'), 'utf8')).to.equal('a\n');
      expect(await readFile(join(blocked.root, 'blocker'), 'utf8')).to.equal('a file, not a folder\n');
    } finally {
      await blocked.cleanup();
    }
  });

  it("passes the session's earlier results to the first step as ctx.previous", async function () {
    const outcome = await t.engine().run(
      request(t.root(), [{ capability: 'analysis.test-reader', input: { path: 'src/a.txt' } }], {
        previous: [{ summary: 'an earlier turn' }],
      }),
    );
    expect(outcome.steps[0]!.result?.data).to.deep.equal({ content: 'original\n', previousSummaries: ['an earlier turn'] });
  });

  it('fails with capability_error naming the capability and step, keeping the message, and still runs the independent steps after it', async function () {
    const log = new EventLog();
    const outcome = await t
      .engine()
      .run(
        request(t.root(), [
          { capability: 'analysis.test-empty' },
          { capability: 'analysis.test-throws', input: { message: 'parser exploded on line 7' } },
          { capability: 'analysis.test-empty' },
        ]),
        { onEvent: log.listener },
      );
    expect(outcome.status).to.equal('failed');
    expect(outcome.error!.code).to.equal('capability_error');
    expect(outcome.error!.message).to.contain('analysis.test-throws').and.to.contain('step 1').and.to.contain('parser exploded on line 7');
    expect(outcome.error!.message).to.contain('2 of 3 steps succeeded, 1 failed, 0 skipped');
    expect(outcome.steps.map((step) => step.status)).to.deep.equal(['succeeded', 'failed', 'succeeded']);
    // The others' results are kept, and the summary says which step failed.
    expect(outcome.result!.summary).to.match(/^\[1\] failed: .*parser exploded/m);
    expect(outcome.result!.data).to.have.length(3);
    expect(outcome.result!.changes).to.deep.equal([]);
    expect(log.events.at(-1)).to.deep.include({ type: 'done', status: 'failed', error: outcome.error });
  });

  it('skips the steps after a failed step that writes, saying why', async function () {
    const outcome = await t
      .engine()
      .run(
        request(t.root(), [
          { capability: 'refactoring.test-writer', input: { path: 'big.txt', content: 'x'.repeat(200 * 1024) } },
          { capability: 'analysis.test-empty' },
        ]),
      );
    expect(outcome.status).to.equal('failed');
    expect(outcome.error!.code).to.equal('file_too_large');
    expect(outcome.steps.map((step) => step.status)).to.deep.equal(['failed', 'skipped']);
    expect(outcome.steps[1]!.summary).to.equal(
      'skipped: step 0 (refactoring.test-writer) failed, and the later steps would build on the files it changes',
    );
    expect(outcome.result).to.equal(null);
  });

  it('keeps the code of a refusal the capability throws as an AgentdError, but not of an internal one', async function () {
    const refused = await t
      .engine()
      .run(
        request(t.root(), [
          { capability: 'analysis.test-throws', input: { code: 'refactoring_refused', message: 'the name "x" is taken in src/a.ts' } },
        ]),
      );
    expect(refused.error!.code).to.equal('refactoring_refused');
    expect(refused.error!.message).to.contain('analysis.test-throws').and.to.contain('step 0').and.to.contain('the name "x" is taken');
    const internal = await t.engine().run(request(t.root(), [{ capability: 'analysis.test-throws', input: { code: 'internal_error' } }]));
    expect(internal.error!.code).to.equal('capability_error');
  });

  it('fails with unknown_capability for an id the registry does not know', async function () {
    const outcome = await t.engine().run(request(t.root(), [{ capability: 'analysis.test-missing' }]));
    expect(outcome.error!.code).to.equal('unknown_capability');
    expect(outcome.error!.message).to.contain('analysis.test-missing');
  });

  it('counts workspace reads across steps and fails with tool_call_limit past maxToolCalls', async function () {
    const counted = await t.engine().run(
      request(t.root(), [
        { capability: 'analysis.test-tool-loop', input: { path: 'src/a.txt', times: 3 } },
        { capability: 'analysis.test-tool-loop', input: { path: 'src/a.txt', times: 4 } },
      ]),
    );
    expect(counted.status).to.equal('succeeded');
    expect(counted.usage.toolCalls).to.equal(7);

    const limited = await t.engine().run(
      request(
        t.root(),
        [
          { capability: 'analysis.test-tool-loop', input: { path: 'src/a.txt', times: 6 } },
          { capability: 'analysis.test-tool-loop', input: { path: 'src/a.txt' } },
        ],
        { limits: { maxToolCalls: 10 } },
      ),
    );
    expect(limited.status).to.equal('failed');
    expect(limited.error!.code).to.equal('tool_call_limit');
    expect(limited.usage.toolCalls).to.equal(10);
    expect(limited.steps.map((step) => step.status)).to.deep.equal(['succeeded', 'failed']);
  });
});
