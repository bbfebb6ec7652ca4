import { expect } from 'chai';
import { addedLines, changedLines, isChanged } from '../../../daemon/github/changed-lines.js';
import { parseCommand } from '../../../daemon/github/comment-command.js';
import { jobLink } from '../../../daemon/github/dashboard-link.js';
import { describeGithubError, withoutTokens } from '../../../daemon/github/github-errors.js';
import { repositoryName, safeRef } from '../../../daemon/github/repository-names.js';
import { ScanSlots } from '../../../daemon/github/scan-slots.js';

describe('GitHub App parts', () => {
  it('added lines of a patch: several hunks, context, removals and "no newline" markers', () => {
    const patch = [
      '@@ -1,3 +1,4 @@',
      ' a',
      '-b',
      '+B',
      '+C',
      ' d',
      '\\ No newline at end of file',
      '@@ -10,2 +11,3 @@ function x() {',
      ' k',
      '+l',
      ' m',
    ].join('\n');
    expect([...addedLines(patch)]).to.deep.equal([2, 3, 12]);
    const changed = changedLines([
      { filename: 'a.js', status: 'modified', patch },
      { filename: 'gone.js', status: 'removed', patch: '@@ -1 +0,0 @@\n-x' },
      { filename: 'big.js', status: 'added' },
      { filename: 'huge.js', status: 'modified' },
    ]);
    expect(isChanged(changed, 'a.js', 3)).to.equal(true);
    expect(isChanged(changed, 'a.js', 4)).to.equal(false);
    expect(isChanged(changed, 'big.js', 999), 'an added file without a patch is wholly new').to.equal(true);
    expect(isChanged(changed, 'huge.js', 1), 'a modified file without a patch is not annotated').to.equal(false);
    expect(isChanged(changed, 'gone.js', 1)).to.equal(false);
  });

  it('commands: the first line only, case-insensitive, with refine, cancel, approve and help', () => {
    expect(parseCommand('/agentd rename a to b\nmore text')).to.deep.equal({ kind: 'task', task: 'rename a to b' });
    expect(parseCommand('  /AGENTD approve ')).to.deep.equal({ kind: 'approve' });
    expect(parseCommand('/agentd refine call it c')).to.deep.equal({ kind: 'refine', message: 'call it c' });
    expect(parseCommand('/agentd cancel')).to.deep.equal({ kind: 'cancel' });
    expect(parseCommand('/agentd')).to.deep.equal({ kind: 'help' });
    expect(parseCommand('please /agentd approve')).to.equal(null);
    expect(parseCommand('/agentdx approve')).to.equal(null);
    expect(parseCommand(undefined)).to.equal(null);
  });

  it('tokens, JWTs and URL credentials are redacted from error texts', () => {
    const token = 'ghs_16C7e42F292c6912E7710c838347Ae178B4a';
    const text = withoutTokens(
      `push to https://x-access-token:${token}@github.com/a/b.git failed; Authorization: Bearer eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiI0MiJ9.c2lnbmF0dXJl; other ${token}`,
    );
    expect(text).to.not.include(token).and.not.include('eyJhbGci');
    expect(text).to.include('https://[REDACTED]@github.com/a/b.git');
    const octokitError = Object.assign(new Error(`Bad credentials ${token}`), {
      status: 401,
      request: { method: 'GET', url: 'https://api.github.com/repos/a/b/pulls/1/files?page=1' },
    });
    expect(describeGithubError(octokitError)).to.equal('GitHub API 401 on GET /repos/a/b/pulls/1/files: Bad credentials [REDACTED]');
    expect(withoutTokens('secret value 0123456789', ['0123456789'])).to.equal('secret value [REDACTED]');
  });

  it("a job's dashboard link needs the public URL and the dashboard on; the id is escaped", () => {
    expect(jobLink('https://agentd.example.com//', true)('a1b2')).to.equal('https://agentd.example.com/ui/#/jobs/a1b2');
    expect(jobLink('https://h.example/agentd', true)('x/y')).to.equal('https://h.example/agentd/ui/#/jobs/x%2Fy');
    expect(jobLink('https://agentd.example.com', false)('a1b2'), 'dashboard off').to.equal(null);
    expect(jobLink(null, true)('a1b2'), 'no public URL').to.equal(null);
  });

  it('names from payloads: owner/name only, no dot-dot, no option-looking refs', () => {
    expect(repositoryName('acme/widgets.js').fullName).to.equal('acme/widgets.js');
    for (const bad of ['../x', 'acme/..', 'acme', 'a/b/c', 'acme/wid gets', 42])
      expect(() => repositoryName(bad), String(bad)).to.throw(/owner\/name/);
    expect(safeRef('feature/x-1')).to.equal('feature/x-1');
    for (const bad of ['-x', 'a..b', 'a b', 'x.lock', 'x/']) expect(() => safeRef(bad), bad).to.throw();
  });

  it('scan slots run at most N at once, the others in arrival order', async () => {
    const slots = new ScanSlots(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        slots.run(async () => {
          running++;
          peak = Math.max(peak, running);
          order.push(i);
          await new Promise((resolve) => setTimeout(resolve, 20));
          running--;
        }),
      ),
    );
    expect(peak).to.equal(2);
    expect(order).to.deep.equal([0, 1, 2, 3, 4, 5]);
  });
});
