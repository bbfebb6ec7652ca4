import { expect } from 'chai';
import { createLocalContext } from '../../../core/context/index.js';
import { clearCaches } from '../../../core/cache/index.js';
import { makeTree, removeTree } from '../workspace/temp-tree.js';

/** A whole-project read or parse is one tool call: the budget bounds runaway loops, not project size. */
describe('batched reads and parses', () => {
  let root: string;
  beforeEach(async () => {
    const files: Record<string, string> = { 'big.ts': `export const s = "${'x'.repeat(102_400)}";\n` };
    for (let i = 0; i < 30; i++) files[`src/m${i}.ts`] = `export const v${i} = ${i};\n`;
    root = await makeTree(files);
    clearCaches();
  });
  afterEach(() => removeTree(root));

  it('parseMany parses 30 files for one tool call and reports the unreadable one as skipped', async () => {
    const { ctx, budget } = await createLocalContext({ root, limits: { maxToolCalls: 2 } });
    const paths = await ctx.workspace.list({ extensions: ['.ts'] });
    const result = await ctx.tools.parseMany([...paths, 'big.ts']);
    expect(result.files).to.have.length(30);
    expect(result.files.every((f) => f.tree.rootNode.type === 'program')).to.equal(true);
    expect(result.skipped).to.deep.equal([{ path: 'big.ts', code: 'file_too_large', message: result.skipped[0]!.message }]);
    expect(budget.used).to.equal(2);
  });

  it('readMany sees the staged overlay and counts once', async () => {
    const { ctx, budget } = await createLocalContext({ root, limits: { maxToolCalls: 5 } });
    await ctx.workspace.write('src/m1.ts', 'export const v1 = 100;\n');
    await ctx.workspace.delete('src/m2.ts');
    const result = await ctx.workspace.readMany(['src/m1.ts', 'src/m2.ts', 'src/m3.ts']);
    expect(result.files).to.deep.equal([
      { path: 'src/m1.ts', content: 'export const v1 = 100;\n' },
      { path: 'src/m3.ts', content: 'export const v3 = 3;\n' },
    ]);
    expect(result.skipped.map((s) => [s.path, s.code])).to.deep.equal([['src/m2.ts', 'file_not_found']]);
    expect(budget.used).to.equal(1);
  });

  it('refuses an escaping path in a batch instead of skipping it', async () => {
    const { ctx } = await createLocalContext({ root });
    const error = await ctx.workspace.readMany(['src/m1.ts', '../etc/passwd']).catch((e: { code: string }) => e);
    expect((error as { code: string }).code).to.equal('workspace_escape');
  });
});
