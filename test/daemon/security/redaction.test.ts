import { expect } from 'chai';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { request } from '../support/http-client.js';
import { API_KEY, startSecureDaemon, type SecureDaemon } from './secure-daemon.js';

const auth = { authorization: `Bearer ${API_KEY}` };

async function settled(t: SecureDaemon, id: string): Promise<Record<string, any>> {
  for (let i = 0; i < 400; i++) {
    const { body } = await request(t.url, 'GET', `/jobs/${id}`, undefined, auth);
    if (!['queued', 'running'].includes(body.status)) return body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${id} did not settle`);
}

/** The redactor hides the daemon's secrets in what leaves it, but never alters the user's files. */
describe('daemon: secret redaction and staged changes', function () {
  this.timeout(60_000);
  let t: SecureDaemon;
  before(async () => {
    t = await startSecureDaemon((config) => {
      config.security.apiKey = API_KEY;
    });
    await mkdir(path.join(t.workspace, 'project'));
  });
  after(() => t.close());

  it('a staged file holding the API key is shown redacted, and written back exactly on approval', async () => {
    const content = `token=${API_KEY}\n`;
    const submitted = await request(
      t.url,
      'POST',
      '/jobs',
      { capability: 'refactoring.test-writer', input: { path: 'settings.txt', content }, workspace: 'project' },
      auth,
    );
    expect(submitted.status).to.equal(202);
    const waiting = await settled(t, submitted.body.id);
    expect(waiting.status).to.equal('awaiting_approval');
    expect(JSON.stringify(waiting)).not.to.include(API_KEY);
    // The lean record carries the change's diff; the file text is served by reference. Both are redacted.
    expect(waiting.result.changes[0].diff).to.include('+token=<redacted>');
    const after = await request(t.url, 'GET', `/jobs/${submitted.body.id}/changes/0/after`, undefined, auth);
    expect(after.status).to.equal(200);
    expect(after.body).to.equal('token=<redacted>\n');
    await request(t.url, 'POST', `/jobs/${submitted.body.id}/followup`, { action: 'approve' }, auth);
    const done = await settled(t, submitted.body.id);
    expect(done.status, JSON.stringify(done.error)).to.equal('succeeded');
    expect(await readFile(path.join(t.workspace, 'project', 'settings.txt'), 'utf8')).to.equal(content);
    expect(t.output()).not.to.include(API_KEY);
  });
});
