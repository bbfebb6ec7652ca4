/**
 * How step results cross between the daemon and the executor: each later step sees every earlier
 * result although the executor keeps them itself (they are not re-sent), also after the executor was
 * replaced mid-run; a result with many findings arrives whole although it travels in chunks; large
 * step data arrives as its JSON text, parsed only on request.
 */
import { expect } from 'chai';
import { dataOf, isSerializedData } from '../../../core/index.js';
import { request, useEngineAndWorkspace } from './engine-harness.js';

describe('pipeline engine: step results between the daemon and the executor', function () {
  this.timeout(60_000);
  const t = useEngineAndWorkspace({ 'a.txt': 'alpha\n' });

  it('hands every earlier result of the run to each later step', async () => {
    const reader = { capability: 'analysis.test-reader', input: { path: 'a.txt' } };
    const outcome = await t
      .engine()
      .run(request(t.root(), [{ capability: 'analysis.test-empty' }, reader, reader], { previous: [{ summary: 'an earlier turn' }] }));
    expect(outcome.status).to.equal('succeeded');
    expect((outcome.steps[1]!.result!.data as { previousSummaries: string[] }).previousSummaries).to.deep.equal([
      'an earlier turn',
      'nothing to do',
    ]);
    expect((outcome.steps[2]!.result!.data as { previousSummaries: string[] }).previousSummaries).to.deep.equal([
      'an earlier turn',
      'nothing to do',
      'read "a.txt"',
    ]);
  });

  it('still hands them over after the executor died and was replaced mid-run', async () => {
    const restarts = t.engine().executor.restarts;
    const outcome = await t
      .engine()
      .run(
        request(
          t.root(),
          [
            { capability: 'analysis.test-empty' },
            { capability: 'analysis.test-alloc-huge' },
            { capability: 'analysis.test-reader', input: { path: 'a.txt' } },
          ],
          { limits: { maxMemoryMB: 64 } },
        ),
      );
    expect(t.engine().executor.restarts).to.equal(restarts + 1);
    expect(outcome.steps.map((step) => step.status)).to.deep.equal(['succeeded', 'failed', 'succeeded']);
    expect((outcome.steps[2]!.result!.data as { previousSummaries: string[] }).previousSummaries).to.deep.equal(['nothing to do']);
  });

  it('delivers 12,345 findings whole and in order, and large data as JSON text', async () => {
    const outcome = await t.engine().run(request(t.root(), [{ capability: 'analysis.test-bulk-findings', input: { count: 12_345 } }]));
    expect(outcome.status, JSON.stringify(outcome.error)).to.equal('succeeded');
    const findings = outcome.result!.findings;
    expect(findings).to.have.length(12_345);
    expect(findings.every((finding, i) => finding.message === `finding ${i}`)).to.equal(true);
    const data = outcome.steps[0]!.result!.data;
    expect(isSerializedData(data)).to.equal(true);
    expect((dataOf(data) as { rows: string[] }).rows).to.have.length(12_345);
  });
});
