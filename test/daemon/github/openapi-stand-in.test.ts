import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import { FakeGithub } from '../../support/fake-github/fake-github.js';
import { checkRun, integration, pullRequest } from '../../support/fake-github/github-objects.js';
import { OpenApiSubset } from '../../support/fake-github/openapi-subset.js';

const url = (path: string) => new URL(`http://stand-in${path}`);

describe("GitHub stand-in: requests checked against GitHub's REST OpenAPI description (@octokit/openapi subset)", () => {
  const openapi = new OpenApiSubset();

  it('names its source and accepts well-formed requests of the operations agentd calls', () => {
    expect(openapi.source).to.deep.include({ package: '@octokit/openapi' });
    expect(openapi.check('GET', url('/repos/acme/w/pulls/12/files?per_page=100&page=2'), null)).to.deep.equal({
      operationId: 'pulls/list-files',
      operation: 'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
      errors: [],
    });
    const run = { name: 'agentd', head_sha: 'a'.repeat(40), status: 'in_progress', started_at: '2026-11-26T19:00:00.000Z' };
    expect(openapi.check('POST', url('/repos/acme/w/check-runs'), run).errors).to.deep.equal([]);
  });

  it('refuses what GitHub refuses: wrong enum values, missing required fields, bad path parameters, bad dates', () => {
    const annotation = { path: 'a.js', start_line: 1, end_line: 1, annotation_level: 'error', message: 'm' };
    const patch = (body: Record<string, unknown>) => openapi.check('PATCH', url('/repos/acme/w/check-runs/5'), body);
    expect(patch({ status: 'done' })).to.deep.include({ operationId: 'checks/update' });
    expect(patch({ status: 'done' }).errors.join()).to.include('/status must be equal to one of the allowed values');
    expect(patch({ status: 'completed' }).errors.join(), 'completed needs a conclusion').to.include("required property 'conclusion'");
    expect(patch({ conclusion: 'success', output: { title: 't', summary: 's', annotations: [annotation] } }).errors.join()).to.include(
      '/output/annotations/0/annotation_level',
    );
    expect(patch({ conclusion: 'success', completed_at: 'yesterday' }).errors.join()).to.include('must match format "date-time"');
    expect(openapi.check('POST', url('/repos/acme/w/pulls'), { title: 'x' }).errors.join()).to.include("required property 'head'");
    expect(openapi.check('POST', url('/repos/acme/w/issues/x/comments'), { body: 'hi' }).errors.join()).to.include(
      'path parameter issue_number="x"',
    );
    expect(
      openapi.check('POST', url('/repos/acme/w/code-scanning/sarifs'), { ref: 'refs/heads/main', sarif: 'H4sI' }).errors.join(),
    ).to.include("required property 'commit_sha'");
    expect(openapi.check('DELETE', url('/repos/acme/w'), null)).to.deep.include({ operationId: null });
  });

  it("checks responses against the operation's success schema: the fields agentd read once are not enough", () => {
    const links = { api: 'http://stand-in', web: 'https://github.example' };
    // What the stand-in used to answer POST /check-runs with: the fields agentd reads.
    const thin = {
      id: 5,
      head_sha: 'a'.repeat(40),
      status: 'in_progress',
      name: 'agentd',
      html_url: 'https://github.example/acme/w/runs/5',
    };
    const errors = openapi.checkResponse('POST /repos/{owner}/{repo}/check-runs', 201, thin).join();
    for (const field of ['node_id', 'url', 'details_url', 'check_suite', 'output', 'app', 'pull_requests'])
      expect(errors).to.include(`required property '${field}'`);
    const app = integration(links, 4242, 'agentd-test', { checks: 'write' });
    const run = {
      id: 5,
      name: 'agentd',
      head_sha: 'a'.repeat(40),
      status: 'in_progress',
      // null until the run completes: the description's nullable enum
      conclusion: null,
      external_id: null,
      started_at: '2026-11-26T19:00:00Z',
      completed_at: null,
      details_url: null,
      output: {},
      annotationCount: 0,
    };
    expect(openapi.checkResponse('POST /repos/{owner}/{repo}/check-runs', 201, checkRun(links, 'acme/w', run, app))).to.deep.equal([]);
    expect(
      openapi
        .checkResponse('POST /repos/{owner}/{repo}/check-runs', 201, { ...checkRun(links, 'acme/w', run, app), conclusion: 'done' })
        .join(),
    ).to.include('/conclusion must be equal to one of the allowed values');
    expect(openapi.checkResponse('POST /repos/{owner}/{repo}/check-runs', 200, {}).join(), 'an undescribed success status').to.include(
      '200 is not a success status',
    );
    const pull = pullRequest(links, {
      number: 3,
      title: 't',
      body: null,
      state: 'open',
      maintainer_can_modify: true,
      head: { ref: 'f', sha: 'b'.repeat(40), repo: 'fork/w' },
      base: { ref: 'main', sha: 'c'.repeat(40), repo: 'acme/w' },
      author: 'octocat',
    });
    expect(openapi.checkResponse('GET /repos/{owner}/{repo}/pulls/{pull_number}', 200, pull)).to.deep.equal([]);
    const { repo: _repo, ...headWithoutRepo } = pull.head;
    expect(
      openapi.checkResponse('GET /repos/{owner}/{repo}/pulls/{pull_number}', 200, { ...pull, head: headWithoutRepo }).join(),
    ).to.include("/head must have required property 'repo'");
    expect(
      openapi.checkResponse('GET /repos/{owner}/{repo}/pulls/{pull_number}', 404, { message: 'Not Found' }),
      'errors are not checked',
    ).to.deep.equal([]);
  });

  it('answers a refused request 422 as GitHub does and records it as a violation', async () => {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const fake = new FakeGithub('1', privateKey);
    await fake.start();
    try {
      const reply = await fetch(`${fake.url}/repos/acme/w/check-runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'agentd', head_sha: 'a'.repeat(40), status: 'running' }),
      });
      expect(reply.status).to.equal(422);
      expect(((await reply.json()) as { message: string }).message).to.match(/^Invalid request\./);
      expect(fake.violations).to.have.length(1);
      expect(fake.calls[0]!.operationId).to.equal('checks/create');
    } finally {
      await fake.stop();
    }
  });
});
