import { expect } from 'chai';
import { runOnFixture, where } from '../../support/sample-runs.js';

describe('capabilities/analysis/naming on the fixtures', function () {
  this.timeout(60_000);

  it('react-ts-app follows its conventions: components, hooks and PascalCase files are all accepted', async () => {
    const result = await runOnFixture('analysis.naming', 'react-ts-app');
    expect(result.findings).to.deep.equal([]);
    expect((result.data as { names: number }).names).to.be.above(100);
  });

  it("express-ts-api: only the single-letter 'l' in parseOrderInput", async () => {
    const result = await runOnFixture('analysis.naming', 'express-ts-api');
    expect(result.findings!.map((f) => `${f.ruleId} ${f.file}:${f.range.startLine}`)).to.deep.equal([
      'naming/meaningless src/validation/order-input.ts:24',
    ]);
  });

  it('a stricter convention reports the camelCase module constants', async () => {
    const result = await runOnFixture('analysis.naming', 'react-ts-app', { conventions: { constant: ['UPPER_CASE'] } });
    expect(where(result, 'naming/constant-case')).to.include('src/theme.ts:23');
  });
});
