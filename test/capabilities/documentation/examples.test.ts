import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { codeTokens } from '../../../capabilities/documentation/inline/comments-only.js';
import { copyFixture, repo, type DocWorkspace } from './doc-workspace.js';

const run = promisify(execFile);

describe('capabilities/documentation/examples', function () {
  this.timeout(120_000);
  let ws: DocWorkspace;
  beforeEach(async () => {
    ws = await copyFixture('documentation/toolkit');
  });
  afterEach(() => ws.dispose());

  it("on the toolkit: examples from its node:test calls with the values they assert, under the package's public names and imports", async () => {
    const { result, changes } = await ws.apply('documentation.examples', {});
    expect(changes.map((c) => [c.path, c.action])).to.deep.equal([['docs/examples.md', 'create']]);
    expect(result.summary).to.equal(
      'Created docs/examples.md: 15 export(s): 11 from real calls (9 with a result a test asserts), 4 from the signature (formatLength, Ids.isEmpty, nextId, toMetres: nothing calls them with standalone arguments). Abstract classes have none: IdSource. The 18 example(s) from real calls were not run (project code not allowed: running an example runs the package).',
    );
    const md = await ws.read('docs/examples.md');
    // `pad` imported by the test is published as `padId`; `slugify` comes from the ./text subpath.
    expect(md).to.include("```ts\nimport { padId } from '@fixtures/toolkit';\n\npadId('ab', 3); // => '0ab'\n```");
    expect(md).to.include(
      "From `src/text.test.ts:11`, `src/text.test.ts:12`, `src/text.test.ts:13`; `// =>` is the result the test asserts.\n\n```ts\nimport { truncate } from '@fixtures/toolkit/text';\n\ntruncate('short', 10); // => 'short'\ntruncate('a long sentence', 6); // => 'a lon…'\ntruncate('text', 0); // throws RangeError\n```",
    );
    // A value held in a const of the test is asserted through it; an argument held in one becomes a setup line.
    expect(md).to.include("parseLength('12.5 cm'); // => { value: 12.5, unit: Unit.Centimetre }");
    expect(md).to.include(
      "import { Rectangle, totalArea } from '@fixtures/toolkit';\n\nconst shapes = [new Rectangle(2, 3), new Rectangle(1, 1)];\ntotalArea(shapes); // => 7",
    );
    expect(md).to.include("await countWords(async () => 'one two  three'); // => 3");
    // A method call is an example of its class, its instance a setup line; one made after the instance changed is left out.
    expect(md).to.include('const circle = new Circle(2);\ncircle.area(); // => Math.PI * 4\n```');
    expect(md).to.include(
      "## `Registry`\n\nFrom `src/registry.test.ts:7` (a test, with no asserted result).\n\n```ts\nimport { Registry } from '@fixtures/toolkit';\n\nconst registry = new Registry<number>();\nregistry.add('one', 1);\n```",
    );
    expect(md).not.to.include("registry.get('one')");
    expect(md).to.include(
      "## `toMetres`\n\n_No call of it with standalone arguments in the tests or the code: built from the signature (the parameter names are placeholders)._\n\n```ts\nimport { toMetres } from '@fixtures/toolkit';\n\ntoMetres(length); // from the signature\n```",
    );
    // cli.ts calls slugify with process.argv: not standalone, not shown; the never-exported internalScale is absent.
    expect(md).not.to.include('process');
    expect(md).not.to.include('internalScale');
    // Every name shown is exported by the package.
    const names = [...md.matchAll(/^## `([^`]+)`/gm)].map((m) => m[1]);
    expect(names).to.have.length(15);
    const examples = (result.data as { examples: { name: string; source: string }[] }).examples;
    expect(examples.filter((e) => e.source === 'signature').map((e) => e.name)).to.deep.equal([
      'formatLength',
      'Ids.isEmpty',
      'nextId',
      'toMetres',
    ]);
  });

  it('re-running changes nothing; a hand-edited region is regenerated and text outside the regions is kept', async () => {
    await ws.apply('documentation.examples', {});
    const again = await ws.apply('documentation.examples', {});
    expect(again.changes).to.deep.equal([]);
    expect(again.result.summary).to.match(/^Unchanged docs\/examples\.md: 15 export\(s\)/);
    const edited = (await ws.read('docs/examples.md'))
      .replace("padId('ab', 3); // => '0ab'", "padId('ab', 3); // => 'stale'")
      .replace("from the project's own tests and code.", "from the project's own tests and code.\n\nA paragraph a human added.");
    await writeFile(path.join(ws.root, 'docs/examples.md'), edited);
    const third = await ws.apply('documentation.examples', {});
    expect(third.result.summary).to.match(/^Updated docs\/examples\.md/);
    const md = await ws.read('docs/examples.md');
    expect(md).to.include("padId('ab', 3); // => '0ab'").and.not.include('stale');
    expect(md).to.include('A paragraph a human added.');
  });

  it('target tsdoc: @example blocks in the doc comments only — code tokens unchanged, existing comments kept, the project still type-checks; a re-run adds nothing', async () => {
    const before = new Map<string, string>();
    for (const f of ['src/units.ts', 'src/text.ts']) before.set(f, await ws.read(f));
    const { result, changes } = await ws.apply('documentation.examples', { target: 'tsdoc' });
    expect(result.summary).to.match(/^Added 15 @example block\(s\)\./);
    expect(changes.map((c) => c.path)).to.deep.equal([
      'src/ids.ts',
      'src/registry.ts',
      'src/shapes/shapes.ts',
      'src/text.ts',
      'src/units.ts',
    ]);
    for (const [f, text] of before) expect(codeTokens(f, await ws.read(f))).to.deep.equal(codeTokens(f, text));
    const units = await ws.read('src/units.ts');
    expect(units).to.include(
      " * @returns the same length expressed in `to`\n *\n * @example\n * ```ts\n * import { convert, Unit } from '@fixtures/toolkit';\n *\n * convert({ value: 2, unit: Unit.Metre }, Unit.Centimetre); // => { value: 200, unit: Unit.Centimetre }\n * ```\n */\nexport function convert(",
    );
    // The file's opening comment stays the file's: slugify gets a comment of its own.
    const text = await ws.read('src/text.ts');
    expect(text.startsWith('/** Text helpers, also published as the "./text" subpath. */\n\n/**\n * @example\n')).to.equal(true);
    const tsc = path.join(repo, 'node_modules', '.bin', 'tsc');
    await run(tsc, ['-p', path.join(ws.root, 'tsconfig.json'), '--noEmit']);
    const again = await ws.apply('documentation.examples', { target: 'tsdoc' });
    expect(again.changes).to.deep.equal([]);
    expect(again.result.summary).to.match(/^Unchanged: no @example block added\. 15 already had an @example, left as written/);
  });

  it("symbol narrows to one export; the asserted results shown are checked by running the fixture's own tests (tsc, then node --test)", async () => {
    const { result } = await ws.apply('documentation.examples', { symbol: 'slugify' });
    expect(result.summary).to.equal(
      'Created docs/examples.md: 1 export(s): 1 from real calls (1 with a result a test asserts), 0 from the signature. The 2 example(s) from real calls were not run (project code not allowed: running an example runs the package).',
    );
    expect(await ws.read('docs/examples.md')).to.include(
      "slugify('Hello, World!'); // => 'hello-world'\nslugify('Tea Time', '_'); // => 'tea_time'",
    );
    await run(path.join(repo, 'node_modules', '.bin', 'tsc'), ['-p', path.join(ws.root, 'tsconfig.json')]);
    const tests = await run(process.execPath, ['--test', 'dist/'], { cwd: ws.root });
    expect(tests.stdout).to.match(/# pass 9\n# fail 0/);
  });

  it('a CommonJS package (legacy-js-package): exports.format = require(...) objects give format.f examples, required as the package does', async () => {
    const legacy = await copyFixture('legacy-js-package');
    try {
      const { result } = await legacy.apply('documentation.examples', {});
      expect(result.summary).to.match(
        /^Created docs\/examples\.md: 17 export\(s\): 14 from real calls \(10 with a result a test asserts\), 3 from the signature/,
      );
      const md = await legacy.read('docs/examples.md');
      expect(md).to.include("```js\nconst { counters } = require('legacy-js-package');\n\ncounters.total([1, 2, 3]); // => 6\n```");
      expect(md).to.include("format.fullName({ first: 'Ada', last: 'Lovelace' }); // => 'Ada Lovelace'");
      expect(md).not.to.include('version');
    } finally {
      await legacy.dispose();
    }
  });
});
