import { expect } from 'chai';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startTestDaemon, type TestDaemon } from '../support/daemon-harness.js';
import { followUp, snapshot, submitTask } from './agent-support.js';

/**
 * A project whose type-check passes, and a rename the language service performs faithfully that still
 * breaks it: `registry.ts` picks operations through a string-literal union ("add" | "mul") that the
 * rename cannot connect to the function, so after add -> sum `ops[name]` no longer type-checks.
 */
const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'ops', private: true, type: 'module' }, null, 2) + '\n',
  'tsconfig.json':
    JSON.stringify(
      {
        compilerOptions: { strict: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', noEmit: true, types: [] },
        include: ['src'],
      },
      null,
      2,
    ) + '\n',
  'src/ops.ts':
    'export function add(a: number, b: number): number {\n  return a + b;\n}\n\nexport function mul(a: number, b: number): number {\n  return a * b;\n}\n',
  'src/registry.ts':
    "import * as ops from './ops.js';\n\nexport type OpName = 'add' | 'mul';\n\nexport function lookup(name: OpName): (a: number, b: number) => number {\n  return ops[name];\n}\n",
  'src/main.ts':
    "import { add } from './ops.js';\nimport { lookup } from './registry.js';\n\nexport const three = add(1, 2) + lookup('mul')(0, 1);\n",
};

describe('daemon/agent: verification after approval, and what a failed verification leaves behind', function () {
  this.timeout(300_000);
  let t: TestDaemon;
  let root: string;
  before(async () => {
    t = await startTestDaemon();
    root = path.join(t.workspace, 'project');
    for (const [file, text] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    }
  });
  after(async () => {
    await t.close();
  });

  it('approving a change that breaks the type-check fails with verification_failed and leaves every file byte-identical', async () => {
    const before = await snapshot(root);
    const staged = await submitTask(t, 'rename add to sum');
    expect(staged.status, JSON.stringify(staged.turns)).to.equal('awaiting_approval');
    expect(staged.plan!.steps.map((step) => step.capability)).to.deep.equal(['refactoring.rename', 'refactoring.verify']);
    expect(staged.steps[0]!.changes!.map((change) => change.path)).to.include.members(['src/ops.ts', 'src/main.ts']);
    const done = await followUp(t, staged.id, { action: 'approve' });
    expect(done.status).to.equal('failed');
    expect(done.error!.code).to.equal('verification_failed');
    expect(done.error!.message).to.include('typecheck').and.include('src/registry.ts');
    const verify = done.steps.find((step) => step.capability === 'refactoring.verify')!;
    expect(verify.status).to.equal('failed');
    expect(done.turns.at(-1)!.message).to.include('typecheck').and.include('The workspace is unchanged');
    expect(await snapshot(root)).to.deep.equal(before);
  });

  it('in auto mode the same change is verified before anything is written, and nothing is', async () => {
    const before = await snapshot(root);
    const job = await submitTask(t, 'rename add to sum', { mode: 'auto' });
    expect(job.status).to.equal('failed');
    expect(job.error!.code).to.equal('verification_failed');
    expect(await snapshot(root)).to.deep.equal(before);
  });
});
