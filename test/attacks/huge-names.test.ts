/**
 * Attack: eight POST /jobs at once naming a 900,000-character capability. The "did you mean" search
 * compared it with every registered id by full edit distance (~2.5 s of CPU each) and held /health for
 * 10.8 s. Now the schema bounds the name before any lookup, and suggestions refuse long names and stop
 * at their budget. Timing is the bench's business (bench/health-under-stall.ts); this proves the path.
 */
import { expect } from 'chai';
import { closeMatches, editDistance } from '../../core/fuzzy/index.js';
import { startTestDaemon, type TestDaemon } from '../daemon/support/daemon-harness.js';
import { get, post } from '../daemon/support/http-client.js';

const HUGE = 'analysis.' + 'x'.repeat(900_000);

describe('attack: huge capability names', function () {
  let t: TestDaemon;
  before(async () => {
    t = await startTestDaemon();
  });
  after(() => t.close());

  it('answers eight 900,000-character names at once with 400 validation_failed, never echoing the name', async () => {
    const replies = await Promise.all(Array.from({ length: 8 }, () => post(t.url, '/jobs', { capability: HUGE })));
    for (const reply of replies) {
      expect(reply.status).to.equal(400);
      expect(reply.body.error.code).to.equal('validation_failed');
      expect(reply.body.error.details[0].path).to.equal('/capability');
      expect(JSON.stringify(reply.body).length).to.be.below(2000);
    }
    expect((await get(t.url, '/health')).status).to.equal(200);
  });

  it('bounds pipeline step names and workspace paths the same way', async () => {
    const step = await post(t.url, '/jobs', { pipeline: [{ capability: 'analysis.test-empty' }, { capability: HUGE }] });
    expect(step.status).to.equal(400);
    expect(step.body.error.details[0].path).to.equal('/pipeline/1/capability');
    const workspace = await post(t.url, '/jobs', { capability: 'analysis.test-empty', workspace: 'a/'.repeat(300_000) });
    expect(workspace.status).to.equal(400);
    expect(workspace.body.error.details[0].path).to.equal('/workspace');
  });

  it('still suggests a near id for a short typo, and quotes a long unknown name cut short', async () => {
    const typo = await post(t.url, '/jobs', { capability: 'analysis.test-emtpy' });
    expect(typo.status).to.equal(422);
    expect(typo.body.error.code).to.equal('unknown_capability');
    expect(typo.body.error.message).to.include('did you mean "analysis.test-empty"');
    const long = await post(t.url, '/jobs', { capability: 'analysis.' + 'y'.repeat(240) });
    expect(long.status).to.equal(422);
    expect(long.body.error.message).to.include('(249 characters)').and.not.include('y'.repeat(150));
  });

  it('gives no suggestion for names beyond 128 characters and stops a comparison at its budget', () => {
    expect(closeMatches(HUGE, ['analysis.security', 'analysis.' + 'x'.repeat(899_999) + 'y'])).to.deep.equal([]);
    expect(editDistance(HUGE, HUGE.slice(0, -1) + 'y', 2)).to.equal(1);
    expect(editDistance(HUGE, 'analysis.security', 3)).to.equal(4);
  });
});
