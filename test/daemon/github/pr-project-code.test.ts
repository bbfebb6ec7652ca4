import { expect } from 'chai';
import { checkTarget, scanMayRunProjectCode } from '../../../daemon/github/pull-request-check.js';

const REPO = { full_name: 'acme/widgets', default_branch: 'main' };
const SHA = 'a'.repeat(40);

describe('GitHub App: pull-request scans and project code', () => {
  const target = (sameRepository: boolean) => ({
    installationId: 1,
    repository: { owner: 'acme', repo: 'widgets', fullName: 'acme/widgets' },
    headSha: SHA,
    pullNumber: 1,
    delivery: 'd',
    sameRepository,
  });

  it('runs project code only for a same-repository head in a folder the operator trusts; never for forks', () => {
    expect(scanMayRunProjectCode(target(true), 'github/acme/widgets/head', [])).to.equal(false);
    expect(scanMayRunProjectCode(target(true), 'github/acme/widgets/head', ['github/acme/*'])).to.equal(true);
    expect(scanMayRunProjectCode(target(false), 'github/acme/widgets/head', ['*'])).to.equal(false);
  });

  it('a pull request from a fork is marked as such; a re-requested suite counts as one', () => {
    const fork = checkTarget(
      'pull_request',
      'opened',
      {
        installation: { id: 1 },
        repository: REPO,
        pull_request: { number: 1, head: { sha: SHA, repo: { full_name: 'mallory/widgets' } } },
      },
      'd',
    )!;
    const own = checkTarget(
      'pull_request',
      'opened',
      { installation: { id: 1 }, repository: REPO, pull_request: { number: 1, head: { sha: SHA, repo: { full_name: 'acme/widgets' } } } },
      'd',
    )!;
    const suite = checkTarget(
      'check_suite',
      'rerequested',
      { installation: { id: 1 }, repository: REPO, check_suite: { head_sha: SHA, pull_requests: [{ number: 1 }] } },
      'd',
    )!;
    expect([fork.sameRepository, own.sameRepository, suite.sameRepository]).to.deep.equal([false, true, false]);
  });
});
