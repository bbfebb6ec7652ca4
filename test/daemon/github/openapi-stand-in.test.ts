import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import { FakeGithub } from '../../support/fake-github/fake-github.js';
import { OpenApiRequests } from '../../support/fake-github/openapi-requests.js';

const url = (path: string) => new URL(`http://stand-in${path}`);

describe("GitHub stand-in: requests checked against GitHub's REST OpenAPI description (@octokit/openapi subset)", () => {
  const openapi = new OpenApiRequests();

  it('names its source and accepts well-formed requests of the operations agentd calls', () => {
    expect(openapi.source).to.deep.include({ package: '@octokit/openapi' });
    expect(openapi.check('GET', url('/repos/acme/w/pulls/12/files?per_page=100&page=2'), null)).to.deep.equal({
      operationId: 'pulls/list-files',
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
