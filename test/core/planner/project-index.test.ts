import { expect } from 'chai';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLocalContext } from '../../../core/context/index.js';
import { buildProjectIndex } from '../../../core/planner/index.js';

const FIXTURES = fileURLToPath(new URL('../../../../fixtures/', import.meta.url));

describe('core/planner: buildProjectIndex', () => {
  it('lists files and folders, top-level symbols with their lines, and the project context', async () => {
    const index = await buildProjectIndex({ root: path.join(FIXTURES, 'express-ts-api') });
    expect(index.files).to.include.members(['src/app.ts', 'src/routes/orders.ts', 'package.json', 'test/pricing.test.ts']);
    expect(index.folders).to.include.members(['src', 'src/routes', 'src/services', 'test']);
    expect(index.symbols).to.deep.include({
      name: 'priceOrder',
      kind: 'function',
      file: 'src/services/pricing.ts',
      line: 27,
      exported: true,
    });
    expect(index.symbols).to.deep.include({
      name: 'OrderService',
      kind: 'class',
      file: 'src/services/order-service.ts',
      line: 20,
      exported: true,
    });
    expect(index.symbols).to.deep.include({ name: 'COUPONS', kind: 'const', file: 'src/services/pricing.ts', line: 17, exported: false });
    expect(index.symbols).to.deep.include({ name: 'Tier', kind: 'type', file: 'src/services/pricing.ts', line: 2, exported: true });
    expect(index.lineCounts['src/app.ts']).to.be.greaterThan(5);
    expect(index.project.framework).to.equal('express');
  });

  it('indexes declarations of CommonJS files, and keeps one entry for an overloaded function', async () => {
    const legacy = await buildProjectIndex({ root: path.join(FIXTURES, 'legacy-js-package') });
    expect(legacy.symbols).to.deep.include({ name: 'findUser', kind: 'function', file: 'lib/store.js', line: 5, exported: false });
    const shop = await buildProjectIndex({ root: path.join(FIXTURES, 'refactoring-samples/shop') });
    expect(shop.symbols.filter((s) => s.name === 'toCents')).to.have.length(1);
  });

  describe('on a copy with a .gitignore', () => {
    let root: string;
    before(async () => {
      root = await mkdtemp(path.join(tmpdir(), 'agentd-planner-index-'));
      await cp(path.join(FIXTURES, 'react-ts-app'), root, { recursive: true });
      await writeFile(path.join(root, '.gitignore'), 'generated/\n');
      await cp(path.join(root, 'src/lib'), path.join(root, 'generated'), { recursive: true });
    });
    after(() => rm(root, { recursive: true, force: true }));

    it('leaves ignored files out, and from a job context spends two tool calls (list + parseMany)', async () => {
      const handle = await createLocalContext({ root });
      const before = handle.budget.used;
      const index = await buildProjectIndex(handle.ctx);
      expect(index.files.some((f) => f.startsWith('generated/'))).to.equal(false);
      expect(index.symbols.map((s) => s.name)).to.include('urgencyScore');
      expect(handle.budget.used - before).to.equal(2);
    });
  });
});
