import { expect } from 'chai';
import { runOnFixture, where } from '../../support/sample-runs.js';

describe('capabilities/analysis/smells on the fixtures', function () {
  this.timeout(60_000);

  it('react-ts-app: the unused exports, the deep nesting in summarise, magic numbers only in the scoring code', async () => {
    const result = await runOnFixture('analysis.smells', 'react-ts-app');
    expect(where(result, 'smells/unused-export')).to.deep.equal(['src/components/TaskSummary.tsx:11', 'src/lib/priority.ts:5']);
    expect(where(result, 'smells/deep-nesting')).to.deep.equal(['src/components/TaskSummary.tsx:11']);
    const magic = new Set(where(result, 'smells/magic-number').map((w) => w.split(':')[0]));
    expect([...magic].sort()).to.deep.equal([
      'src/components/TaskSummary.tsx',
      'src/lib/priority.ts',
      'src/lib/validate.ts',
      'src/theme.ts',
    ]);
    // Test files, const tables and the MS_PER_DAY arithmetic are not magic.
    expect(where(result, 'smells/magic-number')).to.not.include('src/lib/priority.ts:3');
    for (const id of [
      'smells/unreachable-code',
      'smells/long-function',
      'smells/long-file',
      'smells/large-class',
      'smells/long-parameter-list',
    ])
      expect(where(result, id), id).to.deep.equal([]);
  });

  it('express-ts-api: withTransaction is dead, express is a flag parameter, HTTP statuses are not magic', async () => {
    const result = await runOnFixture('analysis.smells', 'express-ts-api');
    expect(where(result, 'smells/unused-export')).to.deep.equal(['src/db.ts:14']);
    expect(where(result, 'smells/boolean-flag-parameter')).to.deep.equal(['src/services/pricing.ts:27']);
    const magic = where(result, 'smells/magic-number');
    expect(magic).to.include('src/services/pricing.ts:49');
    expect(magic.filter((w) => /app\.ts|error-handler|errors\.ts/.test(w))).to.deep.equal([]);
    expect((result.data as { files: number }).files).to.equal(11);
  });
});
