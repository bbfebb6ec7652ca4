import { expect } from 'chai';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryBackend, type QueueBackend } from '../../../daemon/queue/backend.js';
import type { StoredJob } from '../../../daemon/jobs/job-record.js';
import { FIXTURES, startTestDaemon, type TestDaemon } from '../support/daemon-harness.js';
import { get } from '../support/http-client.js';
import { deleteKeys, openTestBackend, testPrefix } from '../queue/redis-test-support.js';
import { followUp, submitTask } from './agent-support.js';
import { PART } from '../../../daemon/jobs/job-result.js';

/** A workspace folder several daemons share (as daemons on one Redis share a volume). */
async function sharedWorkspace(): Promise<string> {
  const base = await mkdtemp(path.join(tmpdir(), 'agentd-session-'));
  await cp(path.join(FIXTURES, 'vulnerable-app'), path.join(base, 'project'), { recursive: true });
  return base;
}

describe('daemon/agent: a task job is its session, kept whole in the job store', function () {
  this.timeout(180_000);
  let base: string;
  const daemons: TestDaemon[] = [];
  const start = async (backend: QueueBackend) => {
    const t = await startTestDaemon({ backend, configure: (config) => void (config.workspace.path = base) });
    daemons.push(t);
    return t;
  };
  beforeEach(async () => {
    base = await sharedWorkspace();
  });
  afterEach(async () => {
    for (const t of daemons.splice(0)) await t.close();
    await rm(base, { recursive: true, force: true });
  });

  it('the stored record and its parts hold turns, plan, result and history: a fresh daemon seeded with them refines the session', async () => {
    const first = await start(createMemoryBackend());
    const asked = await submitTask(first, 'make it better');
    const planned = await followUp(first, asked.id, { message: 'audit security' });
    expect(planned.plan!.steps[0]!.capability).to.equal('analysis.security');
    // Only JSON survives a persistent store: carry the record and the parts beside it across as JSON, into another daemon's store.
    const record = JSON.parse(JSON.stringify(await first.daemon.store.get(asked.id))) as StoredJob;
    expect(record.turns).to.have.length(4);
    const parts: [string, unknown[]][] = [];
    for (const part of [PART.findings, PART.changes, PART.artifacts, PART.history]) {
      const page = await first.daemon.store.readPart(asked.id, part, 0, 10_000);
      if (page) parts.push([part, JSON.parse(JSON.stringify(page.items)) as unknown[]]);
    }
    expect(parts.find(([part]) => part === PART.history)?.[1].length).to.be.greaterThan(0);
    await first.close();
    const backend = createMemoryBackend();
    await backend.store.create(record);
    for (const [part, items] of parts) await backend.store.writePart(asked.id, part, items);
    const second = await start(backend);
    const refined = await followUp(second, asked.id, { message: 'only high severity' });
    expect(refined.status).to.equal('succeeded');
    expect(refined.plan!.filters).to.deep.equal({ minSeverity: 'high' });
    expect(refined.result!.findings.every((finding) => finding.severity === 'high' || finding.severity === 'critical')).to.equal(true);
    expect(refined.turns.map((turn) => turn.message).slice(0, 4)).to.deep.equal(planned.turns.map((turn) => turn.message));
  });

  it('with Redis, a question asked by one daemon is answered through another after the first stopped', async () => {
    const prefix = testPrefix();
    try {
      const first = await start(await openTestBackend(prefix));
      const asked = await submitTask(first, 'make it better');
      expect(asked.question!.options).to.include('audit security');
      await first.close();
      const second = await start(await openTestBackend(prefix));
      const resumed = await get(second.url, `/jobs/${asked.id}`);
      expect(resumed.body.question).to.deep.equal(asked.question);
      expect(resumed.body.turns).to.deep.equal(asked.turns);
      const answered = await followUp(second, asked.id, { message: 'audit security' });
      expect(answered.status).to.equal('succeeded');
      expect(answered.plan!.steps.map((step) => step.capability)).to.include('analysis.security');
      expect(answered.result!.findings.length).to.be.greaterThan(0);
    } finally {
      await deleteKeys(prefix);
    }
  });
});
