/**
 * The App against GitHub's real webhook payloads (@octokit/webhooks-examples): every example of the
 * events it subscribes to is parsed as GitHub sends it, and recorded payloads of every event and action
 * the App acts on (pull_request opened / synchronize / reopened, check_suite rerequested, issue_comment
 * created, installation, installation_repositories), pointed at local repositories, run end to end.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pushTarget } from '../../../daemon/github/default-branch-baseline.js';
import { checkTarget } from '../../../daemon/github/pull-request-check.js';
import { commentRequest } from '../../../daemon/github/task-comments.js';
import { deliver, INSTALLATION_ID, startAppWorld, TestRepository, type AppWorld } from './github-support.js';

interface Example {
  action?: string;
  installation?: { id: number };
  [key: string]: unknown;
}
const require = createRequire(import.meta.url);
const catalogue = JSON.parse(readFileSync(require.resolve('@octokit/webhooks-examples'), 'utf8')) as {
  name: string;
  examples: Example[];
}[];
const examples = (name: string): Example[] => structuredClone(catalogue.find((event) => event.name === name)!.examples);
/** App deliveries carry the installation; some examples were recorded from repository webhooks without it. */
const asApp = (example: Example): Example => ({ ...example, installation: example.installation ?? { id: INSTALLATION_ID } });

describe('GitHub App: real GitHub webhook payloads (@octokit/webhooks-examples)', function () {
  this.timeout(120_000);

  it('pull_request: opened, synchronize and reopened ask for a check (head sha, number); the other actions do not', () => {
    const all = examples('pull_request');
    expect(all.length).to.be.greaterThan(10);
    for (const example of all.map(asApp)) {
      const target = checkTarget('pull_request', example.action ?? null, example, 'd');
      const pull = example.pull_request as { number: number; head: { sha: string } };
      if (['opened', 'synchronize', 'reopened'].includes(example.action!)) {
        expect(target, example.action).to.deep.include({
          headSha: pull.head.sha,
          pullNumber: pull.number,
          installationId: example.installation!.id,
        });
      } else {
        expect(target, example.action).to.equal(null);
      }
    }
  });

  it('check_suite and check_run: rerequested with a pull request asks for a check; created, completed, requested do not', () => {
    for (const name of ['check_suite', 'check_run'] as const) {
      for (const example of examples(name).map(asApp)) {
        const target = checkTarget(name, example.action ?? null, example, 'd');
        const body = example[name] as { head_sha: string; pull_requests: { number: number }[] };
        if (example.action === 'rerequested' && body.pull_requests.length > 0)
          expect(target, `${name} ${example.action}`).to.deep.include({
            headSha: body.head_sha,
            pullNumber: body.pull_requests[0]!.number,
          });
        else expect(target, `${name} ${example.action}`).to.equal(null);
      }
    }
  });

  it('issue_comment: a created comment whose first line is /agentd is a command; edited and deleted ones are not', () => {
    for (const example of examples('issue_comment').map(asApp)) {
      (example.comment as { body: string }).body = '/agentd approve';
      const request = commentRequest('issue_comment', example, 'd');
      const comment = example.comment as { id: number; user: { login: string; type: string } };
      if (example.action === 'created' && comment.user.type !== 'Bot')
        expect(request, example.action).to.deep.include({
          commentId: comment.id,
          login: comment.user.login,
          issue: (example.issue as { number: number }).number,
        });
      else expect(request, `${example.action} by ${comment.user.type}`).to.equal(null);
    }
  });

  it('push: a push to the default branch refreshes the baseline; tag pushes and deletions do not', () => {
    const all = examples('push').map(asApp);
    expect(all.length).to.be.greaterThan(3);
    for (const example of all) {
      const target = pushTarget('push', example, 'd');
      const branch = (example.repository as { default_branch: string }).default_branch;
      if (example.ref === `refs/heads/${branch}` && example.deleted !== true)
        expect(target, String(example.ref)).to.deep.include({ sha: example.after, branch });
      else expect(target, `${String(example.ref)} deleted=${String(example.deleted)}`).to.equal(null);
    }
    expect(all.filter((example) => pushTarget('push', example, 'd') !== null)).to.have.length.greaterThan(0);
  });

  describe('end to end', () => {
    let world: AppWorld;
    before(async () => {
      world = await startAppWorld();
    });
    after(() => world?.close());

    it('a real pull_request.opened payload, pointed at a local repository, gets its check run', async () => {
      const repo = new TestRepository(world, 'acme', 'real');
      const base = repo.commit('main', { 'src/a.js': 'module.exports = 1;\n' });
      const head = repo.commit('feature', { 'src/b.js': "require('child_process').exec('ls ' + process.argv[2]);\n" });
      const payload = asApp(examples('pull_request').find((example) => example.action === 'opened')!);
      const pull = payload.pull_request as { number: number; head: { sha: string; repo: { full_name: string } }; base: { sha: string } };
      const repository = payload.repository as { full_name: string; name: string; owner: { login: string } };
      Object.assign(repository, { full_name: repo.fullName, name: repo.name, owner: { ...repository.owner, login: repo.owner } });
      Object.assign(pull.head, { sha: head, repo: { ...pull.head.repo, full_name: repo.fullName } });
      pull.base.sha = base;
      world.fake.pullFiles.set(`${repo.fullName}#${pull.number}`, repo.pullFiles(base, head));
      expect((await deliver(world.daemon.url, 'pull_request', payload)).body).to.include({ handled: true });
      const run = await world.fake.waitFor(() =>
        [...world.fake.checkRuns.values()].find((r) => r.head_sha === head && r.status === 'completed'),
      );
      expect(run.conclusion).to.equal('failure');
      expect(run.annotations.map((a) => `${a.path}:${a.start_line}`)).to.include('src/b.js:1');
      expect(world.fake.violations).to.deep.equal([]);
      expect(world.fake.responseViolations).to.deep.equal([]);
    });

    /** The repository fields of a real payload, pointed at a local repository. */
    const pointAt = (payload: Example, repo: TestRepository) => {
      const repository = payload.repository as { full_name: string; name: string; owner: { login: string } };
      Object.assign(repository, { full_name: repo.fullName, name: repo.name, owner: { ...repository.owner, login: repo.owner } });
      return payload;
    };
    const completedOn = (head: string) =>
      [...world.fake.checkRuns.values()].filter((run) => run.head_sha === head && run.status === 'completed');

    it('real synchronize, reopened and check_suite rerequested payloads each get one check run; check_run rerequested without a pull request and closed get none', async () => {
      const repo = new TestRepository(world, 'acme', 'real-more');
      const base = repo.commit('main', { 'src/a.js': 'module.exports = 1;\n' });
      // The recorded payloads share pull request numbers: each check completes before the next event
      // (a later event's file list would otherwise replace the earlier one's in the stand-in).
      const judge = async (event: string, action: string, head: string) => {
        await world.fake.waitFor(() => completedOn(head).length > 0);
        const runs = [...world.fake.checkRuns.values()].filter((run) => run.head_sha === head);
        expect(runs, `${event} ${action}`).to.have.length(1);
        expect(runs[0]!.conclusion, `${event} ${action}`).to.equal('failure');
        expect(runs[0]!.annotations.length, `${event} ${action}`).to.be.greaterThan(0);
      };
      let branch = 0;
      const pullEvent = async (action: string) => {
        const head = repo.commit(`feature-${++branch}`, {
          [`src/${action}.js`]: "require('child_process').exec('ls ' + process.argv[2]);\n",
        });
        const payload = pointAt(asApp(examples('pull_request').find((example) => example.action === action)!), repo);
        const pull = payload.pull_request as { number: number; head: { sha: string; repo: { full_name: string } }; base: { sha: string } };
        Object.assign(pull.head, { sha: head, repo: { ...pull.head.repo, full_name: repo.fullName } });
        pull.base.sha = base;
        world.fake.pullFiles.set(`${repo.fullName}#${pull.number}`, repo.pullFiles(base, head));
        expect((await deliver(world.daemon.url, 'pull_request', payload)).body, action).to.include({ handled: true });
        await judge('pull_request', action, head);
      };
      await pullEvent('synchronize');
      await pullEvent('reopened');
      // check_suite rerequested (a recorded one with its pull request), on a head of its own.
      const suiteHead = repo.commit('suite', { 'src/suite.js': "require('child_process').exec('ls ' + process.argv[2]);\n" });
      const suite = pointAt(asApp(examples('check_suite').find((e) => e.action === 'rerequested')!), repo);
      const checkSuite = suite.check_suite as { head_sha: string; pull_requests: { number: number }[] };
      checkSuite.head_sha = suiteHead;
      world.fake.pullFiles.set(`${repo.fullName}#${checkSuite.pull_requests[0]!.number}`, repo.pullFiles(base, suiteHead));
      expect((await deliver(world.daemon.url, 'check_suite', suite)).body).to.include({ handled: true });
      await judge('check_suite', 'rerequested', suiteHead);
      // Recorded payloads the App does not act on: answered handled: false, no check run.
      const before = world.fake.checkRuns.size;
      const rerun = pointAt(asApp(examples('check_run').find((e) => e.action === 'rerequested')!), repo);
      expect((await deliver(world.daemon.url, 'check_run', rerun)).body, 'check_run rerequested without a pull request').to.include({
        handled: false,
      });
      const closed = pointAt(asApp(examples('pull_request').find((e) => e.action === 'closed')!), repo);
      expect((await deliver(world.daemon.url, 'pull_request', closed)).body, 'pull_request closed').to.include({ handled: false });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(world.fake.checkRuns.size).to.equal(before);
      expect(world.fake.violations).to.deep.equal([]);
      expect(world.fake.responseViolations).to.deep.equal([]);
    });

    it('a real issue_comment created payload with an /agentd command, from a user without write access, is refused politely', async () => {
      const repo = new TestRepository(world, 'acme', 'real-comments');
      repo.commit('main', { 'src/a.js': 'module.exports = 1;\n' });
      const payload = pointAt(asApp(examples('issue_comment').find((e) => e.action === 'created')!), repo);
      const comment = payload.comment as { body: string; user: { login: string } };
      comment.body = '/agentd rename a to b';
      const issue = (payload.issue as { number: number }).number;
      expect((await deliver(world.daemon.url, 'issue_comment', payload)).body).to.include({ handled: true });
      const refusal = await world.fake.waitFor(() => world.fake.comments.find((c) => c.repository === repo.fullName && c.issue === issue));
      expect(refusal.body).to.include(`@${comment.user.login}`).and.include('write access');
      expect(world.fake.calls.some((c) => c.path === `/repos/${repo.fullName}/collaborators/${comment.user.login}/permission`)).to.equal(
        true,
      );
      // Edited and deleted comments are not commands.
      for (const action of ['edited', 'deleted']) {
        const other = pointAt(asApp(examples('issue_comment').find((e) => e.action === action)!), repo);
        (other.comment as { body: string }).body = '/agentd rename a to b';
        expect((await deliver(world.daemon.url, 'issue_comment', other)).body, action).to.include({ handled: false });
      }
      expect(world.fake.violations).to.deep.equal([]);
      expect(world.fake.responseViolations).to.deep.equal([]);
    });

    it('real installation and installation_repositories payloads are kept in the store', async () => {
      const created = examples('installation').find((example) => example.action === 'created')!;
      const id = created.installation!.id;
      await deliver(world.daemon.url, 'installation', created);
      const store = world.daemon.daemon.github!.store;
      const stored = async (installation: number, ok: (repositories: string[]) => boolean) => {
        for (let i = 0; i < 100; i++) {
          const record = await store.installation(installation);
          if (record && ok(record.repositories)) return record;
          await new Promise((resolve) => setTimeout(resolve, 30));
        }
        throw new Error(`installation ${installation} never reached the expected state`);
      };
      const names = (list: unknown) => ((list as { full_name: string }[] | undefined) ?? []).map((r) => r.full_name).sort();
      const record = await stored(id, () => true);
      const login = (created.installation as unknown as { account: { login: string } }).account.login;
      expect(record).to.deep.include({ id, account: login });
      expect(record.repositories).to.deep.equal(names(created.repositories));
      const added = examples('installation_repositories').find((example) => example.action === 'added')!;
      await deliver(world.daemon.url, 'installation_repositories', added);
      const grown = await stored(added.installation!.id, (repositories) =>
        names(added.repositories_added).every((name) => repositories.includes(name)),
      );
      expect(grown.repositories).to.include.members(names(added.repositories_added));
      // The recorded removal and deletion are of another installation (id 2): pointed at this one, as the
      // pull-request payloads are pointed at local repositories.
      const removed = examples('installation_repositories').find((example) => example.action === 'removed')!;
      removed.installation = { ...removed.installation, id };
      const gone = names(added.repositories_added)[0]!;
      (removed.repositories_removed as { full_name: string; name: string }[])[0]!.full_name = gone;
      await deliver(world.daemon.url, 'installation_repositories', removed);
      const shrunk = await stored(id, (repositories) => !repositories.includes(gone));
      expect(shrunk.repositories).to.not.include(gone);
      const deleted = examples('installation').find((example) => example.action === 'deleted')!;
      deleted.installation = { ...deleted.installation, id };
      await deliver(world.daemon.url, 'installation', deleted);
      for (let i = 0; i < 100 && (await store.installation(id)) !== null; i++) await new Promise((resolve) => setTimeout(resolve, 30));
      expect(await store.installation(id), 'installation deleted forgets it').to.equal(null);
    });
  });
});
