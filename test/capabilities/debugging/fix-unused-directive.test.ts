import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalContext } from '../../../core/context/index.js';
import { run } from '../../../capabilities/debugging/fix.js';

describe('debugging.fix on an unused @ts-expect-error (TS2578)', function () {
  this.timeout(60_000);
  let root: string;
  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'agentd-ts2578-'));
    await writeFile(
      path.join(root, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022', types: [] }, include: ['src'] }),
    );
    await writeFile(path.join(root, 'package.json'), '{ "name": "ts2578", "private": true }\n');
  });
  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('removes the directive on a line of its own, verified by the type-check, and refuses one sharing its line with code', async () => {
    const { mkdir } = await import('node:fs/promises');
    await mkdir(path.join(root, 'src'), { recursive: true });
    await writeFile(
      path.join(root, 'src/size.ts'),
      [
        'export function size(list: string[]): number {',
        '  // @ts-expect-error length was once optional here',
        '  return list.length;',
        '}',
        'export const half = (n: number): number => /* @ts-expect-error */ n / 2;',
        '',
      ].join('\n'),
    );
    const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 10_000 } });
    const result = await run({}, ctx);
    const data = result.data as { fixed: { line: number }[]; refused: { line: number; description: string }[] };
    expect(data.fixed.map((f) => f.line)).to.deep.equal([2]);
    expect(data.refused.map((r) => r.line)).to.deep.equal([5]);
    expect(data.refused[0]!.description).to.include('shares its line with code');
    const after = ctx.workspace.changes().find((c) => c.path === 'src/size.ts')!.after!;
    expect(after.split('\n').slice(0, 3)).to.deep.equal(['export function size(list: string[]): number {', '  return list.length;', '}']);
  });
});
