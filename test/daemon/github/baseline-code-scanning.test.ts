import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Baseline } from '../../../daemon/github/default-branch-baseline.js';
import {
  deliver,
  INSTALLATION_ID,
  pullRequestPayload,
  repositoryPayload,
  startAppWorld,
  TestRepository,
  type AppWorld,
} from './github-support.js';

/** The base has one injection (line 3); the pull request re-indents it (a changed line, the same code) and adds one (line 7). */
const BASE = `const { exec } = require('child_process');
function run(req) {
  exec('ls ' + req.query.dir);
}
module.exports = { run };
`;
const HEAD = `const { exec } = require('child_process');
function run(req) {
  if (req.query.dir) {
    exec('ls ' + req.query.dir);
  }
}
function remove(req) { exec('rm ' + req.body.file); }
module.exports = { run, remove };
`;

const require = createRequire(import.meta.url);
const catalogue = JSON.parse(readFileSync(require.resolve('@octokit/webhooks-examples'), 'utf8')) as {
  name: string;
  examples: Record<string, unknown>[];
}[];

/** GitHub's recorded push to the default branch, pointed at a local repository and commit. */
function pushPayload(repo: TestRepository, sha: string, installationId = INSTALLATION_ID, branch = 'main') {
  const example = structuredClone(
    catalogue.find((event) => event.name === 'push')!.examples.find((e) => e.ref === 'refs/heads/master' && e.installation)!,
  );
  return {
    ...example,
    ref: `refs/heads/${branch}`,
    after: sha,
    repository: { ...(example.repository as object), ...repositoryPayload(repo) },
    installation: { ...(example.installation as object), id: installationId },
  };
}

describe('GitHub App: the default branch baseline (push events) and SARIF upload to code scanning', function () {
  this.timeout(240_000);
  let world: AppWorld;
  let repo: TestRepository;
  let firstSha: string;
  let baseSha: string;
  let headSha: string;

  const baselineOf = (r: TestRepository) =>
    JSON.parse(readFileSync(path.join(world.daemon.workspace, 'github', r.owner, r.name, 'baseline.json'), 'utf8')) as Baseline;
  const completed = (sha: string, after = 0) =>
    world.fake.waitFor(() => [...world.fake.checkRuns.values()].slice(after).find((r) => r.head_sha === sha && r.status === 'completed'));

  before(async () => {
    world = await startAppWorld((config) => {
      config.github.codeScanning = true;
    });
    world.fake.installationPermissions = { ...world.fake.installationPermissions, security_events: 'write' };
    repo = new TestRepository(world, 'acme', 'tools');
    firstSha = repo.commit('main', { 'README.md': '# tools\n', 'agentd.config.json': JSON.stringify({ checks: ['security'] }) });
    baseSha = repo.commit('main', { 'src/run.js': BASE });
    headSha = repo.commit('feature', { 'src/run.js': HEAD });
    world.fake.pullFiles.set(`${repo.fullName}#31`, repo.pullFiles(baseSha, headSha));
  });
  after(() => world?.close());

  it('before any push to the default branch, a re-indented base finding on a changed line is annotated, and the summary says there is no baseline', async () => {
    await deliver(world.daemon.url, 'pull_request', pullRequestPayload(repo, 'opened', 31, headSha, baseSha));
    const run = await completed(headSha);
    expect(run.annotations.map((a) => `${a.path}:${a.start_line}`).sort()).to.deep.equal(['src/run.js:4', 'src/run.js:7']);
    expect(run.output.summary).to.include('No baseline of the default branch yet');
  });

  it('a push to the default branch is scanned into the baseline, and its SARIF is uploaded for refs/heads/main (gzip + base64)', async () => {
    const reply = await deliver(world.daemon.url, 'push', pushPayload(repo, baseSha));
    expect(reply.body).to.include({ handled: true });
    await world.fake.waitFor(() => world.fake.sarifUploads.find((u) => u.ref === 'refs/heads/main'));
    const baseline = baselineOf(repo);
    expect(baseline).to.deep.include({ sha: baseSha, branch: 'main' });
    expect(baseline.fingerprints).to.have.length(1);
    const upload = world.fake.sarifUploads.find((u) => u.ref === 'refs/heads/main')!;
    expect(upload).to.deep.include({ repository: repo.fullName, commit_sha: baseSha, tool_name: 'agentd' });
    expect(upload.sarif.version).to.equal('2.1.0');
    expect(upload.sarif.runs[0]!.results).to.have.length(1);
    const call = world.fake.calls.find((c) => c.path === `/repos/${repo.fullName}/code-scanning/sarifs`)!;
    expect(call.status).to.equal(202);
    expect(Buffer.from(String(call.body!.sarif), 'base64').subarray(0, 2).toString('hex'), 'gzip magic').to.equal('1f8b');
  });

  it('with the baseline, the re-run check annotates only the new finding, says how many the base had, and uploads the head SARIF', async () => {
    const before = world.fake.checkRuns.size;
    const payload = {
      action: 'rerequested',
      check_suite: { id: 9, head_sha: headSha, head_branch: 'feature', pull_requests: [{ number: 31 }] },
      repository: repositoryPayload(repo),
      installation: { id: INSTALLATION_ID },
    };
    await deliver(world.daemon.url, 'check_suite', payload);
    const run = await completed(headSha, before);
    expect(run.annotations.map((a) => `${a.path}:${a.start_line}`)).to.deep.equal(['src/run.js:7']);
    expect(run.output.summary)
      .to.include(`Baseline: the default branch \`main\` at \`${baseSha.slice(0, 12)}\``)
      .and.include('1 finding(s) on changed lines that it already had are not blamed')
      .and.include('Code scanning: SARIF uploaded');
    const upload = world.fake.sarifUploads.filter((u) => u.ref === 'refs/pull/31/head').at(-1)!;
    expect(upload.commit_sha).to.equal(headSha);
    expect(upload.sarif.runs[0]!.results).to.have.length(2);
  });

  it('a push older than the baseline (a late delivery) leaves it alone; a push to another branch is not acted on', async () => {
    await deliver(world.daemon.url, 'push', pushPayload(repo, firstSha));
    await world.fake.waitFor(() => world.daemon.output().includes('default branch baseline kept: the push is older than it'));
    expect(baselineOf(repo).sha).to.equal(baseSha);
    const other = await deliver(world.daemon.url, 'push', pushPayload(repo, headSha, INSTALLATION_ID, 'feature'));
    expect(other.body).to.include({ handled: false });
  });

  it('an installation that does not grant security_events: write gets its baseline but no upload, and says why', async () => {
    world.fake.installationPermissions = { checks: 'write', contents: 'write', pull_requests: 'write', issues: 'write', metadata: 'read' };
    const other = new TestRepository(world, 'beta', 'lib');
    const sha = other.commit('main', { 'src/run.js': BASE });
    const uploads = world.fake.sarifUploads.length;
    await deliver(world.daemon.url, 'push', pushPayload(other, sha, 78));
    await world.fake.waitFor(() => world.daemon.output().includes('does not grant `security_events: write`'));
    expect(baselineOf(other).sha).to.equal(sha);
    expect(world.fake.sarifUploads.length).to.equal(uploads);
    expect(world.fake.calls.some((c) => c.path === '/repos/beta/lib/code-scanning/sarifs')).to.equal(false);
    // The owner grants it and accepts the new permissions: the next push is uploaded (a new token lists them).
    world.fake.installationPermissions = { ...world.fake.installationPermissions, security_events: 'write' };
    const accepted = {
      action: 'new_permissions_accepted',
      installation: { id: 78, account: { login: 'beta' } },
      sender: { login: 'beta' },
    };
    await deliver(world.daemon.url, 'installation', accepted);
    const next = other.commit('main', { 'README.md': '# lib\n' });
    await world.fake.waitFor(() => world.daemon.output().includes('GitHub App installation recorded'));
    await deliver(world.daemon.url, 'push', pushPayload(other, next, 78));
    const upload = await world.fake.waitFor(() => world.fake.sarifUploads.find((u) => u.repository === 'beta/lib'));
    expect(upload).to.deep.include({ commit_sha: next, ref: 'refs/heads/main' });
    // Every request agentd made conformed to GitHub's OpenAPI description of its operation.
    expect(world.fake.violations).to.deep.equal([]);
    // …and every answer the stand-in gave matched GitHub's description of the response (all required fields).
    expect(world.fake.responseViolations).to.deep.equal([]);
    expect(world.fake.calls.filter((c) => c.operationId === null)).to.deep.equal([]);
  });
});
