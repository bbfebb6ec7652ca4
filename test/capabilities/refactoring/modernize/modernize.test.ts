import { expect } from 'chai';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { structuredPatch } from 'diff';
import { AgentdError, type Change } from '../../../../core/index.js';
import { run } from '../../../../capabilities/refactoring/modernize.js';
import type { ModernizeInput } from '../../../../capabilities/refactoring/modernize/options.js';
import { applyStaged, copyOf, fixture, mocha, removeCopies, runNode, runOn, typecheck } from './sample-copy.js';
import { withTypeModule } from '../../../../capabilities/refactoring/modernize/package-type.js';

interface Data {
  skipped: { file: string; line: number; codemod: string; reason: string }[];
  commonjs: { converted: string[]; kept: { file: string; reasons: string[] }[] } | null;
  typeModule: { needed: boolean; changed: boolean; reason: string } | null;
  totals: Record<string, number>;
}

const legacy = fixture('legacy-js-package');

async function modernize(
  root: string,
  input: ModernizeInput,
): Promise<{ changes: Change[]; data: Data; staged: Awaited<ReturnType<typeof runOn>>['staged'] }> {
  const { result, staged } = await runOn('refactoring.modernize', root, input);
  return { changes: result.changes ?? [], data: result.data as Data, staged };
}

const afterOf = (changes: Change[], file: string): string => changes.find((c) => c.path === file)?.after ?? '';

/** Pairs of (removed, added) lines of each hunk; every hunk must replace as many lines as it adds. */
function linePairs(change: Change): [string, string][] {
  const pairs: [string, string][] = [];
  for (const hunk of structuredPatch('a', 'b', change.before ?? '', change.after ?? '').hunks) {
    const removed = hunk.lines.filter((l) => l.startsWith('-')).map((l) => l.slice(1));
    const added = hunk.lines.filter((l) => l.startsWith('+')).map((l) => l.slice(1));
    expect(added.length, `${change.path} hunk at ${hunk.oldStart}`).to.equal(removed.length);
    removed.forEach((line, i) => pairs.push([line, added[i]!]));
  }
  return pairs;
}

describe('capabilities/refactoring/modernize', () => {
  after(removeCopies);

  describe('on fixtures/legacy-js-package', () => {
    it("keeps the package's own mocha tests passing with the default codemods", async () => {
      const root = await copyOf(legacy);
      const { changes, data, staged } = await modernize(root, {});
      expect(data.totals['var-to-let-const']).to.be.greaterThan(10);
      expect(data.totals['promises-to-async']).to.be.greaterThan(2);
      expect(data.totals['callbacks-to-async']).to.equal(3);
      expect(data.totals['concat-to-template']).to.be.greaterThan(10);
      expect(data.commonjs).to.equal(null);
      expect(afterOf(changes, 'lib/store.js')).to.match(/async function loadName\(id\) \{\n {2}const user = await findUser\(id\);/);
      expect(afterOf(changes, 'lib/files.js')).to.include("text = await fs.promises.readFile(file, 'utf8');");
      await applyStaged(root, staged);
      const tests = await mocha(root);
      expect(tests.output).to.match(/19 passing/);
      expect(tests.code, tests.output).to.equal(0);
    });

    it('converts the whole package to ES modules with setTypeModule, and its tests still pass', async () => {
      const root = await copyOf(legacy);
      const { changes, data, staged } = await modernize(root, {
        codemods: ['var-to-let-const', 'promises-to-async', 'callbacks-to-async', 'cjs-to-esm', 'concat-to-template'],
        setTypeModule: true,
      });
      expect(data.commonjs!.kept).to.deep.equal([]);
      expect(data.commonjs!.converted).to.include.members(['lib/index.js', 'lib/format.js', 'test/files.test.js']);
      expect(data.typeModule).to.include({ needed: true, changed: true });
      expect(afterOf(changes, 'package.json')).to.match(/^\{\n {2}"type": "module",\n {2}"name": "legacy-js-package",/);
      expect(afterOf(changes, 'lib/index.js')).to.include("import * as format from './format.js';");
      expect(afterOf(changes, 'lib/format.js')).to.include('export { fullName, describe, sumLabel, quoted, padLeft };');
      expect(afterOf(changes, 'test/files.test.js')).to.include('const __dirname = import.meta.dirname;');
      await applyStaged(root, staged);
      const tests = await mocha(root);
      expect(tests.code, tests.output).to.equal(0);
      expect(tests.output).to.match(/19 passing/);
    });

    it('reports that "type": "module" is needed instead of editing package.json unasked', async () => {
      const root = await copyOf(legacy);
      const { changes, data } = await modernize(root, { codemods: ['cjs-to-esm'] });
      expect(data.typeModule).to.include({ needed: true, changed: false });
      expect(data.typeModule!.reason).to.include('setTypeModule');
      expect(changes.map((c) => c.path)).not.to.include('package.json');
    });

    it('var-to-let-const changes only the keyword, and leaves hoisting, redeclaration, block escapes and loop closures alone', async () => {
      const root = await copyOf(legacy);
      const { changes, data } = await modernize(root, { codemods: ['var-to-let-const'] });
      for (const change of changes) {
        for (const [removed, added] of linePairs(change))
          expect(added, change.path).to.equal(removed.replace(/\bvar\b/, added.includes('const') ? 'const' : 'let'));
      }
      const counters = afterOf(changes, 'lib/counters.js');
      expect(counters).to.include('for (var i = 0; i < 3; i++) {');
      expect(counters).to.include('  var seen = 1;');
      expect(counters).to.include("  var result = 'a';");
      expect(counters).to.include("    var message = 'on';");
      expect(counters).to.include('for (let k = 0; k < values.length; k++) {');
      expect(counters).to.include('    const value = values[k];');
      expect(counters).to.include('  let sum = 0;');
      const reasons = data.skipped.filter((s) => s.file === 'lib/counters.js').map((s) => s.reason);
      expect(reasons.join('\n'))
        .to.match(/captured by a closure inside a loop/)
        .and.match(/used before its declaration/)
        .and.match(/declared more than once/)
        .and.match(/outside the block/);
    });

    it('concat-to-template rewrites only string chains, keeps numeric sums first, and escapes backticks and ${', async () => {
      const root = await copyOf(legacy);
      const { changes, staged } = await modernize(root, { codemods: ['concat-to-template'] });
      const format = afterOf(changes, 'lib/format.js');
      expect(format).to.include("return a + b + ' apples';");
      expect(format).to.include('const label = `Items (${count}): ${items.join(SEPARATOR)}`;'.replace('const', 'var'));
      expect(format).to.include('return `\\`${text}\\` costs \\${${text.length}}`;');
      for (const change of changes) linePairs(change);
      await applyStaged(root, staged);
      expect((await mocha(root)).code).to.equal(0);
    });

    it('concat-to-template makes one flat template: parenthesised string chains and template operands are merged, never nested', async () => {
      const root = await mkdtemp(path.join(tmpdir(), 'agentd-concat-'));
      try {
        await writeFile(path.join(root, 'package.json'), '{ "type": "module" }\n');
        const source = [
          'export function labels(name, n) {',
          "  const a = 'Hello ' + (name + '!') + ' you have ' + n + ' items';",
          "  const b = 'x' + `${name}-${n}` + 'y';",
          "  const c = `id:${n}` + '/' + name;",
          "  const d = 'sum ' + (n + 1);",
          "  const e = n + ('#' + name);",
          '  return [a, b, c, d, e];',
          '}',
          '',
        ].join('\n');
        await writeFile(path.join(root, 'labels.js'), source);
        const before = (await import(`${pathToFileURL(path.join(root, 'labels.js')).href}?before`)) as {
          labels(name: string, n: number): string[];
        };
        const { changes, staged } = await modernize(root, { codemods: ['concat-to-template'] });
        const after = afterOf(changes, 'labels.js');
        expect(after).to.include('const a = `Hello ${name}! you have ${n} items`;');
        expect(after).to.include('const b = `x${name}-${n}y`;');
        expect(after).to.include('const c = `id:${n}/${name}`;');
        expect(after).to.include('const d = `sum ${n + 1}`;');
        expect(after).to.include('const e = `${n}#${name}`;');
        expect(after, 'no template inside a template').not.to.match(/\$\{[^}]*`/);
        await applyStaged(root, staged);
        const rewritten = (await import(`${pathToFileURL(path.join(root, 'labels.js')).href}?after`)) as typeof before;
        expect(rewritten.labels('ann', 3)).to.deep.equal(before.labels('ann', 3));
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    });

    it('promises-to-async leaves a two-argument then as it is and says why', async () => {
      const root = await copyOf(legacy);
      const { changes, data } = await modernize(root, { codemods: ['promises-to-async'], include: ['lib/**'] });
      expect(afterOf(changes, 'lib/store.js')).to.include('function loadOrNull(id) {\n  return findUser(id).then(');
      expect(afterOf(changes, 'lib/store.js')).to.match(
        /try \{\n\s+const user = await findUser\(id\);\n\s+const first = await user.first;\n\s+return await first.toUpperCase\(\);\n\s+\} catch \(err\) \{/,
      );
      expect(data.skipped.map((s) => `${s.file}:${s.line} ${s.reason}`)).to.deep.equal([
        'lib/store.js:44 a two-argument .then(onFulfilled, onRejected) is not a try/catch',
      ]);
      expect(changes.map((c) => c.path)).to.deep.equal(['lib/store.js']);
    });
  });

  describe('cjs-to-esm refusals', () => {
    it('keeps files with conditional or dynamic requires CommonJS, and the files they require, and does not set the package type', async () => {
      const root = await copyOf(fixture('refactoring-samples', 'cjs-dynamic-require'));
      const { changes, data } = await modernize(root, { codemods: ['cjs-to-esm'], setTypeModule: true });
      expect(changes).to.deep.equal([]);
      const kept = Object.fromEntries(data.commonjs!.kept.map((k) => [k.file, k.reasons.join('; ')]));
      expect(kept['lib/loader.js']).to.match(/require\("\.\/upper"\) is conditional/);
      expect(kept['lib/index.js']).to.match(/dynamic require/);
      expect(kept['lib/upper.js']).to.match(/required by "lib\/loader.js"/);
      expect(data.typeModule!.changed).to.equal(false);
    });

    // Found by bench/refactoring-codemods-proving-ground.ts on cookie-signature 1.2.2: `exports.unsign`
    // called `exports.sign(...)`, the converted module threw "exports is not defined" when loaded, and
    // the "type" inside "repository" was the one set to "module".
    it('keeps a file that reads a sibling export back through exports CommonJS, and it still loads', async () => {
      const root = await copyOf(fixture('refactoring-samples', 'cjs-dynamic-require'));
      const { mkdir, writeFile } = await import('node:fs/promises');
      await mkdir(path.join(root, 'signer'));
      await writeFile(
        path.join(root, 'signer', 'package.json'),
        '{\n  "name": "signer",\n  "repository": { "type": "git", "url": "x" }\n}\n',
      );
      await writeFile(
        path.join(root, 'signer', 'index.js'),
        [
          "exports.sign = function (val) { return val + '.sig'; };",
          'exports.unsign = function (input) { return exports.sign(input.slice(0, -4)) === input ? input.slice(0, -4) : false; };',
          '',
        ].join('\n'),
      );
      const { changes, data } = await modernize(root, { codemods: ['cjs-to-esm'], include: ['signer/**'], setTypeModule: true });
      expect(changes).to.deep.equal([]);
      expect(data.commonjs!.kept.find((k) => k.file === 'signer/index.js')!.reasons.join('; ')).to.match(
        /line 2: reads exports \(an ES module has no exports object/,
      );
      const loaded = await runNode(root, ['-e', "const s = require('./signer'); console.log(s.unsign(s.sign('a')))"]);
      expect(loaded.output.trim()).to.equal('a');
    });

    it('sets the top-level "type", not a nested one such as repository.type', () => {
      const manifest = '{\n  "name": "signer",\n  "repository": { "type": "git", "url": "x" }\n}\n';
      const edited = withTypeModule(manifest);
      expect(JSON.parse(edited)).to.deep.equal({ type: 'module', name: 'signer', repository: { type: 'git', url: 'x' } });
      expect(edited.split('\n').slice(2)).to.deep.equal(manifest.split('\n').slice(1));
      const withType = '{\n  "repository": { "type": "git" },\n  "type": "commonjs"\n}\n';
      expect(withTypeModule(withType)).to.equal(withType.replace('"commonjs"', '"module"'));
    });
  });

  describe('tab-indented code', () => {
    it('keeps tabs, rewrites only the affected lines, and takes literals from the parser (recast counts a tab as several columns)', async () => {
      const root = await copyOf(fixture('refactoring-samples', 'tabs-js'));
      const { changes } = await modernize(root, {});
      const store = afterOf(changes, 'lib/store.js');
      expect(store).to.include(
        '\tasync load(id) {\n\t\tconst key = `user:${id}`;\n\n\t\ttry {\n\t\t\treturn await this.fetch(key);\n\t\t} catch (error) {\n\t\t\treturn null;\n\t\t}\n\t}',
      );
      expect(store).to.include('\tlet sum = 0;\n\tfor (let i = 0; i < values.length; i++) {\n\t\tsum += values[i];\n\t}');
      expect(store.split('\n').filter((l) => /^ +\S/.test(l))).to.deep.equal([]);
      expect(store).to.include('\tfetch(key) {\n\t\treturn Promise.resolve(key);\n\t}');
    });
  });

  describe('TypeScript', () => {
    it('parses .ts (with <T> assertions) and .tsx, and the result still type-checks', async () => {
      const root = await copyOf(fixture('refactoring-samples', 'modernize-ts'), { linkNodeModules: true });
      const { changes, staged } = await modernize(root, {});
      const prices = afterOf(changes, 'src/prices.ts');
      expect(prices).to.include('const item = <Item>value;');
      expect(prices).to.include('const text = `${item.name}: ${item.price.toFixed(2)} EUR`;');
      expect(prices).to.include('} catch (error: any) {');
      expect(prices).to.include('async function fetchPrice(lookup: (name: string) => Promise<Item>, name: string): Promise<string> {');
      expect(afterOf(changes, 'src/view.tsx')).to.include('const title = `Item ${props.item.name}`;');
      await applyStaged(root, staged);
      const check = await typecheck(root);
      expect(check.code, check.output).to.equal(0);
    });

    it('refuses when include matches no source file', async () => {
      const root = await copyOf(legacy);
      const error = await run(
        { include: ['nothing/**'] },
        (await import('../../../../core/context/index.js').then((m) => m.createLocalContext({ root }))).ctx,
      ).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(AgentdError);
      expect((error as AgentdError).code).to.equal('refactoring_refused');
    });
  });

  it('leaves the fixture on disk untouched', async () => {
    expect(await readFile(path.join(legacy, 'lib', 'format.js'), 'utf8')).to.include("var label = 'Items (' + count");
  });
});
