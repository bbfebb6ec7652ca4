import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_EVENTS } from '../../../daemon/github/app-manifest.js';
import { pushTarget } from '../../../daemon/github/default-branch-baseline.js';
import { checkTarget } from '../../../daemon/github/pull-request-check.js';
import { commentRequest } from '../../../daemon/github/task-comments.js';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../bin/agentd.js');
const REPO = { full_name: 'acme/widgets', default_branch: 'main' };
const SHA = 'a'.repeat(40);

describe('GitHub App manifest and `agentd github setup`', () => {
  it('prints the manifest with the webhook URL, the permissions and exactly the events the App acts on', () => {
    const manifest = JSON.parse(
      execFileSync(process.execPath, [BIN, 'github', 'setup', '--url', 'https://agentd.example.com/', '--json'], { encoding: 'utf8' }),
    );
    expect(manifest.hook_attributes).to.deep.equal({ url: 'https://agentd.example.com/webhooks/github', active: true });
    expect(manifest.default_permissions).to.deep.equal({
      checks: 'write',
      contents: 'write',
      pull_requests: 'write',
      issues: 'write',
      metadata: 'read',
    });
    expect(manifest.default_events).to.deep.equal([...APP_EVENTS]);
    expect(manifest.public).to.equal(false);
    const withCodeScanning = JSON.parse(
      execFileSync(process.execPath, [BIN, 'github', 'setup', '--url', 'https://agentd.example.com', '--json', '--code-scanning'], {
        encoding: 'utf8',
      }),
    );
    expect(withCodeScanning.default_permissions).to.deep.include({ security_events: 'write', checks: 'write' });
  });

  it('every subscribed event has an action the App acts on', () => {
    const acted: Record<(typeof APP_EVENTS)[number], boolean> = {
      pull_request:
        checkTarget(
          'pull_request',
          'opened',
          { installation: { id: 1 }, repository: REPO, pull_request: { number: 1, head: { sha: SHA } } },
          'd',
        ) !== null,
      check_suite:
        checkTarget(
          'check_suite',
          'rerequested',
          { installation: { id: 1 }, repository: REPO, check_suite: { head_sha: SHA, pull_requests: [{ number: 1 }] } },
          'd',
        ) !== null,
      check_run:
        checkTarget(
          'check_run',
          'rerequested',
          { installation: { id: 1 }, repository: REPO, check_run: { head_sha: SHA, pull_requests: [{ number: 1 }] } },
          'd',
        ) !== null,
      issue_comment:
        commentRequest(
          'issue_comment',
          {
            action: 'created',
            installation: { id: 1 },
            repository: REPO,
            issue: { number: 1 },
            comment: { id: 2, body: '/agentd approve', user: { login: 'a', type: 'User' } },
          },
          'd',
        ) !== null,
      push:
        pushTarget('push', { ref: 'refs/heads/main', after: SHA, installation: { id: 1 }, repository: REPO }, 'd') !== null &&
        pushTarget('push', { ref: 'refs/heads/feature', after: SHA, installation: { id: 1 }, repository: REPO }, 'd') === null,
    };
    expect(Object.values(acted).every(Boolean), JSON.stringify(acted)).to.equal(true);
  });

  it('a bad --url is a usage error (exit 2)', () => {
    let status = 0;
    try {
      execFileSync(process.execPath, [BIN, 'github', 'setup', '--url', 'not a url'], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      status = (error as { status: number }).status;
    }
    expect(status).to.equal(2);
  });
});
