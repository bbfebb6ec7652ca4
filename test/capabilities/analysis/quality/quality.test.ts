import { expect } from 'chai';
import type { QualityReport } from '../../../../capabilities/analysis/quality/report.js';
import type { StepResult } from '../../../../core/index.js';
import { runOnFiles } from '../../support/sample-runs.js';
import { runOnFixture } from '../../support/sample-runs.js';

type Data = QualityReport & { components: { component: string; source: string }[]; failed: unknown[] };
const data = (r: StepResult): Data => r.data as Data;

const CLEAN: Record<string, string> = {
  'package.json': '{ "name": "clean", "type": "module", "main": "src/index.ts" }\n',
  'src/index.ts': "export { totalPrice } from './cart/total-price.js';\nexport { formatMoney } from './money/format-money.js';\n",
  'src/cart/total-price.ts':
    "import { lineTotal, type CartLine } from './line-total.js';\n\n/** The cart's total in cents. */\nexport function totalPrice(lines: CartLine[]): number {\n  return lines.reduce((sum, line) => sum + lineTotal(line), 0);\n}\n",
  'src/cart/line-total.ts':
    'export interface CartLine {\n  unitCents: number;\n  quantity: number;\n}\n\nexport function lineTotal(line: CartLine): number {\n  return line.unitCents * line.quantity;\n}\n',
  'src/money/format-money.ts':
    'const CENTS_PER_UNIT = 100;\n\nexport function formatMoney(cents: number, currency: string): string {\n  return `${(cents / CENTS_PER_UNIT).toFixed(2)} ${currency}`;\n}\n',
};

/** Copy-pasted, deeply nested, magic-number-ridden code with poor names, dead exports and a flag parameter. */
const messyFunction = (
  name: string,
): string => `export function ${name}(d: any[], flag: boolean, a: number, b: number, c: number, e: number, g: number, h: number) {
  let tmp = 0;
  for (let i = 0; i < d.length; i++) {
    if (d[i].type === 7) {
      for (let j = 0; j < d[i].items.length; j++) {
        if (d[i].items[j].price > 250) {
          if (flag) {
            tmp = tmp + d[i].items[j].price * 0.85 + 13;
          } else {
            tmp = tmp + d[i].items[j].price * 0.93 + 17;
          }
        } else if (d[i].items[j].price > 125) {
          tmp = tmp + d[i].items[j].price * 0.97 + a * 3 + b * 4 + c * 5 + e * 6 + g * 8 + h * 9;
        }
      }
    }
  }
  return tmp;
  console.log('done');
}
`;

const MESSY: Record<string, string> = {
  'package.json': '{ "name": "messy", "type": "module" }\n',
  'src/Calc_Stuff.ts': `${messyFunction('Calc_One')}\n${messyFunction('calc_two')}\nexport const max_val = 99;\n`,
  'src/more_stuff.ts': `${messyFunction('Calc_Three')}\nexport let data = 42 * 17;\n`,
  'src/main.ts': "import { Calc_One } from './Calc_Stuff.js';\nconsole.log(Calc_One([], true, 1, 2, 3, 4, 5, 6));\n",
};

describe('capabilities/analysis/quality', function () {
  this.timeout(120_000);

  it('grades a clean project A and a messy one F, with the messy files ranked worst', async () => {
    const clean = data(await runOnFiles('analysis.quality', CLEAN));
    const messy = data(await runOnFiles('analysis.quality', MESSY));
    expect(clean.overall.grade).to.equal('A');
    expect(clean.overall.score).to.be.at.least(95);
    expect(messy.overall.grade).to.equal('F');
    expect(messy.overall.score).to.be.below(clean.overall.score - 40);
    for (const file of messy.files.filter((f) => f.file !== 'src/main.ts')) expect(file.grade, file.file).to.equal('F');
    expect(
      messy.files
        .map((f) => f.file)
        .slice(0, 2)
        .sort(),
    ).to.deep.equal(['src/Calc_Stuff.ts', 'src/more_stuff.ts']);
    expect(messy.components.filter((c) => c.source === 'computed').map((c) => c.component)).to.deep.equal([
      'complexity',
      'smells',
      'duplication',
      'naming',
      'structure',
      'dependencies',
    ]);
    expect(messy.failed).to.deep.equal([]);
  });

  it('finds issues of every component in the messy project and ranks the costliest first', async () => {
    const messy = data(await runOnFiles('analysis.quality', MESSY, { top: 5 }));
    for (const component of ['complexity', 'smells', 'naming', 'duplication'] as const)
      expect(messy.byComponent[component]?.findings ?? 0, component).to.be.above(0);
    expect(messy.topIssues).to.have.length(5);
    expect(messy.topIssues.map((t) => t.rank)).to.deep.equal([1, 2, 3, 4, 5]);
    for (let i = 1; i < messy.topIssues.length; i++)
      expect(messy.topIssues[i]!.effortMinutes).to.be.at.most(messy.topIssues[i - 1]!.effortMinutes);
    expect(messy.topIssues[0]!.effortMinutes).to.be.at.least(30);
  });

  it('aggregates per folder for the chart, each folder scored from its own files', async () => {
    const clean = data(await runOnFiles('analysis.quality', CLEAN));
    expect(clean.folders.map((f) => [f.folder, f.files])).to.deep.equal([
      ['src', 1],
      ['src/cart', 2],
      ['src/money', 1],
    ]);
    for (const folder of clean.folders) expect(folder.grade).to.equal('A');
  });

  it('gives the fixtures sane scores: mostly clean, the deliberately complex files lowest', async () => {
    const react = data(await runOnFixture('analysis.quality', 'react-ts-app'));
    const express = data(await runOnFixture('analysis.quality', 'express-ts-api'));
    for (const report of [react, express]) {
      expect(report.overall.score).to.be.within(80, 99);
      expect(report.overall.grade).to.be.oneOf(['A', 'B']);
    }
    expect(react.files[0]!.file).to.be.oneOf(['src/lib/priority.ts', 'src/components/TaskSummary.tsx']);
    expect(express.files[0]!.file).to.equal('src/services/pricing.ts');
    expect(react.files.find((f) => f.file === 'src/types.ts')!.score).to.equal(100);
    // A job's analysis step runs under the project settings (core/project-config/job-step.ts): test files are out of its default scope.
    expect(express.folders.map((f) => f.folder)).to.deep.equal(['src', 'src/middleware', 'src/routes', 'src/services', 'src/validation']);
  });

  it('uses the findings of an earlier smells step instead of running smells again', async () => {
    const { ctxResult, quality } = await (async () => {
      const earlier = await runOnFixture('analysis.smells', 'express-ts-api', { thresholds: { params: 2 } });
      return { ctxResult: earlier, quality: data(await runOnFixture('analysis.quality', 'express-ts-api', {}, { previous: [earlier] })) };
    })();
    const fresh = data(await runOnFixture('analysis.quality', 'express-ts-api'));
    expect(quality.components.find((c) => c.component === 'smells')!.source).to.equal('previous-step');
    expect(quality.byComponent.smells!.findings).to.equal(ctxResult.findings!.length);
    expect(quality.byComponent.smells!.findings).to.be.above(fresh.byComponent.smells!.findings);
    expect(quality.overall.score).to.be.below(fresh.overall.score);
  });

  it('leaves a component out when its weight is 0', async () => {
    const withoutNaming = data(await runOnFiles('analysis.quality', MESSY, { weights: { naming: 0 } }));
    expect(withoutNaming.byComponent.naming).to.equal(undefined);
  });
});
