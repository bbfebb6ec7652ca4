import { expect } from 'chai';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { isAgentdError } from '../../../core/errors/index.js';
import { toJson, toSarif } from '../../../core/report/index.js';
import { applyBaseline, loadAnalysisCatalog, readBaseline, runScan, type AnalysisCatalog } from '../../../core/scan/index.js';
import { SIMPLE, complexFunction, makeProject, tempDir, writeFiles } from './sample-project.js';

describe('core/scan baselines', () => {
  let catalog: AnalysisCatalog;
  before(async () => {
    catalog = await loadAnalysisCatalog();
  });

  for (const [format, render] of [
    ['JSON', toJson],
    ['SARIF', toSarif],
  ] as const) {
    it(`keeps old findings out after the code moved down, and shows a new one (${format} baseline)`, async () => {
      const root = makeProject({ 'src/rules.ts': complexFunction('classify'), 'src/other.ts': SIMPLE });
      const before = await runScan({ root, checks: ['complexity'], catalog });
      expect(before.findings.length).to.be.greaterThan(0);
      const baselineFile = path.join(tempDir(), `baseline.${format.toLowerCase()}`);
      writeFileSync(baselineFile, render(before));

      // Twenty lines inserted above the old function, and a new complex function below it.
      const header = Array.from({ length: 20 }, (_, i) => `// header line ${i}`).join('\n');
      writeFiles(root, { 'src/rules.ts': `${header}\n${complexFunction('classify')}\n${complexFunction('grade')}` });
      const after = await runScan({ root, checks: ['complexity'], catalog });
      const moved = after.findings.filter((f) => f.message.includes("'classify'"));
      expect(moved.map((f) => f.range.startLine)).to.not.deep.equal(before.findings.map((f) => f.range.startLine));

      const fresh = applyBaseline(after, await readBaseline(baselineFile));
      expect(fresh.findings.length).to.be.greaterThan(0);
      expect(fresh.findings.every((f) => f.message.includes("'grade'"))).to.equal(true);
      expect(fresh.stats.suppressedByBaseline).to.equal(before.findings.length);
      expect(fresh.runs[0]!.findings).to.equal(fresh.findings.length);
    });
  }

  it('refuses a file that is not an agentd report', async () => {
    const file = path.join(tempDir(), 'other.json');
    writeFileSync(file, JSON.stringify({ hello: 'world' }));
    const error = await readBaseline(file).catch((e: unknown) => e);
    expect(isAgentdError(error) && error.code).to.equal('invalid_input');
    writeFileSync(file, '{ not json');
    const broken = await readBaseline(file).catch((e: unknown) => e);
    expect(isAgentdError(broken) && broken.code).to.equal('invalid_input');
  });
});
