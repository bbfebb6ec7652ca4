import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import { GithubClient, TOKEN_RENEW_BEFORE_MS } from '../../../daemon/github/github-client.js';
import { createLogger } from '../../../daemon/logging/create-logger.js';
import { FakeGithub } from '../../support/fake-github/fake-github.js';

const APP_ID = '4343';
const ROUTE = 'GET /repos/{owner}/{repo}/collaborators/{username}/permission';
const PARAMS = { owner: 'acme', repo: 'widgets', username: 'octocat' };

describe('GitHub App: installation tokens are renewed before they expire (stand-in issuing short-lived tokens)', function () {
  this.timeout(20_000);
  let fake: FakeGithub;
  let privateKey: string;

  beforeEach(async () => {
    privateKey = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }).privateKey;
    fake = new FakeGithub(APP_ID, privateKey);
    await fake.start();
  });
  afterEach(() => fake.stop());

  const client = () =>
    new GithubClient({ appId: APP_ID, privateKey, apiUrl: fake.url, logger: createLogger({ level: 'error', format: 'json', file: null }) });
  const tokenCalls = () => fake.calls.filter((c) => c.path === '/app/installations/7/access_tokens');
  const usedTokens = () =>
    fake.calls.filter((c) => c.path.startsWith('/repos/')).map((c) => String(c.authorization).replace(/^token /, ''));

  it('the stand-in refuses an expired token as GitHub does (401 Bad credentials)', async () => {
    fake.tokenLifetimeMs = 300;
    const github = client();
    const token = await github.token(7);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const reply = await fetch(`${fake.url}/repos/acme/widgets/collaborators/octocat/permission`, {
      headers: { authorization: `token ${token}` },
    });
    expect(reply.status).to.equal(401);
    expect(await reply.json()).to.deep.equal({ message: 'Bad credentials' });
  });

  it('a token is reused while it has time left (4 s of slack for two local requests), then renewed before use once under the margin', async () => {
    fake.tokenLifetimeMs = TOKEN_RENEW_BEFORE_MS + 4000;
    const github = client();
    const octokit = await github.installation(7);
    await octokit.request(ROUTE, PARAMS);
    await octokit.request(ROUTE, PARAMS);
    expect(tokenCalls(), 'one token for both requests').to.have.length(1);
    await new Promise((resolve) => setTimeout(resolve, 4100));
    // Now under the margin (still valid at the stand-in): renewed before the request, and before git gets it.
    await octokit.request(ROUTE, PARAMS);
    const forGit = await github.token(7);
    expect(tokenCalls()).to.have.length(2);
    const [first, second] = fake.issuedTokens;
    expect(usedTokens()).to.deep.equal([first, first, second]);
    expect(forGit).to.equal(second);
    expect(fake.calls.every((c) => c.status !== 401)).to.equal(true);
  });

  it('tokens shorter-lived than the margin (a stand-in issuing 1 s tokens) are renewed for each use, so none is used expired', async () => {
    fake.tokenLifetimeMs = 1000;
    const github = client();
    const octokit = await github.installation(7);
    for (let i = 0; i < 3; i++) {
      await octokit.request(ROUTE, PARAMS);
      await new Promise((resolve) => setTimeout(resolve, 600));
    }
    expect(fake.calls.filter((c) => c.path.startsWith('/repos/')).map((c) => c.status)).to.deep.equal([200, 200, 200]);
    expect(new Set(usedTokens()).size, 'a new token each time').to.equal(3);
    expect((await github.permissions(7)).checks).to.equal('write');
  });
});
