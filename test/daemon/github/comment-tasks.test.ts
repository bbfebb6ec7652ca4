import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { get } from '../support/http-client.js';
import type { JobRecord } from '../../../daemon/jobs/job-record.js';
import { commentPayload, deliver, INSTALLATION_ID, startAppWorld, TestRepository, type AppWorld } from './github-support.js';

/** A small TypeScript project: refactoring.verify type-checks it with agentd's own TypeScript, no project code run. */
const PROJECT = {
  'package.json': JSON.stringify({ name: 'greeter', version: '1.0.0', private: true }, null, 2) + '\n',
  'tsconfig.json':
    JSON.stringify(
      {
        compilerOptions: { strict: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', noEmit: true },
        include: ['src'],
      },
      null,
      2,
    ) + '\n',
  'src/format.ts':
    'export interface Person {\n  first: string;\n  last: string;\n}\n\nexport function fullName(person: Person): string {\n  return `${person.first} ${person.last}`;\n}\n',
  'src/index.ts':
    "import { fullName } from './format';\n\nexport const greeting = `Hello, ${fullName({ first: 'Ada', last: 'Lovelace' })}`;\n",
};

const PUBLIC_URL = 'https://agentd.example.com/';

describe('GitHub App: /agentd tasks from comments (fake GitHub, real daemon, real git push)', function () {
  this.timeout(300_000);
  let world: AppWorld;
  let repo: TestRepository;
  let taskDelivery: string;
  let jobId: string;

  before(async () => {
    // The daemon's public URL (dashboard on, the default): comments and pull requests link the job's page.
    world = await startAppWorld((config) => {
      config.github.publicUrl = PUBLIC_URL;
    });
    repo = new TestRepository(world, 'acme', 'greeter');
    repo.commit('main', PROJECT);
    world.fake.permissions.set('maintainer', 'write');
    world.fake.permissions.set('visitor', 'read');
  });
  after(() => world?.close());

  const commentsOn = (issue: number) => world.fake.comments.filter((c) => c.issue === issue && c.repository === repo.fullName);

  it('a commenter without write permission gets a polite refusal and no job is started', async () => {
    const reply = await deliver(
      world.daemon.url,
      'issue_comment',
      commentPayload(repo, 3, 'visitor', '/agentd rename fullName to displayName', 9001),
    );
    expect(reply.body).to.include({ handled: true });
    const refusal = await world.fake.waitFor(() => commentsOn(3)[0]);
    expect(refusal.body).to.include('@visitor').and.include('write access').and.include('`read`');
    expect(world.fake.calls.some((c) => c.path === '/repos/acme/greeter/collaborators/visitor/permission')).to.equal(true);
    const jobs = await get<JobRecord[]>(world.daemon.url, '/jobs');
    expect(jobs.body).to.have.length(0);
  });

  it('/agentd <task> by a writer plans a task job (origin recorded) and posts the plan with each diff collapsed', async () => {
    taskDelivery = randomUUID();
    await deliver(
      world.daemon.url,
      'issue_comment',
      commentPayload(repo, 5, 'maintainer', '/agentd rename fullName to displayName\nplease', 9002),
      taskDelivery,
    );
    const plan = await world.fake.waitFor(() => commentsOn(5).find((c) => c.body.includes("agentd's plan")), 180_000);
    expect(plan.body).to.include('refactoring.rename').and.include('<details><summary>src/format.ts (modify)</summary>');
    expect(plan.body)
      .to.include('-export function fullName(person: Person): string {')
      .and.include('+export function displayName(person: Person): string {');
    expect(plan.body).to.include('/agentd approve');
    const jobs = (await get<JobRecord[]>(world.daemon.url, '/jobs')).body;
    expect(jobs).to.have.length(1);
    jobId = jobs[0]!.id;
    expect(plan.body, 'the job page on the dashboard').to.include(`https://agentd.example.com/ui/#/jobs/${jobId}`);
    const job = (await get<JobRecord>(world.daemon.url, `/jobs/${jobId}`)).body;
    expect(job.status).to.equal('awaiting_approval');
    expect(job.task).to.equal('rename fullName to displayName');
    expect(job.workspace).to.equal('github/acme/greeter/tasks/9002');
    expect(job.origin).to.deep.include({
      source: 'github',
      repository: 'acme/greeter',
      installationId: INSTALLATION_ID,
      issue: 5,
      pullRequest: false,
      commentId: 9002,
      sender: 'maintainer',
      delivery: taskDelivery,
    });
    expect(plan.body).to.include(jobId);
  });

  it('a redelivered webhook (same X-GitHub-Delivery) starts nothing', async () => {
    const before = world.fake.comments.length;
    const again = await deliver(
      world.daemon.url,
      'issue_comment',
      commentPayload(repo, 5, 'maintainer', '/agentd rename fullName to displayName', 9002),
      taskDelivery,
    );
    expect(again.status).to.equal(202);
    expect(again.body).to.include({ accepted: false, duplicate: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await get<JobRecord[]>(world.daemon.url, '/jobs')).body).to.have.length(1);
    expect(world.fake.comments.length).to.equal(before);
  });

  it('/agentd approve applies and verifies, pushes a branch as the App and opens a pull request referencing the comment', async () => {
    await deliver(world.daemon.url, 'issue_comment', commentPayload(repo, 5, 'maintainer', '/agentd approve', 9003));
    const done = await world.fake.waitFor(() => commentsOn(5).find((c) => c.body.includes('opened https://')), 180_000);
    expect(world.fake.pulls).to.have.length(1);
    const pull = world.fake.pulls[0]!;
    expect(done.body).to.include(pull.html_url);
    expect(pull.base).to.equal('main');
    expect(pull.head).to.equal(`agentd/${jobId.slice(0, 8)}`);
    expect(pull.body)
      .to.include('https://github.example/acme/greeter/issues/5#issuecomment-9002')
      .and.include('refactoring.verify')
      .and.include(`https://agentd.example.com/ui/#/jobs/${jobId}`);
    expect(repo.branchHead(pull.head), 'the branch was pushed to the repository').to.match(/^[0-9a-f]{40}$/);
    expect(repo.show(pull.head, 'src/format.ts')).to.include('export function displayName(person: Person)');
    expect(repo.show(pull.head, 'src/index.ts')).to.include('displayName(');
    expect(repo.show('main', 'src/format.ts'), 'main is untouched').to.include('export function fullName(');
    const author = (await import('node:child_process'))
      .execFileSync('git', ['log', '-1', '--format=%an <%ae>', pull.head], { cwd: repo.bare, encoding: 'utf8' })
      .trim();
    expect(author).to.equal('agentd-test[bot] <4242+agentd-test[bot]@users.noreply.github.com>');
    const job = (await get<JobRecord>(world.daemon.url, `/jobs/${jobId}`)).body;
    expect(job.status).to.equal('succeeded');
    expect(job.turns.at(-1)!.message).to.include(pull.html_url);
    expect(
      existsSync(path.join(world.daemon.workspace, 'github/acme/greeter/tasks/9002')),
      'the task clone is removed once its pull request is open',
    ).to.equal(false);
  });

  it('follow-ups that cannot be carried out are answered, never dropped', async () => {
    await deliver(world.daemon.url, 'issue_comment', commentPayload(repo, 5, 'maintainer', '/agentd approve', 9004));
    const notWaiting = await world.fake.waitFor(() => commentsOn(5).find((c) => c.body.includes('not waiting for approval')));
    expect(notWaiting.body).to.include('`succeeded`');
    await deliver(world.daemon.url, 'issue_comment', commentPayload(repo, 8, 'maintainer', '/agentd approve', 9005));
    const none = await world.fake.waitFor(() => commentsOn(8)[0]);
    expect(none.body).to.include('No agentd task was started here');
    // The App's own comments (a Bot) are never taken as commands.
    const botReply = await deliver(
      world.daemon.url,
      'issue_comment',
      commentPayload(repo, 8, 'agentd-test[bot]', '/agentd approve', 9006, { userType: 'Bot' }),
    );
    expect(botReply.body).to.include({ handled: false });
  });

  it('a GitHub API error while opening the pull request is commented, kept in the job record and logged, without the token', async () => {
    repo.commit('main', {
      'src/extra.ts': "import { fullName } from './format';\n\nexport const shout = fullName({ first: 'A', last: 'B' }).toUpperCase();\n",
    });
    // A pull request from a fork whose author does not allow edits: the task goes to a new branch and pull request.
    world.fake.pullRequests.set(`${repo.fullName}#9`, {
      state: 'open',
      maintainer_can_modify: false,
      head: { ref: 'patch-1', sha: 'b'.repeat(40), repo: { full_name: 'stranger/greeter' } },
      base: { ref: 'main' },
    });
    await deliver(
      world.daemon.url,
      'issue_comment',
      commentPayload(repo, 9, 'maintainer', '/agentd rename fullName to wholeName', 9010, { pullRequest: true }),
    );
    const plan = await world.fake.waitFor(() => commentsOn(9).find((c) => c.body.includes("agentd's plan")), 180_000);
    expect(plan.body).to.include('open a pull request from a new branch').and.include('does not allow edits from maintainers');
    world.fake.failNext('POST /repos/acme/greeter/pulls', 422, {});
    await deliver(world.daemon.url, 'issue_comment', commentPayload(repo, 9, 'maintainer', '/agentd approve', 9011, { pullRequest: true }));
    const failed = await world.fake.waitFor(
      () => commentsOn(9).find((c) => c.body.includes('could not push the branch or open the pull request')),
      180_000,
    );
    expect(failed.body).to.include('GitHub API 422 on POST /repos/acme/greeter/pulls');
    const job = (await get<JobRecord[]>(world.daemon.url, '/jobs')).body.find((j) => j.origin?.issue === 9)!;
    expect(job.origin!.pullRequest).to.equal(true);
    const record = (await get<JobRecord>(world.daemon.url, `/jobs/${job.id}`)).body;
    expect(record.turns.at(-1)!.message).to.include('publishing them failed: GitHub API 422');
    expect(world.daemon.output()).to.include('GitHub task publish failed');
    const everything = [
      world.daemon.output(),
      JSON.stringify(record),
      ...world.fake.comments.map((c) => c.body),
      ...world.fake.pulls.map((p) => p.body),
    ].join('\n');
    for (const token of world.fake.issuedTokens) expect(everything).to.not.include(token);
  });

  it('/agentd refine re-plans with the message and posts the new plan; /agentd cancel drops the task and pushes nothing', async () => {
    await deliver(world.daemon.url, 'issue_comment', commentPayload(repo, 11, 'maintainer', '/agentd rename fullName to fullLabel', 9020));
    await world.fake.waitFor(() => commentsOn(11).find((c) => c.body.includes('+export function fullLabel(')), 180_000);
    await deliver(
      world.daemon.url,
      'issue_comment',
      commentPayload(repo, 11, 'maintainer', '/agentd refine call it personLabel instead', 9021),
    );
    const refined = await world.fake.waitFor(() => commentsOn(11).find((c) => c.body.includes('+export function personLabel(')), 180_000);
    expect(refined.body).to.include("agentd's plan");
    const pullsBefore = world.fake.pulls.length;
    await deliver(world.daemon.url, 'issue_comment', commentPayload(repo, 11, 'maintainer', '/agentd cancel', 9022));
    await world.fake.waitFor(() => commentsOn(11).find((c) => c.body.includes('Cancelled the agentd task')));
    const job = (await get<JobRecord[]>(world.daemon.url, '/jobs')).body.find((j) => j.origin?.issue === 11)!;
    expect(job.status).to.equal('cancelled');
    expect(world.fake.pulls.length).to.equal(pullsBefore);
  });

  it("an unclear task is answered with the planner's question, and an answer by refine runs; an unsupported task gets a failure comment", async () => {
    await deliver(world.daemon.url, 'issue_comment', commentPayload(repo, 13, 'maintainer', '/agentd make it better', 9030));
    const question = await world.fake.waitFor(() => commentsOn(13)[0], 180_000);
    expect(question.body).to.include(':grey_question:').and.include('`/agentd refine audit security`');
    await deliver(world.daemon.url, 'issue_comment', commentPayload(repo, 13, 'maintainer', '/agentd refine audit security', 9031));
    const finished = await world.fake.waitFor(() => commentsOn(13)[1], 180_000);
    expect(finished.body).to.include('agentd finished:');
    await deliver(world.daemon.url, 'issue_comment', commentPayload(repo, 14, 'maintainer', '/agentd book me a flight to paris', 9032));
    const refused = await world.fake.waitFor(() => commentsOn(14)[0], 180_000);
    expect(refused.body).to.include('could not plan this task').and.include('unsupported_task');
    // Every request agentd made conformed to GitHub's OpenAPI description of its operation.
    expect(world.fake.violations).to.deep.equal([]);
    // …and every answer the stand-in gave matched GitHub's description of the response (all required fields).
    expect(world.fake.responseViolations).to.deep.equal([]);
    expect(world.fake.calls.filter((c) => c.operationId === null)).to.deep.equal([]);
  });
});
