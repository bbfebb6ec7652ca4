import { expect } from 'chai';
import { createEngine } from '../../../core/engine/index.js';
import { defaultRoots, loadRegistry } from '../../../core/registry/index.js';
import type { Engine } from '../../../core/contracts/index.js';
import { loadAnalysisCatalog, runScan } from '../../../core/scan/index.js';
import { copyFixture } from './sample-project.js';

describe('core/scan: the same findings as a REST job', () => {
  let engine: Engine;
  before(async () => {
    engine = createEngine({ registry: await loadRegistry({ roots: defaultRoots() }), poolOptions: { warmMemoryMB: [512] } });
  });
  after(async () => {
    await engine.close();
  });

  it('analysis.complexity as an engine job step on a root reports exactly what runScan reports on it', async () => {
    const root = copyFixture();
    const outcome = await engine.run({
      jobId: 'scan-parity',
      root,
      steps: [{ capability: 'analysis.complexity', input: {} }],
      limits: { maxMemoryMB: 512, maxExecutionTimeMin: 2, maxToolCalls: 100 },
      apply: false,
    });
    expect(outcome.status, JSON.stringify(outcome.error)).to.equal('succeeded');
    const scan = await runScan({ root, checks: ['complexity'], catalog: await loadAnalysisCatalog() });
    const scanned = scan.findings.map(({ fingerprint: _f, capability: _c, ...finding }) => finding);
    expect(outcome.result!.findings.length).to.be.greaterThan(0);
    expect(scanned).to.have.deep.members(outcome.result!.findings);
    expect(scanned).to.have.length(outcome.result!.findings.length);
  });
});
