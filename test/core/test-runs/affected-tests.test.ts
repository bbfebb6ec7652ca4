/**
 * core/test-runs: which test files a change affects (reverse import closure ∩ the runner's selection),
 * which files mocha selects from its JSON configuration and the script's words, and spec globs.
 */
import { expect } from 'chai';
import { affectedTests, globToRegExp, mochaSelection, withoutConfiguredSpec } from '../../../core/index.js';

const LINKS: [string, string][] = [
  ['lib/invoice.js', 'lib/money.js'],
  ['test/invoice.test.js', 'lib/invoice.js'],
  ['test/invoice.test.js', 'test/support/data.js'],
  ['test/money.test.js', 'lib/money.js'],
  ['test/stock.test.js', 'lib/stock.js'],
  ['test/support/data.js', 'lib/stock.js'],
];
const SELECTED = ['test/invoice.test.js', 'test/money.test.js', 'test/stock.test.js'];
const modify = (path: string): { path: string; action: 'modify' } => ({ path, action: 'modify' });

describe('core/test-runs: affected tests', () => {
  it("follows importers transitively, through modules that are no test files, and keeps the runner's files only", () => {
    expect(affectedTests([modify('lib/money.js')], LINKS, SELECTED)).to.deep.equal({
      files: ['test/invoice.test.js', 'test/money.test.js'],
      of: 3,
    });
    expect(affectedTests([modify('lib/stock.js')], LINKS, SELECTED)).to.deep.equal({
      files: ['test/invoice.test.js', 'test/stock.test.js'],
      of: 3,
    });
    expect(affectedTests([modify('test/money.test.js')], LINKS, SELECTED)).to.deep.equal({ files: ['test/money.test.js'], of: 3 });
  });

  it('runs everything, saying why, for what the graph cannot follow', () => {
    expect(affectedTests([modify('lib/money.js'), modify('package.json')], LINKS, SELECTED)).to.deep.equal({
      files: null,
      reason: 'package.json is not a JS/TS module the import graph follows',
    });
    expect(affectedTests([modify('types/index.d.ts')], LINKS, SELECTED).files).to.equal(null);
    expect(affectedTests([{ path: 'lib/stock.js', action: 'delete' }], LINKS, SELECTED)).to.deep.equal({
      files: null,
      reason: 'lib/stock.js is deleted (the imports it leaves broken are not in the graph)',
    });
    expect(affectedTests([modify('lib/unused.js')], LINKS, SELECTED)).to.deep.equal({
      files: null,
      reason: 'no test file the runner selects imports the changed modules',
    });
    expect(affectedTests([], LINKS, SELECTED).files).to.equal(null);
  });
});

describe('core/test-runs: mocha selection', () => {
  const FILES = ['test/a.test.js', 'test/deep/b.test.js', 'test/helper.js', 'test/c.spec.ts', 'src/d.test.js', 'package.json'];
  const reader =
    (files: Record<string, string>) =>
    async (file: string): Promise<string | null> =>
      files[file] ?? null;
  const selected = async (
    files: Record<string, string>,
    options: string[] = [],
    positionals: string[] = [],
  ): Promise<string[] | string> => {
    const s = await mochaSelection(reader(files), options, positionals, FILES);
    return s.known ? FILES.filter((f) => s.selects(f)) : s.reason;
  };

  it('defaults to ./test (its .js files, subfolders with --recursive, more extensions with --extension)', async () => {
    expect(await selected({})).to.deep.equal(['test/a.test.js', 'test/helper.js']);
    expect(await selected({}, ['--recursive'])).to.deep.equal(['test/a.test.js', 'test/deep/b.test.js', 'test/helper.js']);
    expect(await selected({}, ['--extension', 'ts'])).to.deep.equal(['test/a.test.js', 'test/helper.js', 'test/c.spec.ts']);
  });

  it("reads .mocharc.json(c) and package.json's mocha key; the script's positionals are added to the configured spec", async () => {
    const rc = { '.mocharc.jsonc': '{ // comment\n "spec": ["test/**/*.test.js"], "ignore": ["test/deep/**"] }' };
    expect(await selected(rc)).to.deep.equal(['test/a.test.js']);
    expect(await selected(rc, [], ['src/*.test.js'])).to.deep.equal(['test/a.test.js', 'src/d.test.js']);
    expect(await selected({ 'package.json': '{"mocha": {"spec": "./test/{a,c}.*"}}' })).to.deep.equal(['test/a.test.js', 'test/c.spec.ts']);
    const s = await mochaSelection(reader(rc), [], [], FILES);
    expect(s.known && s.specSource).to.deep.equal({ file: '.mocharc.jsonc', key: 'root' });
  });

  it('leaves the selection unknown for configurations it does not read as data', async () => {
    expect(await selected({ '.mocharc.yml': 'spec: test' })).to.equal(
      "agentd reads mocha's JSON configuration only, and this project has .mocharc.yml",
    );
    expect(await selected({}, ['--config', 'ci.js'])).to.equal('the script names its own mocha configuration (--config ci.js)');
    expect(await selected({}, ['--spec', 'test'])).to.equal('the script passes --spec');
  });

  it('drops the configured spec from a copy of the configuration, keeping the rest', () => {
    expect(JSON.parse(withoutConfiguredSpec('{"spec": "x", "timeout": 5}', { file: '.mocharc.json', key: 'root' })!)).to.deep.equal({
      timeout: 5,
    });
    expect(
      JSON.parse(withoutConfiguredSpec('{"name": "p", "mocha": {"spec": ["x"], "ui": "tdd"}}', { file: 'package.json', key: 'mocha' })!),
    ).to.deep.equal({ name: 'p', mocha: { ui: 'tdd' } });
  });

  it('reads globs as glob does', () => {
    const re = globToRegExp('./test/**/*.{test,spec}.[jt]s');
    expect(['test/a.test.js', 'test/x/y/b.spec.ts', 'test/a.test.cjs', 'test/a.js'].filter((f) => re.test(f))).to.deep.equal([
      'test/a.test.js',
      'test/x/y/b.spec.ts',
    ]);
    expect(globToRegExp('test/?.js').test('test/ab.js')).to.equal(false);
  });
});
