import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { checkTsconfigProjects } from '../../../../capabilities/refactoring/ts-project/project-guard.js';
import { readTsconfigProjects } from '../../../../capabilities/refactoring/ts-project/tsconfig-projects.js';
import { copySample, repo, type Sample } from './sample-workspace.js';

const tsc = path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc');

// The solution sample: a solution-style root tsconfig referencing src/ (strict off, isolatedDeclarations,
// verbatimModuleSyntax) and tests/ (strict, isolatedModules, verbatimModuleSyntax), whose test file
// imports src and is outside src's include.
describe('capabilities/refactoring/ts-project: every tsconfig project with its own options', function () {
  this.timeout(60_000);
  let sample: Sample;
  beforeEach(async () => {
    sample = await copySample('solution');
  });
  afterEach(() => sample.dispose());

  const typecheck = async (project: string): Promise<void> => {
    try {
      await promisify(execFile)(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: sample.root });
    } catch (error) {
      expect.fail(`tsc -p ${project} failed:\n${(error as { stdout?: string }).stdout ?? String(error)}`);
    }
  };
  const texts = async (rels: string[]): Promise<Map<string, string>> =>
    new Map(await Promise.all(rels.map(async (rel) => [rel, await sample.read(rel)] as [string, string])));
  const all = ['package.json', 'tsconfig.json', 'src/tsconfig.json', 'tests/tsconfig.json', 'src/shapes.ts', 'tests/shapes.test.ts'];

  it('reads each config as data: the solution root has no files, its references and their own options', async () => {
    const { projects, unreadable } = readTsconfigProjects(await texts(all));
    expect(unreadable).to.deep.equal([]);
    const byConfig = new Map(projects.map((p) => [p.config, p]));
    expect(byConfig.get('tsconfig.json')!.fileNames).to.deep.equal([]);
    expect(byConfig.get('tsconfig.json')!.references).to.deep.equal(['src/tsconfig.json', 'tests/tsconfig.json']);
    expect(byConfig.get('src/tsconfig.json')!.fileNames).to.deep.equal(['/src/shapes.ts']);
    expect(byConfig.get('src/tsconfig.json')!.options.isolatedDeclarations).to.equal(true);
    expect(byConfig.get('tests/tsconfig.json')!.fileNames).to.deep.equal(['/tests/shapes.test.ts']);
    expect(byConfig.get('tests/tsconfig.json')!.options.strict).to.equal(true);
  });

  it('a rename in src also renames the tests (another tsconfig project), and both projects stay clean', async () => {
    const { result } = await sample.apply('refactoring.rename', { symbol: 'findShape', newName: 'lookupShape' });
    const test = await sample.read('tests/shapes.test.ts');
    expect(test).to.contain("import { lookupShape, sidesOf, type Shape } from '../src/shapes.js';");
    expect(test).to.contain('= lookupShape(name);');
    expect(result.summary).to.match(/in 2 files/);
    await typecheck('src');
    await typecheck('tests');
  });

  it("refuses an extraction that is clean under src's options but not under the strict tests project, naming it", async () => {
    // Under src's options (strict off, the language service's project) `label` is a plain string; in the tests project it is string | undefined.
    const refusal = await sample.refusal('refactoring.extract-function', {
      file: 'tests/shapes.test.ts',
      startLine: 6,
      endLine: 7,
      name: 'format',
    });
    expect(refusal.code).to.equal('refactoring_refused');
    expect(refusal.message).to.match(
      /would introduce type errors in the tsconfig project "tests\/tsconfig\.json": tests\/shapes\.test\.ts:\d+: TS2345: Argument of type 'string \| undefined'/,
    );
  });

  it('isolatedDeclarations and verbatimModuleSyntax of each project are checked, and the project is named', async () => {
    const originals = await texts(all);
    const shapes = originals.get('src/shapes.ts')!;
    const withExport = new Map([['/src/shapes.ts', `${shapes}\nexport function perimeter(shape: Shape) {\n  return shape.sides;\n}\n`]]);
    const declarations = checkTsconfigProjects(originals, withExport, withExport.keys());
    expect(declarations.failing.map((f) => f.project)).to.deep.equal(['src/tsconfig.json']);
    expect(declarations.failing[0]!.errors[0]!.message).to.match(/^TS9007: .*isolatedDeclarations/);
    // The tests project imports src/shapes.ts too, but under its options (no isolatedDeclarations) the edit is clean.
    expect(declarations.checked).to.include.members(['src/tsconfig.json', 'tests/tsconfig.json']);

    const test = originals.get('tests/shapes.test.ts')!;
    const valueImport = new Map([['/tests/shapes.test.ts', test.replace('type Shape', 'Shape')]]);
    const verbatim = checkTsconfigProjects(originals, valueImport, valueImport.keys());
    expect(verbatim.failing.map((f) => f.project)).to.deep.equal(['tests/tsconfig.json']);
    expect(verbatim.failing[0]!.errors[0]!.message).to.match(
      /^TS1484: 'Shape' is a type and must be imported using a type-only import when 'verbatimModuleSyntax' is enabled/,
    );
    expect(checkTsconfigProjects(originals, new Map(), []).failing).to.deep.equal([]);

    // Deleting a module a tsconfig names in "files" breaks that project even though no file imports it.
    originals.set(
      'tsconfig.entry.json',
      '{ "compilerOptions": { "strict": true, "types": [] }, "files": ["src/shapes.ts", "tests/shapes.test.ts"] }',
    );
    const deleted = checkTsconfigProjects(originals, new Map([['/src/shapes.ts', null]]), ['/src/shapes.ts']);
    const entry = deleted.failing.find((f) => f.project === 'tsconfig.entry.json');
    expect(entry?.errors.map((e) => e.message).join('\n')).to.match(/TS6053: File '\/src\/shapes\.ts' not found/);
  });

  it('a config that cannot be read (extends a package) is named in the summary as not checked', async () => {
    await mkdir(path.join(sample.root, 'tools'), { recursive: true });
    await writeFile(path.join(sample.root, 'tools/tsconfig.json'), '{ "extends": "@acme/tsconfig-base", "include": ["."] }\n');
    await writeFile(
      path.join(sample.root, 'tools/count.ts'),
      "import { sidesOf } from '../src/shapes.js';\n\nexport const total = sidesOf('square');\n",
    );
    const { result } = await sample.apply('refactoring.rename', { symbol: 'sidesOf', newName: 'sideCount' });
    expect(await readFile(path.join(sample.root, 'tools/count.ts'), 'utf8')).to.contain("import { sideCount } from '../src/shapes.js';");
    expect(result.summary).to.match(/Not type-checked with their own options: "tools\/tsconfig\.json" \(.*@acme\/tsconfig-base/);
  });
});
