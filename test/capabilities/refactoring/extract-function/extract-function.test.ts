import { expect } from 'chai';
import { symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copySample, repo, unchangedOutside, type Sample } from '../ts-project/sample-workspace.js';

const FILE = 'src/ledger.ts';

describe('capabilities/refactoring/extract-function', function () {
  this.timeout(60_000);
  let sample: Sample;
  let before: string;
  beforeEach(async () => {
    sample = await copySample('ledger');
    before = await sample.read(FILE);
  });
  afterEach(() => sample.dispose());

  /** The edit touches only the extracted lines and the inserted declaration: everything else is byte-identical. */
  async function expectEditConfined(firstChangedLine: number): Promise<string> {
    const after = await sample.read(FILE);
    const { prefix, suffix } = unchangedOutside(before, after);
    expect(prefix, 'lines before the range are unchanged').to.be.at.least(firstChangedLine - 1);
    expect(before.split('\n').slice(-suffix).join('\n'), 'the rest of the file is unchanged').to.contain('export class Ledger');
    return after;
  }

  describe('extracts and the project still type-checks', () => {
    it('a loop that updates two outer variables: parameters in, an object destructured back', async () => {
      const { result } = await sample.apply('refactoring.extract-function', { file: FILE, startLine: 6, endLine: 9, name: 'accumulate' });
      const after = await expectEditConfined(6);
      expect(after).to.contain('  ({ total, count } = accumulate(entries, total, count));\n');
      expect(after).to.match(
        /\n}\n\nfunction accumulate\(entries: Entry\[\], total: number, count: number\) \{\n[\s\S]*return \{ total, count \};\n\}\n\nexport function firstLarge/,
      );
      expect(result.summary).to.match(/into function accumulate\(entries: Entry\[\], total: number, count: number\)/);
      await sample.typecheck();
    });

    it('statements with await: an async function and an awaited call, one value returned', async () => {
      const { result } = await sample.apply('refactoring.extract-function', { file: FILE, startLine: 10, endLine: 12, name: 'roundTaxed' });
      const after = await expectEditConfined(10);
      expect(after).to.contain('  const rounded = await roundTaxed(total, rate);\n');
      expect(after).to.contain('async function roundTaxed(total: number, rate: number)');
      expect((result.data as { async: boolean }).async).to.equal(true);
      await sample.typecheck();
    });

    it('a range that ends with the return: the call is returned', async () => {
      await sample.apply('refactoring.extract-function', { file: FILE, startLine: 12, endLine: 14, name: 'render' });
      const after = await expectEditConfined(12);
      expect(after).to.contain('  return render(taxed, count);\n}');
      await sample.typecheck();
    });

    it('declarations used after the range are returned and declared at the call', async () => {
      await sample.apply('refactoring.extract-function', { file: FILE, startLine: 4, endLine: 5, name: 'start' });
      const after = await sample.read(FILE);
      expect(after).to.match(/let \{ total, count \} = start\(\);/);
      await sample.typecheck();
    });

    it('statements that use this inside a class method become a method', async () => {
      await sample.apply('refactoring.extract-function', { file: FILE, startLine: 41, endLine: 42, name: 'record' });
      const after = await sample.read(FILE);
      expect(after).to.contain('    this.record(account, amount);\n');
      expect(after).to.match(/private record\(account: string, amount: number\)/);
      await sample.typecheck();
    });
  });

  describe('types from dependencies the in-memory project does not load', () => {
    const ROUTES = [
      "import { makeRouter, type Router } from 'some-http-library';",
      'export function annotated(router: Router): number {',
      "  router.get('/a');",
      "  router.get('/b');",
      '  return 1;',
      '}',
      'export function inferred(): number {',
      '  const router = makeRouter();',
      "  router.get('/a');",
      "  router.get('/b');",
      '  return 2;',
      '}',
      '',
    ].join('\n');
    beforeEach(() => writeFile(path.join(sample.root, 'src/routes.ts'), ROUTES));

    it('a parameter the checker can only type "any" gets the variable\'s own annotation', async () => {
      await sample.apply('refactoring.extract-function', { file: 'src/routes.ts', startLine: 3, endLine: 4, name: 'mount' });
      const after = await sample.read('src/routes.ts');
      expect(after).to.contain('function mount(router: Router) {');
      expect(after).to.contain('  mount(router);\n');
    });

    it('an unannotated variable of an unresolved type is refused rather than typed "any"', async () => {
      const refusal = await sample.refusal('refactoring.extract-function', {
        file: 'src/routes.ts',
        startLine: 9,
        endLine: 10,
        name: 'mount',
      });
      expect(refusal.code).to.equal('refactoring_refused');
      expect(refusal.message).to.match(/type of "router" comes from a dependency/);
    });
  });

  describe("types from installed dependencies (node_modules/@types and packages' own .d.ts, read-only)", () => {
    const SERVER = [
      "import type { Request } from 'express';",
      "import { statSync } from 'node:fs';",
      'export function describeUpload(req: Request, file: string): string {',
      '  const stats = statSync(file);',
      "  const agent = req.get('user-agent') ?? 'unknown';",
      '  const size = stats.size;',
      '  const when = stats.mtime.toISOString();',
      '  return `${agent} ${size} ${when}`;',
      '}',
      '',
    ].join('\n');
    beforeEach(async () => {
      await symlink(path.join(repo, 'node_modules'), path.join(sample.root, 'node_modules'), 'dir');
      const tsconfig = JSON.parse(await sample.read('tsconfig.json')) as { compilerOptions: Record<string, unknown> };
      tsconfig.compilerOptions.types = ['node'];
      await writeFile(path.join(sample.root, 'tsconfig.json'), JSON.stringify(tsconfig));
      await writeFile(path.join(sample.root, 'src/server.ts'), SERVER);
    });

    it('an express Request and a node:fs Stats become typed parameters, and the copy type-checks with tsc', async () => {
      const { result } = await sample.apply('refactoring.extract-function', {
        file: 'src/server.ts',
        startLine: 5,
        endLine: 7,
        name: 'uploadFacts',
      });
      const after = await sample.read('src/server.ts');
      expect(after).to.contain('  const { agent, size, when } = uploadFacts(req, stats);\n');
      expect(after).to.contain('function uploadFacts(req: Request, stats: Stats) {');
      // The parameters keep the variables' own spelling: no imports of transitive packages the language service would add.
      expect(after).not.to.match(/express-serve-static-core|from 'qs'/);
      expect(after).not.to.match(/: any\b/);
      expect(result.summary).to.include('into function uploadFacts(req: Request, stats:');
      await sample.typecheck();
    });

    it('without node_modules the same extraction is still refused rather than typed "any"', async () => {
      const { unlink } = await import('node:fs/promises');
      await unlink(path.join(sample.root, 'node_modules'));
      const refusal = await sample.refusal('refactoring.extract-function', {
        file: 'src/server.ts',
        startLine: 5,
        endLine: 7,
        name: 'uploadFacts',
      });
      expect(refusal.message).to.match(/type of "stats" comes from a dependency whose types are not in the workspace's node_modules/);
    });
  });

  describe('refuses, saying why', () => {
    const cases: { name: string; input: object; reason: RegExp }[] = [
      {
        name: 'a range that cuts a statement',
        input: { startLine: 6, endLine: 7, name: 'part' },
        reason: /cut the statement at src\/ledger\.ts:6/,
      },
      {
        name: 'a break whose loop is outside the range',
        input: { startLine: 20, endLine: 23, name: 'check' },
        reason: /"break" at src\/ledger\.ts:22 whose loop or label is outside the range/,
      },
      {
        name: 'a return that does not end the range',
        input: { startLine: 29, endLine: 32, name: 'sign' },
        reason: /contains a "return" but does not end with one/,
      },
      {
        name: 'this outside a class method',
        input: { startLine: 55, endLine: 55, name: 'advance' },
        reason: /use "this" outside a class method/,
      },
      { name: 'yield in the range', input: { startLine: 48, endLine: 50, name: 'each' }, reason: /contains "yield" at src\/ledger\.ts:49/ },
      {
        name: 'a name already declared where the function goes',
        input: { startLine: 6, endLine: 9, name: 'classify' },
        reason: /"classify" is already declared at src\/ledger\.ts:28/,
      },
      { name: 'an invalid name', input: { startLine: 6, endLine: 9, name: 'new-fn' }, reason: /not a valid identifier/ },
      {
        name: 'a range without a whole statement',
        input: { startLine: 16, endLine: 16, name: 'nothing' },
        reason: /hold no whole statement/,
      },
    ];
    for (const { name, input, reason } of cases) {
      it(name, async () => {
        const refusal = await sample.refusal('refactoring.extract-function', { file: FILE, ...input });
        expect(refusal.code).to.equal('refactoring_refused');
        expect(refusal.message).to.match(reason);
      });
    }
  });
});
