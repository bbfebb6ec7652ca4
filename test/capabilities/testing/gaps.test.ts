/**
 * testing.gaps on the mocha fixture with a git history: exported functions no test reaches and branches
 * no test takes, from V8 coverage, ranked by complexity × commits; each with the testing.unit input that
 * would write the missing test. Without the permission: exports of files no test imports, coverage not run.
 */
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Gap } from '../../../capabilities/testing/gaps.js';
import { copyOf, removeCopies, runOn } from './project-copy.js';

const TAX = 'export const vat = (amount, rate) => {\n  if (rate === undefined) return amount * 0.2;\n  return amount * rate;\n};\n';

async function withHistory(): Promise<string> {
  const root = await copyOf('mocha-project');
  await writeFile(path.join(root, 'lib', 'tax.js'), TAX);
  const git = (...args: string[]): void => {
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], {
      cwd: root,
      stdio: 'ignore',
    });
  };
  git('init', '-q');
  await writeFile(path.join(root, '.gitignore'), 'node_modules\n');
  git('add', '.');
  git('commit', '-qm', 'one');
  for (const n of [2, 3]) {
    await writeFile(
      path.join(root, 'lib', 'shipping.js'),
      `${(await import('node:fs')).readFileSync(path.join(root, 'lib', 'shipping.js'), 'utf8')}// ${n}\n`,
    );
    git('commit', '-qam', `change ${n}`);
  }
  return root;
}

describe('capabilities/testing/gaps', function () {
  this.timeout(180_000);
  after(removeCopies);

  it('from coverage: untested exports and untaken branches, ranked by complexity × commits, with the testing.unit input', async () => {
    const root = await withHistory();
    const result = await runOn('testing.gaps', root, {}, { projectCode: true });
    const data = result.data as { basis: string; gaps: Gap[]; churnCounted: boolean };
    expect(data.basis).to.equal('coverage');
    expect(data.churnCounted).to.equal(true);
    const names = data.gaps.map((g) => `${g.file}#${g.name}:${g.kind}`);
    expect(names).to.include.members([
      'lib/shipping.js#freeShipping:untested-export',
      'lib/tax.js#vat:untested-export',
      'lib/cart.js#discount:uncovered-branches',
    ]);
    expect(names.some((n) => n.startsWith('lib/cart.js#lineTotal'))).to.equal(false, 'both branches of lineTotal are tested');
    const free = data.gaps.find((g) => g.name === 'freeShipping')!;
    expect(free).to.deep.include({
      line: 7,
      complexity: 1,
      commits: 3,
      risk: 4,
      testedBy: ['test/shipping.test.js'],
      generate: { capability: 'testing.unit', input: { include: ['lib/shipping.js'], symbol: 'freeShipping' } },
    });
    const vat = data.gaps.find((g) => g.name === 'vat')!;
    expect(vat).to.deep.include({ complexity: 2, commits: 1, risk: 4, testedBy: [] });
    const discount = data.gaps.find((g) => g.name === 'discount')!;
    expect(discount.uncoveredBranches).to.include(8);
    for (let i = 1; i < data.gaps.length; i += 1) expect(data.gaps[i - 1]!.risk).to.be.at.least(data.gaps[i]!.risk);
    expect(result.findings!.find((f) => f.ruleId === 'testing/untested-export' && f.file === 'lib/shipping.js')!.range.startLine).to.equal(
      7,
    );
    expect(result.notRun).to.equal(undefined);
  });

  it('without the project-code permission: exports of files no test imports, and coverage reported as not run', async () => {
    const root = await withHistory();
    const result = await runOn('testing.gaps', root, {}, { projectCode: false });
    const data = result.data as { basis: string; gaps: Gap[] };
    expect(data.basis).to.equal('imports');
    expect(data.gaps.map((g) => `${g.file}#${g.name}`)).to.deep.equal(['lib/tax.js#vat']);
    expect(result.notRun![0]!.part).to.equal('coverage');
    expect(result.summary).to.include('from the import graph only (coverage not measured)');
  });
});
