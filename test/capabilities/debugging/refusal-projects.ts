/** Tiny temp projects (lib es2022, no DOM, so the in-process type-check is short) and debugging.fix's refusal on them: shared by fix-refusals.test.ts and its slow tier. */
import { expect } from 'chai';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run } from '../../../capabilities/debugging/fix.js';
import { createLocalContext } from '../../../core/context/index.js';

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['es2022'],
    strict: true,
    noEmit: true,
    types: [],
  },
  include: ['src'],
});

export async function project(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-fix-refusals-'));
  await writeFile(path.join(root, 'tsconfig.json'), TSCONFIG);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

export async function refusal(root: string, error: string): Promise<{ code: string; message: string }> {
  const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 10_000 } });
  const outcome = await run({ error }, ctx).then(
    () => null,
    (e: { code: string; message: string }) => e,
  );
  expect(outcome, 'debugging.fix staged a change').to.not.equal(null);
  expect(ctx.workspace.changes()).to.deep.equal([]);
  return outcome!;
}
