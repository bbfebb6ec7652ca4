/** The dependency checks on agentd's own manifest and lock file (a real package-lock.json of ~170 KB). */
import { expect } from 'chai';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLocalContext } from '../../../../core/context/index.js';
import { scanDependencies } from '../../../../capabilities/analysis/advisories/check-insecure-dependencies.js';
import { run as dependencies } from '../../../../capabilities/analysis/dependencies.js';

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

describe("capabilities/analysis/advisories on agentd's own lock file", function () {
  this.timeout(60_000);
  let root: string;

  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'agentd-own-lock-'));
    for (const file of ['package.json', 'package-lock.json']) await copyFile(path.join(repoRoot, file), path.join(root, file));
  });

  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("analysis.security's dependency scan reads the whole lock file and checks every locked package", async () => {
    const { ctx, budget } = await createLocalContext({ root });
    const scan = await scanDependencies(ctx);
    expect(scan.notes.filter((n) => /could not be read/.test(n))).to.deep.equal([]);
    expect(scan.lockFile).to.equal('package-lock.json');
    expect(scan.checkedPackages).to.be.greaterThan(300);
    expect(budget.used).to.be.at.most(4);
  });

  it('analysis.dependencies sees the locked versions (the multiple-versions rule needs them)', async () => {
    const { ctx } = await createLocalContext({ root });
    const result = await dependencies({}, ctx);
    const data = result.data as { notes?: string[] };
    expect((data.notes ?? []).filter((n) => /package-lock/.test(n))).to.deep.equal([]);
    expect((result.findings ?? []).some((f) => f.ruleId === 'dependencies/multiple-versions')).to.equal(true);
  });
});
