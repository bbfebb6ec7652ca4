import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  deliver,
  INSTALLATION_ID,
  pullRequestPayload,
  repositoryPayload,
  startAppWorld,
  TestRepository,
  type AppWorld,
} from './github-support.js';

/** Two injections the base already has (lines 3 and 6), which the pull request must not be blamed for. */
const BASE_DB = `const { exec } = require('child_process');
function lookup(req, db) {
  return db.query("SELECT * FROM users WHERE name = '" + req.query.name + "'");
}
function run(req) {
  exec('ls ' + req.query.dir);
}
module.exports = { lookup, run };
`;

/** The pull request adds one injection to db.js (line 9) and a new file with 60 (more than one annotation batch). */
const HEAD_DB = BASE_DB.replace(
  'module.exports = { lookup, run };\n',
  `function remove(req) {\n  exec('rm ' + req.body.file);\n}\nmodule.exports = { lookup, run, remove };\n`,
);
const MANY =
  Array.from(
    { length: 60 },
    (_, i) => `function task${i}(req) {\n  require('child_process').exec('echo ${i} ' + req.query.v${i});\n}\n`,
  ).join('') + 'module.exports = {};\n';

describe('GitHub App: pull-request check runs (fake GitHub, real daemon, real git)', function () {
  this.timeout(180_000);
  let world: AppWorld;
  let repo: TestRepository;
  let baseSha: string;
  let headSha: string;

  before(async () => {
    world = await startAppWorld();
    repo = new TestRepository(world, 'acme', 'widgets');
    baseSha = repo.commit('main', {
      'src/db.js': BASE_DB,
      'agentd.config.json': JSON.stringify({ checks: ['security'], failOn: 'high' }),
      'README.md': '# widgets\n',
    });
    headSha = repo.commit('feature', { 'src/db.js': HEAD_DB, 'src/many.js': MANY });
    world.fake.pullFiles.set(`${repo.fullName}#12`, repo.pullFiles(baseSha, headSha));
  });
  after(() => world?.close());

  it('pull_request opened: in_progress, then completed with annotations on changed lines only, in batches of 50, and failOn from the repository config', async () => {
    const started = Date.now();
    const reply = await deliver(world.daemon.url, 'pull_request', pullRequestPayload(repo, 'opened', 12, headSha, baseSha));
    expect(reply.status).to.equal(202);
    expect(reply.body).to.include({ accepted: true, handled: true });
    const run = await world.fake.waitFor(() =>
      [...world.fake.checkRuns.values()].find((r) => r.head_sha === headSha && r.status === 'completed'),
    );
    const latencyMs = Date.now() - started;
    const created = world.fake.calls.find((c) => c.method === 'POST' && c.path === `/repos/${repo.fullName}/check-runs`)!;
    expect(created.body).to.include({ name: 'agentd', head_sha: headSha, status: 'in_progress' });
    expect(run.conclusion).to.equal('failure');
    // 61 new findings: db.js line 9 and 60 in many.js; none on db.js lines 3 and 6, which the base had.
    const places = run.annotations.map((a) => `${a.path}:${a.start_line}`);
    expect(places).to.have.length(61);
    expect(places).to.include('src/db.js:9');
    expect(places).to.not.include('src/db.js:3').and.not.include('src/db.js:6');
    expect(places.filter((p) => p.startsWith('src/many.js:'))).to.have.length(60);
    expect(run.annotations.every((a) => a.annotation_level === 'failure' && String(a.title).includes('command-injection'))).to.equal(true);
    // The creation carried none, then 50 and 11: GitHub's limit per request.
    expect(run.annotationRequests).to.deep.equal([0, 50, 11]);
    expect(run.output.summary).to.include('| critical | 61 | 63 |').and.include('Quality gate: failed').and.include('agentd.config.json');
    expect(run.output.title).to.include('61 new finding(s)');
    // The head is in the repository's workspace cache.
    expect(existsSync(path.join(world.daemon.workspace, 'github', 'acme', 'widgets', 'head', 'src', 'many.js'))).to.equal(true);
    console.log(`      webhook -> completed check run: ${latencyMs} ms`);
  });

  it('check_suite rerequested re-runs the check on the same head, with the cached installation token', async () => {
    const before = world.fake.checkRuns.size;
    const payload = {
      action: 'rerequested',
      check_suite: {
        id: 5,
        head_sha: headSha,
        head_branch: 'feature',
        pull_requests: [{ number: 12, head: { sha: headSha }, base: { ref: 'main' } }],
      },
      repository: repositoryPayload(repo),
      installation: { id: INSTALLATION_ID },
    };
    expect((await deliver(world.daemon.url, 'check_suite', payload)).status).to.equal(202);
    const run = await world.fake.waitFor(() => [...world.fake.checkRuns.values()].slice(before).find((r) => r.status === 'completed'));
    expect(run.conclusion).to.equal('failure');
    expect(run.annotations).to.have.length(61);
    // One installation token served both checks (@octokit/auth-app's cache).
    expect(world.fake.calls.filter((c) => c.path === `/app/installations/${INSTALLATION_ID}/access_tokens`)).to.have.length(1);
  });

  it('check_run rerequested re-runs it too', async () => {
    const before = world.fake.checkRuns.size;
    const payload = {
      action: 'rerequested',
      check_run: { id: 1, name: 'agentd', head_sha: headSha, pull_requests: [{ number: 12 }] },
      repository: repositoryPayload(repo),
      installation: { id: INSTALLATION_ID },
    };
    expect((await deliver(world.daemon.url, 'check_run', payload)).body).to.include({ handled: true });
    const run = await world.fake.waitFor(() => [...world.fake.checkRuns.values()].slice(before).find((r) => r.status === 'completed'));
    expect(run.annotations).to.have.length(61);
  });

  it('a pull request that only touches clean lines passes, and a base finding never fails it', async () => {
    const cleanHead = repo.commit('docs', { 'README.md': '# widgets\n\nNow with docs.\n' });
    world.fake.pullFiles.set(`${repo.fullName}#13`, repo.pullFiles(baseSha, cleanHead));
    await deliver(world.daemon.url, 'pull_request', pullRequestPayload(repo, 'opened', 13, cleanHead, baseSha));
    const run = await world.fake.waitFor(() =>
      [...world.fake.checkRuns.values()].find((r) => r.head_sha === cleanHead && r.status === 'completed'),
    );
    expect(run.conclusion).to.equal('success');
    expect(run.annotations).to.have.length(0);
    expect(run.output.summary).to.include('| critical | 0 | 2 |').and.include('Quality gate: passed');
  });

  it('a head that cannot be fetched (force-pushed away) completes the check as failed, saying so', async () => {
    const gone = 'f'.repeat(40);
    world.fake.pullFiles.set(`${repo.fullName}#14`, []);
    await deliver(world.daemon.url, 'pull_request', pullRequestPayload(repo, 'synchronize', 14, gone, baseSha));
    const run = await world.fake.waitFor(() =>
      [...world.fake.checkRuns.values()].find((r) => r.head_sha === gone && r.status === 'completed'),
    );
    expect(run.conclusion).to.equal('failure');
    expect(run.output.summary).to.include('force-pushed away or its branch deleted');
  });

  it('a rate-limited call (429 with retry-after) is retried by Octokit, and the check still completes', async () => {
    const head = repo.commit('feature-2', { 'src/other.js': "require('child_process').exec('cat ' + process.argv[2]);\n" });
    world.fake.pullFiles.set(`${repo.fullName}#15`, repo.pullFiles(baseSha, head));
    world.fake.failNext('POST /repos/acme/widgets/check-runs', 429, {
      'retry-after': '1',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 1),
    });
    await deliver(world.daemon.url, 'pull_request', pullRequestPayload(repo, 'opened', 15, head, baseSha));
    const run = await world.fake.waitFor(() =>
      [...world.fake.checkRuns.values()].find((r) => r.head_sha === head && r.status === 'completed'),
    );
    expect(world.fake.calls.filter((c) => c.path === '/repos/acme/widgets/check-runs' && c.status === 429)).to.have.length(1);
    expect(run.status).to.equal('completed');
    expect(world.daemon.output()).to.include('rate limit');
  });

  it('events the App does not act on are 202 with handled: false; a bad signature is 401 JSON; nothing logs a token', async () => {
    const ignored = await deliver(world.daemon.url, 'star', { action: 'created', repository: repositoryPayload(repo) });
    expect(ignored.status).to.equal(202);
    expect(ignored.body).to.include({ accepted: true, handled: false });
    const closed = await deliver(world.daemon.url, 'pull_request', pullRequestPayload(repo, 'closed', 12, headSha, baseSha));
    expect(closed.body).to.include({ handled: false });
    const forged = await deliver(
      world.daemon.url,
      'pull_request',
      pullRequestPayload(repo, 'opened', 12, headSha, baseSha),
      randomUUID(),
      'not-the-secret-at-all',
    );
    expect(forged.status).to.equal(401);
    expect(forged.body.error.code).to.equal('unauthorized');
    const logs = world.daemon.output();
    for (const token of world.fake.issuedTokens) expect(logs).to.not.include(token);
    expect(logs).to.not.match(/ghs_[0-9a-f]{10,}/);
    // Every request agentd made conformed to GitHub's OpenAPI description of its operation.
    expect(world.fake.violations).to.deep.equal([]);
    // …and every answer the stand-in gave matched GitHub's description of the response (all required fields).
    expect(world.fake.responseViolations).to.deep.equal([]);
    expect(world.fake.calls.filter((c) => c.operationId === null)).to.deep.equal([]);
  });
});
