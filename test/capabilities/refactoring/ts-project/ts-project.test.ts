import { expect } from 'chai';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ts } from 'ts-morph';
import { createLocalContext } from '../../../../core/context/index.js';
import { loadTsProject } from '../../../../capabilities/refactoring/ts-project/load-project.js';
import { applyToProject, stageEdits } from '../../../../capabilities/refactoring/ts-project/file-edits.js';
import { countErrors, findNewErrors } from '../../../../capabilities/refactoring/ts-project/error-guard.js';
import { copySample, type Sample } from './sample-workspace.js';

describe('capabilities/refactoring/ts-project', function () {
  this.timeout(30_000);
  let sample: Sample;
  beforeEach(async () => {
    sample = await copySample('shop');
  });
  afterEach(() => sample.dispose());

  it('loads the files the tsconfig includes, as ES modules under NodeNext, and they type-check as tsc sees them', async () => {
    const { ctx } = await createLocalContext({ root: sample.root });
    const loaded = await loadTsProject(ctx);
    expect(loaded.tsconfig).to.equal('tsconfig.json');
    const files = loaded.project
      .getSourceFiles()
      .map((f) => f.getFilePath())
      .sort();
    expect(files).to.deep.equal([
      '/src/cart.ts',
      '/src/checkout.ts',
      '/src/components/Badge.tsx',
      '/src/components/Panel.tsx',
      '/src/index.ts',
      '/src/jsx.d.ts',
      '/src/money.ts',
    ]);
    for (const file of loaded.project.getSourceFiles()) {
      expect(file.compilerNode.impliedNodeFormat, file.getFilePath()).to.equal(ts.ModuleKind.ESNext);
      expect(
        file.getPreEmitDiagnostics().map((d) => d.getMessageText()),
        file.getFilePath(),
      ).to.deep.equal([]);
    }
  });

  it('without a tsconfig, loads every source file with default options', async () => {
    await rm(path.join(sample.root, 'tsconfig.json'));
    const { ctx } = await createLocalContext({ root: sample.root });
    const loaded = await loadTsProject(ctx);
    expect(loaded.tsconfig).to.equal(null);
    expect(loaded.project.getSourceFiles()).to.have.length(7);
  });

  it('finds errors an edit introduces, not the ones the files already had', async () => {
    const { ctx } = await createLocalContext({ root: sample.root });
    const loaded = await loadTsProject(ctx);
    const money = '/src/money.ts';
    const original = loaded.project.getSourceFileOrThrow(money).getFullText();
    applyToProject(loaded, new Map([[money, `${original}\nexport const broken: number = 'one';\n`]]));
    const before = countErrors(loaded.project, [money]);
    expect([...before.values()].reduce((a, b) => a + b, 0)).to.equal(1);
    applyToProject(loaded, new Map([[money, `${original}\nexport const broken: number = 'one';\nexport const worse: string = 2;\n`]]));
    const introduced = findNewErrors(loaded.project, [money], before);
    expect(introduced.map((e) => `${e.file}:${e.line}`)).to.deep.equal(['src/money.ts:18']);
    expect(introduced[0]!.message).to.match(/Type 'number' is not assignable to type 'string'/);
  });

  it('stages only files whose text changed, and deletes through the overlay, never on disk', async () => {
    const handle = await createLocalContext({ root: sample.root });
    const loaded = await loadTsProject(handle.ctx);
    const cart = loaded.originals.get('src/cart.ts')!;
    const touched = await stageEdits(
      handle.ctx,
      loaded,
      new Map<string, string | null>([
        ['/src/cart.ts', cart],
        ['/src/money.ts', '// changed\n'],
        ['/src/index.ts', null],
        ['/src/new.ts', 'export {};\n'],
      ]),
    );
    expect(touched).to.deep.equal(['src/index.ts', 'src/money.ts', 'src/new.ts']);
    expect(
      handle
        .staged()
        .map((s) => [s.path, s.content === null ? null : s.content.length])
        .sort(),
    ).to.deep.equal([
      ['src/index.ts', null],
      ['src/money.ts', 11],
      ['src/new.ts', 11],
    ]);
    expect(await readFile(path.join(sample.root, 'src/money.ts'), 'utf8')).to.contain('export function toCents');
  });

  it('loads what it can read when a source file is over the 100 KB read limit, instead of failing', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'agentd-ts-project-'));
    try {
      await writeFile(path.join(root, 'small.ts'), 'export const a = 1;\n');
      await writeFile(path.join(root, 'huge.ts'), `export const b = '${'x'.repeat(110_000)}';\n`);
      const { ctx } = await createLocalContext({ root });
      const loaded = await loadTsProject(ctx);
      // The workspace leaves such a file out of list() or reports it in readMany's skipped list.
      expect(loaded.skipped.every((s) => s.path === 'huge.ts' && s.code === 'file_too_large')).to.equal(true);
      expect(loaded.project.getSourceFiles().map((f) => f.getFilePath())).to.deep.equal(['/small.ts']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
