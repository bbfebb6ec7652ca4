import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { request, useEngineAndWorkspace } from './engine-harness.js';

describe('pipeline engine: per-step changes and a seeded overlay', function () {
  const t = useEngineAndWorkspace({ 'src/a.txt': 'original\n' });

  it("records each step's own changes: step 1 is diffed against what step 0 staged, not against the disk", async function () {
    const outcome = await t.engine().run(
      request(t.root(), [
        { capability: 'refactoring.test-writer', input: { path: 'src/a.txt', content: 'first\n' } },
        { capability: 'refactoring.test-writer', input: { path: 'src/a.txt', content: 'second\n' } },
        { capability: 'refactoring.test-writer', input: { path: 'src/b.txt', content: 'new\n' } },
      ]),
    );
    expect(outcome.status).to.equal('succeeded');
    const [zero, one, two] = outcome.steps.map((step) => step.changes!);
    expect(zero!.map((c) => [c.path, c.action, c.before, c.after])).to.deep.equal([['src/a.txt', 'modify', 'original\n', 'first\n']]);
    expect(one!.map((c) => [c.path, c.before, c.after])).to.deep.equal([['src/a.txt', 'first\n', 'second\n']]);
    expect(one![0]!.diff).to.include('-first').and.include('+second');
    expect(two!.map((c) => [c.path, c.action])).to.deep.equal([['src/b.txt', 'create']]);
    // The run's result is still the whole overlay against the disk.
    expect(outcome.result!.changes.map((c) => [c.path, c.before ?? null, c.after])).to.deep.equal([
      ['src/a.txt', 'original\n', 'second\n'],
      ['src/b.txt', null, 'new\n'],
    ]);
  });

  it('starts the first step from RunRequest.staged, so it reads the seeded content and the run reports it as a change', async function () {
    const outcome = await t.engine().run(
      request(t.root(), [{ capability: 'analysis.test-reader', input: { path: 'src/a.txt' } }], {
        staged: [{ path: 'src/a.txt', content: 'seeded\n' }],
      }),
    );
    expect(outcome.status, JSON.stringify(outcome.error)).to.equal('succeeded');
    expect(JSON.stringify(outcome.steps[0]!.result!.data)).to.include('seeded');
    expect(outcome.steps[0]!.changes).to.deep.equal([]);
    expect(outcome.result!.changes.map((c) => c.after)).to.deep.equal(['seeded\n']);
    expect(await readFile(join(t.root(), 'src/a.txt'), 'utf8')).to.equal('original\n');
  });
});
