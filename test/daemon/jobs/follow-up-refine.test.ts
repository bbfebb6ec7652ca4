/**
 * A follow-up message on a capability or pipeline job (no planner) narrows its input ("only src/",
 * "exclude test/"), re-runs it when asked to ("run again"), or is refused with a clear error — over
 * the real HTTP API, with the real analysis.complexity capability.
 */
import { expect } from 'chai';
import { readFollowUp } from '../../../daemon/jobs/followup-refine.js';
import { startTestDaemon, type TestDaemon } from '../support/daemon-harness.js';
import { get, post, waitForStatus } from '../support/http-client.js';

type Finding = { location?: { file?: string }; file?: string };

describe('daemon/jobs: follow-up messages on pipeline jobs refine or are refused', function () {
  this.timeout(120_000);
  let t: TestDaemon;
  let id: string;

  before(async () => {
    t = await startTestDaemon({ fixture: 'express-ts-api' });
    const submitted = await post(t.url, '/jobs', {
      capability: 'analysis.complexity',
      workspace: 'project',
      input: { thresholds: { cyclomatic: 1 } },
    });
    id = submitted.body.id;
    await waitForStatus(t.url, id, ['succeeded']);
  });
  after(async () => t?.close());

  it('"only src/services" sets the include of the steps that take one, says so, and re-runs with it', async () => {
    const before = (await get(t.url, `/jobs/${id}`)).body;
    const filesBefore = (before.result.data[0] as { totals: { files: number } }).totals.files;
    const reply = await post(t.url, `/jobs/${id}/followup`, { message: 'only src/services' });
    expect(reply.status, JSON.stringify(reply.body)).to.equal(202);
    expect(reply.body.steps[0].input).to.deep.include({ include: ['src/services/**'], thresholds: { cyclomatic: 1 } });
    const job = await waitForStatus(t.url, id, ['succeeded', 'failed']);
    expect(job.status).to.equal('succeeded');
    expect(job.turns.slice(-3).map((turn) => turn.role)).to.deep.equal(['user', 'agent', 'agent']);
    expect(job.turns.at(-2)!.message).to.equal(
      'Refined step(s) 1 (analysis.complexity): include "src/services/**". Running them again with that input.',
    );
    const files = (job.result!.data as { totals: { files: number } }[])[0]!.totals.files;
    expect(files).to.equal(2);
    expect(filesBefore).to.be.greaterThan(files);
    const findings = (await get(t.url, `/jobs/${id}/findings?limit=1000`)).body as Finding[];
    expect(findings.length).to.be.greaterThan(0);
    for (const finding of findings) expect(finding.location?.file ?? finding.file).to.match(/^src\/services\//);
  });

  it('refuses what it cannot apply with 400, leaving the job as it was', async () => {
    const before = (await get(t.url, `/jobs/${id}`)).body;
    const cases: [string, string, RegExp][] = [
      ['make it faster', 'followup_not_understood', /was not understood.*"only src\/"/],
      ['only scr/', 'file_not_found', /"scr\/" .*does not exist.*Did you mean "src"/],
      ['only ../../etc', 'workspace_escape', /\.\./],
    ];
    for (const [message, code, text] of cases) {
      const reply = await post(t.url, `/jobs/${id}/followup`, { message });
      expect(reply.status, message).to.equal(400);
      expect(reply.body.error.code, message).to.equal(code);
      expect(reply.body.error.message, message).to.match(text);
    }
    const after = (await get(t.url, `/jobs/${id}`)).body;
    expect(after).to.include({ status: 'succeeded', attempts: before.attempts });
    expect(after.turns).to.deep.equal(before.turns);
  });

  it('refuses a scope when no step of the job takes one', async () => {
    const other = (await post(t.url, '/jobs', { capability: 'analysis.test-empty', workspace: 'project' })).body.id;
    await waitForStatus(t.url, other, ['succeeded']);
    const reply = await post(t.url, `/jobs/${other}/followup`, { message: 'only src/' });
    expect(reply.status).to.equal(400);
    expect(reply.body.error).to.include({ code: 'followup_not_understood' });
    expect(reply.body.error.message).to.include('none of the job\'s steps (analysis.test-empty) takes "include"');
  });

  it('"run again" re-runs the same input, as asked', async () => {
    const before = (await get(t.url, `/jobs/${id}`)).body;
    const reply = await post(t.url, `/jobs/${id}/followup`, { message: 'Run it again.' });
    expect(reply.status).to.equal(202);
    const job = await waitForStatus(t.url, id, ['succeeded', 'failed']);
    expect(job.steps[0]!.input).to.deep.equal(before.steps[0].input);
    expect(job.attempts).to.equal(before.attempts + 1);
  });

  it('reads the phrasings of the vocabulary', async () => {
    for (const rerun of ['again', 'once more', 'rerun', 're-run please', 'look again', 'try again'])
      expect(await readFollowUp(rerun, t.workspace), rerun).to.deep.equal({ kind: 'rerun' });
    expect(await readFollowUp('exclude project/test and project/migrations', t.workspace)).to.deep.equal({
      kind: 'scope',
      field: 'exclude',
      globs: ['project/test/**', 'project/migrations/**'],
    });
    expect(await readFollowUp('just project/src/**/*.ts', t.workspace)).to.deep.equal({
      kind: 'scope',
      field: 'include',
      globs: ['project/src/**/*.ts'],
    });
  });
});
