import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createLocalContext } from '../../../core/context/index.js';
import { clearCaches } from '../../../core/cache/index.js';
import { codeOf, makeTree, removeTree } from '../workspace/temp-tree.js';

/** tools.format with a Prettier config that is code: only with the project-code permission, and then in the sandbox. */
describe('ctx.tools.format with a Prettier config that runs project code', function () {
  this.timeout(30_000);
  let root: string;
  let outside: string;

  beforeEach(async () => {
    clearCaches();
    outside = await makeTree({});
    const marker = join(outside, 'loaded.txt');
    root = await makeTree({
      // Loaded here, the config would leave a marker, and format with double quotes and semicolons;
      // loaded in another process with another HOME (the sandbox), it formats with neither.
      'prettier.config.cjs': [
        `require('fs').writeFileSync(${JSON.stringify(marker)}, String(process.pid));`,
        `module.exports = { singleQuote: process.pid !== ${process.pid}, semi: process.env.HOME === ${JSON.stringify(process.env.HOME ?? '')} };`,
        '',
      ].join('\n'),
      'src/a.ts': 'export const a = 1;\n',
    });
  });
  afterEach(async () => {
    await removeTree(root);
    await removeTree(outside);
  });

  it('without the permission: refused with project_code_not_allowed, and the config never ran', async () => {
    const { ctx } = await createLocalContext({ root });
    expect(ctx.project.codeStyle.prettier).to.deep.equal({ configFile: 'prettier.config.cjs', runsCode: true });
    expect(await codeOf(() => ctx.tools.format('src/x.ts', 'const a = "x";'))).to.equal('project_code_not_allowed');
    expect(await readFile(join(outside, 'loaded.txt'), 'utf8').catch(() => 'absent')).to.equal('absent');
  });

  it("with the permission: formatted with the project's config, loaded in a sandboxed child", async () => {
    const { ctx } = await createLocalContext({ root, permissions: { projectCode: true } });
    expect(await ctx.tools.format('src/x.ts', 'const a = "x";')).to.equal("const a = 'x'\n");
    expect(Number(await readFile(join(outside, 'loaded.txt'), 'utf8'))).not.to.equal(process.pid);
  });
});
