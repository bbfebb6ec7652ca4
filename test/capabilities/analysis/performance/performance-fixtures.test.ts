import { expect } from 'chai';
import { runOnFixture } from '../../support/sample-runs.js';

describe('capabilities/analysis/performance on the fixtures', function () {
  this.timeout(60_000);

  it('express-ts-api: the order-line INSERT per line is an N+1, and nothing else is reported', async () => {
    const result = await runOnFixture('analysis.performance', 'express-ts-api');
    expect(result.findings!.map((f) => `${f.ruleId} ${f.file}:${f.range.startLine} ${f.severity}`)).to.deep.equal([
      'performance/n-plus-one-query src/services/order-service.ts:52 high',
    ]);
  });

  it('react-ts-app: keys, hook dependencies and memoisation are right; only the focus-tag search is flagged', async () => {
    const result = await runOnFixture('analysis.performance', 'react-ts-app');
    expect(result.findings!.map((f) => `${f.ruleId} ${f.file}:${f.range.startLine}`)).to.deep.equal([
      'performance/linear-search-in-loop src/lib/priority.ts:34',
    ]);
    expect((result.data as { browser: boolean }).browser).to.equal(true);
  });
});
