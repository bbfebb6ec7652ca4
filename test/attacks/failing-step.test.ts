/**
 * Attack: one step of a ten-analysis pipeline overflowed its stack, and the other nine were skipped
 * without a word. Now a read-only step that fails leaves the steps after it to run: the job fails (its
 * error names the step and tallies the rest) and keeps the others' results; steps after a failed
 * writing step, or after anything that ends the job, are skipped and each says why.
 */
import { expect } from 'chai';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startTestDaemon, type TestDaemon } from '../daemon/support/daemon-harness.js';
import { post, waitForStatus } from '../daemon/support/http-client.js';

describe('attack: one failing step in a pipeline', function () {
  this.timeout(60_000);
  let t: TestDaemon;

  before(async () => {
    t = await startTestDaemon();
    const root = path.join(t.workspace, 'project');
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, 'a.js'), 'export const a = 1;\nexport function x(p, q) {\n  return p && q ? 1 : 2;\n}\n');
  });
  after(() => t.close());

  it('runs the independent steps after a failed analysis and keeps their findings', async () => {
    const pipeline = [
      { capability: 'analysis.naming' },
      { capability: 'analysis.test-throws', input: { message: 'stack blown' } },
      { capability: 'analysis.smells' },
    ];
    const { body } = await post(t.url, '/jobs', { pipeline, workspace: 'project' });
    const job = await waitForStatus(t.url, body.id, ['succeeded', 'failed']);
    expect(job.status).to.equal('failed');
    expect(job.error!.code).to.equal('capability_error');
    expect(job.error!.message).to.include('analysis.test-throws').and.include('2 of 3 steps succeeded, 1 failed, 0 skipped');
    expect(job.steps.map((step) => step.status)).to.deep.equal(['succeeded', 'failed', 'succeeded']);
    const rules = new Set(job.result!.findings.map((finding) => finding.ruleId.split('/')[0]));
    expect([...rules].sort()).to.deep.equal(['naming', 'smells']);
    expect(job.result!.summary).to.match(/^\[1\] failed: /m);
  });

  it('skips the steps after a failed writing step, each saying why', async () => {
    const pipeline = [
      { capability: 'refactoring.test-writer', input: { path: 'huge.txt', content: 'x'.repeat(150 * 1024) } },
      { capability: 'analysis.naming' },
    ];
    const { body } = await post(t.url, '/jobs', { pipeline, workspace: 'project', mode: 'auto' });
    const job = await waitForStatus(t.url, body.id, ['succeeded', 'failed']);
    expect(job.status).to.equal('failed');
    expect(job.steps[1]!.status).to.equal('skipped');
    expect(job.steps[1]!.summary).to.match(/^skipped: step 0 \(refactoring\.test-writer\) failed/);
  });
});
