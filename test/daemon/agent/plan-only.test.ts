/** POST /plans {task, workspace}: the plan as data over real HTTP; no job is created, queued or counted. */
import { expect } from 'chai';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestDaemon } from '../support/daemon-harness.js';
import { get, post } from '../support/http-client.js';
import { agentDaemon, submitTask } from './agent-support.js';

describe('daemon: POST /plans (plan only, no job)', function () {
  this.timeout(120_000);
  let t: TestDaemon;
  before(async () => {
    t = await agentDaemon('legacy-js-package');
  });
  after(async () => t?.close());

  async function jobCount(): Promise<number> {
    return (await get(t.url, '/stats')).body.total as number;
  }

  it('returns the plan with its steps, project-code marks and the steps that would not run; creates no job', async () => {
    const before = await jobCount();
    const reply = await post(t.url, '/plans', { task: 'rename fullName to displayName', workspace: 'project' });
    expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
    expect(reply.body).to.include({ outcome: 'plan', workspace: 'project', question: null });
    expect(reply.body.permissions).to.deep.equal({ projectCode: false });
    expect(reply.body.plan.steps.map((step: { capability: string }) => step.capability)).to.deep.equal([
      'refactoring.rename',
      'refactoring.verify',
    ]);
    expect(reply.body.plan.steps[0].input).to.include({ symbol: 'fullName', newName: 'displayName' });
    expect(reply.body.plan.steps[1].projectCode).to.equal('not_allowed');
    expect(reply.body.notRun).to.deep.equal([]);
    expect(reply.body.message).to.include('refactoring.rename');
    expect(await jobCount()).to.equal(before);
    expect((await get(t.url, '/jobs')).body).to.deep.equal([]);
  });

  it('a task for a capability that runs project code: planned available, marked not allowed, nothing listed as not built', async () => {
    // Every capability of CAPABILITIES.md is built (capabilities/planned.ts is empty); testing.e2e starts the project's server.
    const reply = await post(t.url, '/plans', { task: 'write end-to-end tests with playwright', workspace: 'project' });
    expect(reply.status).to.equal(200);
    expect(
      reply.body.plan.steps.map((step: { capability: string; available: boolean }) => [step.capability, step.available]),
    ).to.deep.equal([
      ['testing.e2e', true],
      ['refactoring.verify', true],
    ]);
    expect(reply.body.plan.steps[0].projectCode).to.equal('not_allowed');
    expect(reply.body.notRun).to.deep.equal([]);
  });

  it('answers a question or "unsupported" as data too', async () => {
    const unsupported = await post(t.url, '/plans', { task: 'order me a pizza', workspace: 'project' });
    expect(unsupported.status).to.equal(200);
    expect(unsupported.body).to.include({ outcome: 'unsupported', plan: null });
    expect(unsupported.body.message).to.include('What agentd can do:');
  });

  it('a misspelt folder after "in"/"of" is a question with the close names, never a silent widening to the whole project', async () => {
    const typo = await post(t.url, '/plans', { task: 'audit security of lbi', workspace: 'project' });
    expect(typo.status).to.equal(200);
    expect(typo.body).to.include({ outcome: 'question', plan: null });
    expect(typo.body.question).to.deep.equal({
      message: 'I could not find a file or folder named "lbi" in the project; did you mean "lib"?',
      options: ['lib'],
    });
    for (const task of ['assess the quality of code', 'find complexity in functions', 'audit security of lib']) {
      const reply = await post(t.url, '/plans', { task, workspace: 'project' });
      expect(reply.body.outcome, task).to.equal('plan');
    }
  });

  it('refuses bad requests like POST /jobs does: validation, workspace escape, untrusted project code', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, 'validation_failed'],
      [{ task: 'x', mode: 'auto' }, 400, 'validation_failed'],
      [{ task: 'audit security', workspace: '../..' }, 400, 'invalid_workspace'],
      [{ task: 'audit security', workspace: 'project', allowProjectCode: true }, 403, 'project_code_not_allowed'],
    ];
    for (const [body, status, code] of cases) {
      const reply = await post(t.url, '/plans', body);
      expect(reply.status, JSON.stringify(body)).to.equal(status);
      expect(reply.body.error.code, JSON.stringify(body)).to.equal(code);
    }
  });

  it('is in /openapi.json', async () => {
    const openapi = (await get(t.url, '/openapi.json')).body;
    expect(openapi.paths['/plans'].post.responses['200'].content['application/json'].schema).to.deep.equal({
      $ref: '#/components/schemas/PlanAnswer',
    });
    expect(openapi.components.schemas.CreatePlan.required).to.deep.equal(['task']);
  });
});

describe('daemon/agent: an analysis limited to one declaration ("in function priceOrder")', function () {
  this.timeout(120_000);
  let t: TestDaemon;
  const branchy = (name: string): string =>
    `export function ${name}(x: number): number {\n  if (x > 1) return 1;\n  if (x > 2) return 2;\n  if (x > 3) return 3;\n  return 0;\n}\n`;
  before(async () => {
    t = await agentDaemon('express-ts-api');
    // Two equally complex functions in one file: lines 1-6 and 7-12.
    await writeFile(path.join(t.workspace, 'project', 'src', 'twins.ts'), branchy('first') + branchy('second'));
  });
  after(async () => t?.close());

  it('reads the declaring file and keeps only the findings inside the declaration', async () => {
    const whole = await submitTask(t, 'complexity above 1 in src/twins.ts');
    expect((whole.result!.findings as { range: { startLine: number } }[]).map((f) => f.range.startLine).sort()).to.deep.equal([1, 7]);
    const job = await submitTask(t, 'complexity above 1 in function first');
    expect(job.status, JSON.stringify(job.error)).to.equal('succeeded');
    expect(job.plan!.steps[0]!.input).to.deep.include({ include: ['src/twins.ts'] });
    expect(job.plan!.filters).to.deep.include({ symbol: { name: 'first', file: 'src/twins.ts', startLine: 1, endLine: 6 } });
    expect(job.plan!.notes.join(' ')).to.include('Limited to first (src/twins.ts, lines 1-6)');
    const findings = job.result!.findings as { file: string; range: { startLine: number } }[];
    expect(findings.map((f) => [f.file, f.range.startLine])).to.deep.equal([['src/twins.ts', 1]]);
  });

  it('a declaration that does not exist is a question, not the whole project', async () => {
    const reply = await post(t.url, '/plans', { task: 'find code smells in function priceOrdr', workspace: 'project' });
    expect(reply.body).to.include({ outcome: 'question' });
    expect(reply.body.question.message).to.equal(
      'I could not find a declaration named "priceOrdr" in the project; did you mean "priceOrder" or "PricedOrder"?',
    );
  });
});
