import { expect } from 'chai';
import { isWorkspacePattern, matchesWorkspacePattern } from '../../../daemon/config/workspace-patterns.js';

describe('security.trustedWorkspaces patterns', () => {
  const cases: Array<[string, string[], boolean]> = [
    ['repos/app', ['repos/*'], true],
    ['repos/app/packages/api', ['repos/*'], true],
    ['repos', ['repos/*'], false],
    ['other/app', ['repos/*'], false],
    ['reposx/app', ['repos/*'], false],
    ['a/b/c', ['a/**/c'], true],
    ['a/c', ['a/**/c'], true],
    ['app', ['app'], true],
    ['app2', ['app'], false],
    ['x.y', ['x?y'], true],
    ['xzy', ['x.y'], false],
    ['anything/at/all', ['*'], true],
    ['.', ['*'], true],
    ['.', ['repos/*'], false],
    ['.', ['.'], true],
    ['repos/app', [], false],
  ];
  for (const [workspace, patterns, trusted] of cases) {
    it(`"${workspace}" is ${trusted ? '' : 'not '}trusted by ${JSON.stringify(patterns)}`, () => {
      expect(matchesWorkspacePattern(workspace, patterns)).to.equal(trusted);
    });
  }

  it('accepts relative patterns and refuses absolute ones, "..", backslashes and empty segments', () => {
    for (const good of ['*', '.', 'repos/*', './repos/app', 'repos/app/', 'a/**/b']) expect(isWorkspacePattern(good), good).to.equal(true);
    for (const bad of ['/srv/repos', '../x', 'a/../b', 'a\\b', 'a//b', 'C:/x', 'a/./b'])
      expect(isWorkspacePattern(bad), bad).to.equal(false);
  });
});
