/**
 * GET /jobs/:id/findings/:index/frame: the lines of a finding's range with context, read from its file
 * as it is now in the job's workspace (a real analysis job on a real file), and clear 404s when the file
 * is gone or shorter, or the finding does not exist.
 */
import { expect } from 'chai';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startTestDaemon, type TestDaemon } from '../support/daemon-harness.js';
import { get, post, waitForStatus } from '../support/http-client.js';

const SOURCE = [
  '// pricing',
  'export function price(kind, qty) {',
  '  if (kind === "a") return qty * 2;',
  '  if (kind === "b") return qty * 3;',
  '  return qty;',
  '}',
  '',
  'export const VERSION = 1;',
].join('\n');

describe('finding code frames (GET /jobs/:id/findings/:index/frame)', function () {
  let t: TestDaemon;
  let jobId: string;
  before(async () => {
    t = await startTestDaemon();
    await mkdir(path.join(t.workspace, 'frames', 'src'), { recursive: true });
    await writeFile(path.join(t.workspace, 'frames', 'src', 'price.js'), SOURCE);
    const job = await post(t.url, '/jobs', {
      capability: 'analysis.complexity',
      input: { thresholds: { cyclomatic: 1 } },
      workspace: 'frames',
    });
    jobId = job.body.id;
    const done = await waitForStatus(t.url, jobId, ['succeeded', 'failed', 'incomplete']);
    expect(done.status, JSON.stringify(done.error)).to.equal('succeeded');
  });
  after(() => t.close());

  async function priceFinding(): Promise<number> {
    const findings = (await get(t.url, `/jobs/${jobId}/findings`)).body as { file: string; range: { startLine: number } }[];
    return findings.findIndex((finding) => finding.file === 'src/price.js' && finding.range.startLine === 2);
  }

  it("answers the finding's lines with the context asked for, numbered from firstLine", async () => {
    const findings = (await get(t.url, `/jobs/${jobId}/findings`)).body as {
      file: string;
      range: { startLine: number; endLine: number };
    }[];
    const index = findings.findIndex((finding) => finding.file === 'src/price.js' && finding.range.startLine === 2);
    expect(index, JSON.stringify(findings)).to.be.at.least(0);
    const frame = (await get(t.url, `/jobs/${jobId}/findings/${index}/frame?context=1`)).body;
    expect(frame).to.include({ file: 'src/price.js', firstLine: 1, cut: false });
    expect(frame.range).to.deep.equal(findings[index]!.range);
    const endLine = findings[index]!.range.endLine;
    expect(frame.lines).to.deep.equal(SOURCE.split('\n').slice(0, endLine + 1));
    const none = (await get(t.url, `/jobs/${jobId}/findings/${index}/frame?context=0`)).body;
    expect(none.firstLine).to.equal(2);
    expect(none.lines[0]).to.equal('export function price(kind, qty) {');
  });

  it('names what is wrong: a bad context (400), no such finding (404), the file changed or deleted since (404)', async () => {
    const bad = await get(t.url, `/jobs/${jobId}/findings/0/frame?context=500`);
    expect(bad.status).to.equal(400);
    expect(bad.body.error.message).to.include('context');
    const missing = await get(t.url, `/jobs/${jobId}/findings/9999/frame`);
    expect(missing.status).to.equal(404);
    expect(missing.body.error.message).to.include('no finding 9999');
    const file = path.join(t.workspace, 'frames', 'src', 'price.js');
    await writeFile(file, '// emptied');
    const shorter = await get(t.url, `/jobs/${jobId}/findings/${await priceFinding()}/frame`);
    expect(shorter.status).to.equal(404);
    expect(shorter.body.error.message).to.include('changed since the job ran');
    await rm(file);
    const gone = await get(t.url, `/jobs/${jobId}/findings/0/frame`);
    expect(gone.status).to.equal(404);
    expect(gone.body.error.message).to.include('no longer in the workspace');
    await writeFile(file, SOURCE);
  });
});
