import { expect } from 'chai';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalContext } from '../../../core/context/index.js';
import { meta, run } from '../../../capabilities/debugging/typecheck.js';
import { copySample, type Sample } from './fixture-support.js';

interface TypecheckData {
  passed: boolean;
  errors: number;
  projects: { config: string; files: number; errors: number }[];
  byCause: { cause: string; code: number; count: number; category: string; files: string[] }[];
  byFile: { file: string; errors: number; codes: number[] }[];
  diagnostics: { file: string | null; line: number; column: number; code: number; projects: string[]; fixable: string | null }[];
}

describe('debugging.typecheck', function () {
  this.timeout(60_000);
  let sample: Sample;
  before(async () => {
    sample = await copySample('type-errors');
  });
  after(async () => {
    await sample.remove();
  });

  it('checks every tsconfig project (the app config and the tests config) and reports what tsc -p reports for each, once', async () => {
    const result = await run({}, await sample.context());
    const data = result.data as TypecheckData;
    expect(data.projects.map((p) => p.config)).to.deep.equal(['tsconfig.json', 'tsconfig.test.json']);
    // The peer: `tsc -p tsconfig.json` and `tsc -p tsconfig.test.json`, captured in captured-logs/tsc-output.txt.
    const tsc = [
      ...new Set(
        (await sample.log('tsc-output.txt'))
          .trim()
          .split('\n')
          .map((l) => /^(.+?)\((\d+),(\d+)\): error TS(\d+)/.exec(l)!.slice(1).join(':')),
      ),
    ].sort();
    expect(data.diagnostics.map((d) => `${d.file}:${d.line}:${d.column}:${d.code}`).sort()).to.deep.equal(tsc);
    expect(data.diagnostics.find((d) => d.file === 'src/cart.ts')!.projects).to.deep.equal(['tsconfig.json', 'tsconfig.test.json']);
    expect(data).to.include({ passed: false, errors: 5 });
    expect(result.summary).to.match(
      /^5 type error\(s\) in 5 file\(s\) across 2 tsconfig project\(s\) \(tsconfig\.json, tsconfig\.test\.json\)/,
    );
  });

  it('groups by cause and by file with the catalogue explanation, and marks what debugging.fix can fix', async () => {
    const data = (await run({}, await sample.context())).data as TypecheckData;
    expect(data.byCause.find((c) => c.code === 2304)).to.deep.include({
      cause: 'typescript/TS2304',
      category: 'undefined-name',
      count: 1,
      files: ['src/cart.ts'],
    });
    expect(data.byCause.find((c) => c.code === 18048)).to.deep.include({ cause: 'typescript/TS18048', category: 'null-access' });
    expect(data.byFile.map((f) => f.file)).to.have.members([
      'src/cart.ts',
      'src/lookup.ts',
      'src/stats.ts',
      'src/users.ts',
      'test/cart.check.ts',
    ]);
    const fixable = Object.fromEntries(data.diagnostics.map((d) => [d.file, d.fixable]));
    expect(fixable).to.deep.equal({
      'src/cart.ts': 'missing-import',
      'src/lookup.ts': null,
      'src/stats.ts': 'spelling',
      'src/users.ts': 'missing-await',
      'test/cart.check.ts': null,
    });
  });

  it('follows a solution config to its referenced projects, and does not check a base config others extend', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'agentd-typecheck-solution-'));
    try {
      await mkdir(path.join(root, 'packages/a'), { recursive: true });
      await mkdir(path.join(root, 'packages/b'), { recursive: true });
      await writeFile(
        path.join(root, 'tsconfig.json'),
        JSON.stringify({ files: [], references: [{ path: './packages/a' }, { path: './packages/b' }] }),
      );
      await writeFile(
        path.join(root, 'tsconfig.base.json'),
        JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [] } }),
      );
      await writeFile(
        path.join(root, 'packages/a/tsconfig.json'),
        JSON.stringify({ extends: '../../tsconfig.base.json', include: ['*.ts'] }),
      );
      await writeFile(
        path.join(root, 'packages/b/tsconfig.json'),
        JSON.stringify({ extends: '../../tsconfig.base.json', include: ['*.ts'] }),
      );
      await writeFile(path.join(root, 'packages/a/a.ts'), "export const a: number = 'one';\n");
      await writeFile(path.join(root, 'packages/b/b.ts'), 'export const b = missing;\n');
      const { ctx } = await createLocalContext({ root });
      const data = (await run({}, ctx)).data as TypecheckData;
      expect(data.projects.map((p) => p.config)).to.deep.equal(['packages/a/tsconfig.json', 'packages/b/tsconfig.json']);
      expect(data.diagnostics.map((d) => `${d.file} TS${d.code}`)).to.deep.equal(['packages/a/a.ts TS2322', 'packages/b/b.ts TS2304']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('checks only the configs asked for, and passes a clean project', async () => {
    const data = (await run({ tsconfig: ['tsconfig.test.json'] }, await sample.context())).data as TypecheckData;
    expect(data.projects.map((p) => p.config)).to.deep.equal(['tsconfig.test.json']);
    const clean = await mkdtemp(path.join(tmpdir(), 'agentd-typecheck-clean-'));
    try {
      await writeFile(
        path.join(clean, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [] }, include: ['a.ts'] }),
      );
      await writeFile(path.join(clean, 'a.ts'), 'export const a: number = 1;\n');
      const { ctx } = await createLocalContext({ root: clean });
      const result = await run({}, ctx);
      expect(result.summary).to.equal('Type-check passed: no errors in 1 tsconfig project(s) (tsconfig.json).');
    } finally {
      await rm(clean, { recursive: true, force: true });
    }
  });

  it('reads nothing outside the workspace: a tsconfig that includes a file outside it gets "not found", never its text', async () => {
    const outer = await mkdtemp(path.join(tmpdir(), 'agentd-typecheck-outer-'));
    try {
      const root = path.join(outer, 'ws');
      await mkdir(root);
      await writeFile(path.join(outer, 'secret.ts'), "const token: number = 'sk-secret-value';\n");
      await writeFile(
        path.join(root, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { noEmit: true, types: [] }, files: ['../secret.ts', 'a.ts'] }),
      );
      await writeFile(path.join(root, 'a.ts'), 'export const a = 1;\n');
      const { ctx } = await createLocalContext({ root });
      const result = await run({}, ctx);
      const text = JSON.stringify(result);
      expect(text).not.to.include('sk-secret-value');
      expect((result.data as TypecheckData).diagnostics.map((d) => d.code)).to.deep.equal([6053]);
    } finally {
      await rm(outer, { recursive: true, force: true });
    }
  });

  it('refuses a workspace with no tsconfig', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'agentd-typecheck-none-'));
    try {
      await writeFile(path.join(empty, 'a.js'), 'module.exports = 1;\n');
      const { ctx } = await createLocalContext({ root: empty });
      await run({}, ctx).then(
        () => expect.fail('should refuse'),
        (e: { code: string }) => expect(e.code).to.equal('invalid_input'),
      );
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
    expect(meta.writes).to.equal(false);
  });
});
