/**
 * documentation.contributing on fixtures/documentation/contrib-tooling (commitlint, husky, lint-staged,
 * changesets, a CI workflow, a PR template, a hand-written CONTRIBUTING.md) in a real git repository,
 * and on a bare project: every statement comes from a file or from git, human text is kept.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { createLocalContext } from '../../../../core/context/index.js';
import { run } from '../../../../capabilities/documentation/contributing.js';

const repo = fileURLToPath(new URL('../../../../../', import.meta.url));
const exec = promisify(execFile);

async function gitRepo(root: string, subjects: string[]): Promise<void> {
  const git = (...args: string[]) =>
    exec('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: root });
  await git('init', '-q', '-b', 'main');
  for (const [i, subject] of subjects.entries()) {
    await git('add', '-A');
    await git('commit', '-q', '--allow-empty', '-m', subject);
    if (i === 1) await git('tag', 'v2.0.0');
  }
  await git('tag', 'v2.1.0');
}

describe('documentation.contributing', function () {
  this.timeout(60_000);
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'agentd-contrib-'));
    await cp(path.join(repo, 'fixtures', 'documentation', 'contrib-tooling'), root, { recursive: true });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('derives every section from the tooling and git history, keeping the hand-written text', async () => {
    await gitRepo(root, [
      'feat: slugify',
      'fix(slug): trim dashes',
      'chore: release 2.0.0',
      'docs: changelog',
      'feat(slug)!: lower-case only',
    ]);
    const { ctx } = await createLocalContext({ root, permissions: { projectCode: true } });
    const result = await run({}, ctx);
    const text = await ctx.workspace.read('CONTRIBUTING.md');
    expect(text.startsWith('# Contributing to contrib-tooling\n\nThanks for helping! Please be kind in reviews.\n')).to.equal(true);
    const removed = ctx.workspace
      .changes()[0]!
      .diff!.split('\n')
      .filter((l) => l.startsWith('-') && !l.startsWith('---'));
    expect(removed).to.deep.equal([]);
    expect(text).to.include('You need Node.js 20 (the version this repository declares).');
    expect(text).to.include('| `npm run typecheck` | `tsc --noEmit` |').and.include('| `npm test` | `vitest run` |');
    expect(text).to.include('- Lint with ESLint (`eslint.config.js`): `npm run lint`.');
    expect(text).to.include('- Format with Prettier (`.prettierrc`): `npm run format`.');
    expect(text).to.include('- Type-check with TypeScript: `npm run typecheck`.');
    expect(text).to.include(
      'The code uses single quotes, no semicolons and 2-space indentation (detected from its prettier configuration).',
    );
    expect(text).to.include('- Staged files are checked before each commit by lint-staged (`.lintstagedrc.json`).');
    expect(text).to.include('Tests run with vitest: `npm test` (`vitest run`).');
    expect(text).to.include('Tests live in `test`, in files named `*.test.*`. Run one file with `npx vitest run <file>`.');
    expect(text).to.include('Commit messages are checked by commitlint (`commitlint.config.js`) and follow [Conventional Commits]');
    expect(text).to.include('- The `commit-msg` hook (`.husky/commit-msg`) runs `npx --no -- commitlint --edit "$1"`.');
    expect(text).to.include('- The `pre-commit` hook (`.husky/pre-commit`) runs `npx lint-staged`.');
    expect(text).to.include(
      'The history follows Conventional Commits (5 of the last 5 subjects); types in use: `feat`, `chore`, `docs`, `fix`.',
    );
    expect(text).to.include('Branch from `main` and open a pull request against it.');
    expect(text).to.include('Fill in the pull-request template (`.github/pull_request_template.md`).');
    expect(text).to.include('- CI: `.github/workflows/ci.yml` ("CI") runs on `push`, `pull_request`.');
    expect(text).to.include('- Releases use changesets (`.changeset/`): add a changeset with `npx changeset` in your pull request.');
    expect(text).to.include('- Versions are tagged (latest: `v2.1.0`, `v2.0.0`).');
    expect(result.summary).to.match(
      /^Updated CONTRIBUTING\.md \(6 sections from package\.json, 4 config files and 5 commits\)\. Text outside the agentd regions is kept as written\.$/,
    );
    const again = await run({}, ctx);
    expect(again.summary).to.match(/^Unchanged CONTRIBUTING\.md/);
  });

  it('without the project-code permission says git history was not read, and states no practice it did not find', async () => {
    const bare = await mkdtemp(path.join(tmpdir(), 'agentd-contrib-bare-'));
    try {
      await cp(path.join(root, 'package.json'), path.join(bare, 'package.json'));
      const { ctx } = await createLocalContext({ root: bare });
      const result = await run({}, ctx);
      const text = await ctx.workspace.read('CONTRIBUTING.md');
      expect(text).to.include('Git history was not read: git runs in the sandbox only with the project-code permission.');
      expect(text).to.include('No CI workflow, release tooling or pull-request template was found in this repository.');
      expect(text).not.to.include('Prettier (');
      expect(text).not.to.include('commitlint (');
      expect(result.summary).to.match(/^Created CONTRIBUTING\.md .*Git history was not read/);
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });
});
