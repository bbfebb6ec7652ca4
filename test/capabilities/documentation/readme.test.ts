import { expect } from 'chai';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, type DocWorkspace } from './doc-workspace.js';

const ORIGINAL =
  '# toolkit\n\nHand-written introduction that a generated README must keep.\n\n## Why\n\nBecause fixtures need prose too.\n';

describe('capabilities/documentation/readme', function () {
  this.timeout(120_000);
  let ws: DocWorkspace;
  beforeEach(async () => {
    ws = await copyFixture('documentation/toolkit');
  });
  afterEach(() => ws.dispose());

  it('merges into an existing README: human text kept byte for byte, generated sections appended as marked regions (the diff only adds)', async () => {
    const { result, changes } = await ws.apply('documentation.readme', {});
    expect(changes.map((c) => c.path)).to.deep.equal(['README.md']);
    expect(changes[0]!.diff).to.be.a('string');
    const removed = changes[0]!.diff!.split('\n').filter((l) => l.startsWith('-') && !l.startsWith('---'));
    expect(removed, 'no line of the human README is removed').to.deep.equal([]);
    const readme = await ws.read('README.md');
    expect(readme.startsWith(ORIGINAL.trimEnd())).to.equal(true);
    expect(result.summary).to.equal(
      'Updated README.md (appended install, usage, scripts, configuration, api, project). Text outside the agentd regions is kept as written.',
    );
    expect(readme).to.include(
      '<!-- agentd:begin install -->\n## Install\n\n```sh\nnpm install @fixtures/toolkit\n```\n<!-- agentd:end install -->',
    );
    expect(readme).to.include('| `toolkit` | `./dist/cli.js` |');
    expect(readme).to.include('| `npm run build` | `tsc -p tsconfig.json` |\n| `npm test` | `node --test dist/` |');
    expect(readme).to.include('| `TOOLKIT_SEPARATOR` | `src/cli.ts:7` |');
    expect(readme).to.include('| `convert` | function | Converts a length to another unit. |');
    expect(readme).to.include('| `toMetres` | function (deprecated) |  |');
    expect(readme).to.include('### `@fixtures/toolkit/text`');
    expect(readme).to.include('- Node.js: >=20\n- License: MIT');
  });

  it('re-running changes nothing; a region edited by hand is regenerated, text outside regions is kept', async () => {
    await ws.apply('documentation.readme', {});
    const again = await ws.apply('documentation.readme', {});
    expect(again.changes).to.deep.equal([]);
    expect(again.result.summary).to.match(/^Unchanged README\.md/);
    const edited = (await ws.read('README.md'))
      .replace('| `npm test` | `node --test dist/` |', '| `npm test` | something stale |')
      .replace('Because fixtures need prose too.', 'Because fixtures need prose too. A line a human added.');
    await writeFile(path.join(ws.root, 'README.md'), edited);
    const third = await ws.apply('documentation.readme', {});
    expect(third.result.summary).to.match(/^Updated README\.md \(updated scripts; unchanged install, usage, configuration, api, project\)/);
    const readme = await ws.read('README.md');
    expect(readme).to.include('| `npm test` | `node --test dist/` |').and.not.include('something stale');
    expect(readme).to.include('A line a human added.');
  });

  it('a new README opens with the name and package.json description only, nothing invented', async () => {
    await rm(path.join(ws.root, 'README.md'));
    const { result, changes } = await ws.apply('documentation.readme', {});
    expect(changes.map((c) => [c.path, c.action])).to.deep.equal([['README.md', 'create']]);
    expect(result.summary).to.match(/^Created README\.md \(wrote install, usage, scripts, configuration, api, project\)/);
    const readme = await ws.read('README.md');
    const outsideRegions = readme.replace(/<!-- agentd:begin (\S+) -->[\s\S]*?<!-- agentd:end \1 -->/g, '').trim();
    expect(outsideRegions).to.equal(
      "# @fixtures/toolkit\n\nSmall geometry and text helpers used to test agentd's documentation capabilities.",
    );
  });

  it('refuses without a package.json', async () => {
    await rm(path.join(ws.root, 'package.json'));
    const refusal = await ws.refusal('documentation.readme', {});
    expect(refusal.code).to.equal('documentation_refused');
    expect(refusal.message).to.include('No package.json at the workspace root');
  });
});
