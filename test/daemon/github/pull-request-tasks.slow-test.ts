import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { get } from '../support/http-client.js';
import type { JobRecord } from '../../../daemon/jobs/job-record.js';
import { commentPayload, deliver, startAppWorld, TestRepository, type AppWorld } from './github-support.js';

/** A small TypeScript project: refactoring.verify type-checks it with agentd's own TypeScript. */
const PROJECT = {
  'package.json': JSON.stringify({ name: 'greeter', version: '1.0.0', private: true }) + '\n',
  'tsconfig.json':
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'esnext', moduleResolution: 'bundler' } }) + '\n',
  'src/format.ts': 'export function fullName(first: string, last: string): string {\n  return `${first} ${last}`;\n}\n',
  'src/index.ts': "import { fullName } from './format';\n\nexport const greeting = fullName('Ada', 'Lovelace');\n",
};

function log(cwd: string, ref: string, format: string): string {
  return execFileSync('git', ['log', '-1', `--format=${format}`, ref], { cwd, encoding: 'utf8' }).trim();
}

describe('GitHub App: /agentd tasks on pull requests push to the pull request branch when its author allows it', function () {
  this.timeout(300_000);
  let world: AppWorld;
  let repo: TestRepository;
  let fork: TestRepository;

  before(async () => {
    // The operator trusts acme's task clones: same-repository tasks may run project code, a fork's never.
    world = await startAppWorld((config) => {
      config.security.trustedWorkspaces = ['github/acme/*'];
    });
    repo = new TestRepository(world, 'acme', 'greeter');
    repo.commit('main', PROJECT);
    world.fake.permissions.set('maintainer', 'write');
    fork = new TestRepository(world, 'contrib', 'greeter');
    fork.commit('main', PROJECT);
  });
  after(() => world?.close());

  const commentsOn = (issue: number) => world.fake.comments.filter((c) => c.issue === issue && c.repository === repo.fullName);
  const jobOn = async (issue: number) => {
    const row = (await get<JobRecord[]>(world.daemon.url, '/jobs')).body.find((j) => j.origin?.issue === issue)!;
    return (await get<JobRecord>(world.daemon.url, `/jobs/${row.id}`)).body;
  };

  it("same repository: the plan says so, approval pushes one commit on the pull request's branch and opens no pull request", async () => {
    const head = repo.commit('feature', {
      'src/extra.ts': "import { fullName } from './format';\n\nexport const x = fullName('A', 'B');\n",
    });
    world.fake.pullRequests.set(`${repo.fullName}#21`, {
      state: 'open',
      maintainer_can_modify: false,
      head: { ref: 'feature', sha: head, repo: { full_name: repo.fullName } },
      base: { ref: 'main' },
    });
    await deliver(
      world.daemon.url,
      'issue_comment',
      commentPayload(repo, 21, 'maintainer', '/agentd rename fullName to displayName', 9101, { pullRequest: true }),
    );
    const plan = await world.fake.waitFor(() => commentsOn(21).find((c) => c.body.includes("agentd's plan")), 180_000);
    expect(plan.body).to.include("push a commit to this pull request's branch `feature`").and.include('its branch is in this repository');
    // The task worked on the pull request's head: its own file is renamed too.
    expect(plan.body).to.include('<summary>src/extra.ts (modify)</summary>');
    await deliver(
      world.daemon.url,
      'issue_comment',
      commentPayload(repo, 21, 'maintainer', '/agentd approve', 9102, { pullRequest: true }),
    );
    const done = await world.fake.waitFor(() => commentsOn(21).find((c) => c.body.includes(':rocket:')), 180_000);
    const pushed = repo.branchHead('feature')!;
    expect(pushed).to.not.equal(head);
    expect(log(repo.bare, 'feature', '%P'), 'one commit on top of the head, not a rewrite').to.equal(head);
    expect(log(repo.bare, 'feature', '%an')).to.equal('agentd-test[bot]');
    expect(done.body).to.include(`pushed ${pushed.slice(0, 12)} to this pull request's branch \`feature\``);
    expect(repo.show('feature', 'src/extra.ts')).to.include('displayName(');
    expect(repo.show('main', 'src/format.ts'), 'main is untouched').to.include('fullName');
    expect(world.fake.pulls, 'no new pull request').to.have.length(0);
    const job = await jobOn(21);
    expect(job.turns.at(-1)!.message).to.include(`to acme/greeter:feature`);
    expect(job.permissions?.projectCode, 'a trusted same-repository task').to.equal(true);
  });

  it('a fork whose author allows edits from maintainers: the push goes to the fork, and its code never runs', async () => {
    const head = fork.commit('patch-1', { 'README.md': '# greeter\n' });
    world.fake.pullRequests.set(`${repo.fullName}#22`, {
      state: 'open',
      maintainer_can_modify: true,
      head: { ref: 'patch-1', sha: head, repo: { full_name: fork.fullName } },
      base: { ref: 'main' },
    });
    await deliver(
      world.daemon.url,
      'issue_comment',
      commentPayload(repo, 22, 'maintainer', '/agentd rename fullName to wholeName', 9201, { pullRequest: true }),
    );
    const plan = await world.fake.waitFor(() => commentsOn(22).find((c) => c.body.includes("agentd's plan")), 180_000);
    expect(plan.body).to.include('branch `patch-1` in contrib/greeter').and.include('allows edits from maintainers');
    expect((await jobOn(22)).permissions?.projectCode, "the fork's code is not a writer's: no project code").to.equal(false);
    await deliver(
      world.daemon.url,
      'issue_comment',
      commentPayload(repo, 22, 'maintainer', '/agentd approve', 9202, { pullRequest: true }),
    );
    await world.fake.waitFor(() => commentsOn(22).find((c) => c.body.includes(':rocket:')), 180_000);
    expect(log(fork.bare, 'patch-1', '%P')).to.equal(head);
    expect(fork.show('patch-1', 'src/format.ts')).to.include('export function wholeName(');
    expect(repo.branchHead('patch-1'), 'nothing pushed to the base repository').to.equal(null);
    expect(world.fake.pulls).to.have.length(0);
  });

  it('a branch that moved after the plan is not overwritten: the push fails and the comment says why', async () => {
    const head = repo.commit('topic', { 'src/more.ts': 'export const more = 1;\n' });
    world.fake.pullRequests.set(`${repo.fullName}#23`, {
      state: 'open',
      maintainer_can_modify: false,
      head: { ref: 'topic', sha: head, repo: { full_name: repo.fullName } },
      base: { ref: 'main' },
    });
    await deliver(
      world.daemon.url,
      'issue_comment',
      commentPayload(repo, 23, 'maintainer', '/agentd rename fullName to nameOf', 9301, { pullRequest: true }),
    );
    await world.fake.waitFor(() => commentsOn(23).find((c) => c.body.includes("agentd's plan")), 180_000);
    const moved = repo.commit('topic', { 'src/more.ts': 'export const more = 2;\n' });
    await deliver(
      world.daemon.url,
      'issue_comment',
      commentPayload(repo, 23, 'maintainer', '/agentd approve', 9302, { pullRequest: true }),
    );
    const failed = await world.fake.waitFor(() => commentsOn(23).find((c) => c.body.includes('could not push')), 180_000);
    expect(failed.body).to.include('git push failed');
    expect(repo.branchHead('topic'), "the author's new commit stays").to.equal(moved);
  });

  it('an author who withdrew "Allow edits from maintainers" before approval gets nothing pushed', async () => {
    const head = fork.commit('patch-2', { 'README.md': '# greeter 2\n' });
    const pull = {
      state: 'open' as const,
      maintainer_can_modify: true,
      head: { ref: 'patch-2', sha: head, repo: { full_name: fork.fullName } },
      base: { ref: 'main' },
    };
    world.fake.pullRequests.set(`${repo.fullName}#24`, pull);
    await deliver(
      world.daemon.url,
      'issue_comment',
      commentPayload(repo, 24, 'maintainer', '/agentd rename fullName to nameFor', 9401, { pullRequest: true }),
    );
    await world.fake.waitFor(() => commentsOn(24).find((c) => c.body.includes("agentd's plan")), 180_000);
    world.fake.pullRequests.set(`${repo.fullName}#24`, { ...pull, maintainer_can_modify: false });
    await deliver(
      world.daemon.url,
      'issue_comment',
      commentPayload(repo, 24, 'maintainer', '/agentd approve', 9402, { pullRequest: true }),
    );
    const failed = await world.fake.waitFor(() => commentsOn(24).find((c) => c.body.includes('could not push')), 180_000);
    expect(failed.body).to.include('does not allow edits from maintainers');
    expect(fork.branchHead('patch-2')).to.equal(head);
    // Every request agentd made (GET /pulls/{n} included) conformed to GitHub's OpenAPI description.
    expect(world.fake.violations).to.deep.equal([]);
    // …and every answer the stand-in gave matched GitHub's description of the response (all required fields).
    expect(world.fake.responseViolations).to.deep.equal([]);
  });
});
