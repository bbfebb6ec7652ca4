import { expect } from 'chai';
import { runOnFixture } from '../../support/sample-runs.js';

describe('capabilities/analysis/lint on the fixtures', function () {
  this.timeout(120_000);

  it("express-ts-api: the recommended config finds only the error handler's unused _next", async () => {
    const result = await runOnFixture('analysis.lint', 'express-ts-api', { engine: 'eslint' });
    expect(result.findings!.map((f) => `${f.ruleId} ${f.file}:${f.range.startLine}`)).to.deep.equal([
      'eslint/@typescript-eslint/no-unused-vars src/middleware/error-handler.ts:5',
    ]);
    expect((result.data as { linted: number }).linted).to.equal(11);
  });

  it('express-ts-api without an ESLint config: engine auto runs the built-in rules, which find nothing there either', async () => {
    const result = await runOnFixture('analysis.lint', 'express-ts-api');
    expect((result.data as { config: { source: string } }).config.source).to.equal('builtin');
    expect(result.findings).to.deep.equal([]);
    expect((result.data as { linted: number }).linted).to.equal(11);
  });

  it('react-ts-app: TSX parses and lints clean', async () => {
    const result = await runOnFixture('analysis.lint', 'react-ts-app');
    expect(result.findings!.filter((f) => f.ruleId === 'eslint/parse-error')).to.deep.equal([]);
    expect((result.data as { linted: number }).linted).to.be.at.least(15);
  });
});
