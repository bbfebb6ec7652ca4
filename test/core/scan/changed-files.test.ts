import { expect } from 'chai';
import ignore from 'ignore';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { changedFiles, exactPattern } from '../../../core/scan/index.js';
import { isAgentdError } from '../../../core/errors/index.js';
import { SIMPLE, git, makeRepo, writeFiles } from './sample-project.js';

describe('core/scan changedFiles (--changed-since)', () => {
  it('lists files committed since the ref plus modified, staged and untracked ones, without deleted files', async () => {
    const root = makeRepo({ 'src/a.ts': SIMPLE, 'src/b.ts': SIMPLE, 'src/c.ts': SIMPLE, 'src/gone.ts': SIMPLE, 'src/same.ts': SIMPLE });
    git(root, 'checkout', '-q', '-b', 'feature');
    writeFiles(root, { 'src/a.ts': `${SIMPLE}\n// changed on the branch\n` });
    rmSync(path.join(root, 'src/gone.ts'));
    git(root, 'commit', '-q', '-am', 'change a, delete gone');
    writeFiles(root, { 'src/b.ts': `${SIMPLE}// not committed\n`, 'src/new.ts': SIMPLE, 'src/staged.ts': SIMPLE });
    git(root, 'add', 'src/staged.ts');
    expect(await changedFiles(root, 'main')).to.deep.equal(['src/a.ts', 'src/b.ts', 'src/new.ts', 'src/staged.ts']);
  });

  it('gives paths relative to a scan root below the repository root', async () => {
    const root = makeRepo({ 'pkg/src/a.ts': SIMPLE, 'other/b.ts': SIMPLE });
    writeFiles(root, { 'pkg/src/a.ts': `${SIMPLE}// edit\n`, 'other/b.ts': `${SIMPLE}// edit\n` });
    expect(await changedFiles(path.join(root, 'pkg'), 'HEAD')).to.deep.equal(['src/a.ts']);
  });

  it("refuses a ref git does not know with git's own message", async () => {
    const root = makeRepo({ 'a.ts': SIMPLE });
    const error = await changedFiles(root, 'no-such-branch').catch((e: unknown) => e);
    expect(isAgentdError(error) && error.code).to.equal('invalid_input');
    expect((error as Error).message)
      .to.contain('no-such-branch')
      .and.to.match(/unknown revision|bad revision|ambiguous argument/);
  });

  it('refuses something that looks like an option instead of a ref', async () => {
    const root = makeRepo({ 'a.ts': SIMPLE });
    writeFileSync(path.join(root, 'a.ts'), `${SIMPLE}//x\n`);
    const error = await changedFiles(root, '--output=/tmp/x').catch((e: unknown) => e);
    expect(isAgentdError(error) && error.code).to.equal('invalid_input');
  });

  it('turns a changed path into an include pattern that matches that file only', () => {
    const pages = ignore().add(exactPattern('pages/[id].tsx'));
    expect(pages.ignores('pages/[id].tsx')).to.equal(true);
    expect(pages.ignores('pages/i.tsx')).to.equal(false);
    const top = ignore().add(exactPattern('index.ts'));
    expect(top.ignores('index.ts')).to.equal(true);
    expect(top.ignores('sub/index.ts')).to.equal(false);
  });
});
