import { expect } from 'chai';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine } from '../../../core/engine/index.js';
import { createLocalContext } from '../../../core/context/index.js';
import { defaultRoots, loadRegistry } from '../../../core/registry/index.js';
import type { Engine } from '../../../core/contracts/index.js';
import { run } from '../../../capabilities/analysis/complexity.js';
import { inputFor, newReview, projectSettings, reviewResult, workspaceReader } from '../../../core/project-config/index.js';
import { configCatalogOf, loadAnalysisCatalog } from '../../../core/scan/index.js';

const expressApi = fileURLToPath(new URL('../../../../fixtures/express-ts-api/', import.meta.url));

describe('capabilities/analysis/complexity through the pipeline engine', () => {
  let engine: Engine;
  before(async () => {
    engine = createEngine({ registry: await loadRegistry({ roots: defaultRoots() }), poolOptions: { warmMemoryMB: [512] } });
  });
  after(async () => {
    await engine.close();
  });

  it('runs as a job step in a worker and returns what an in-process run returns', async () => {
    const root = path.resolve(expressApi);
    const input = { thresholds: { cyclomatic: 5 } };
    const outcome = await engine.run({
      jobId: 'complexity-e2e',
      root,
      steps: [{ capability: 'analysis.complexity', input }],
      limits: { maxMemoryMB: 512, maxExecutionTimeMin: 2, maxToolCalls: 500 },
      apply: false,
    });
    expect(outcome.error).to.equal(null);
    expect(outcome.status).to.equal('succeeded');
    const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 500 } });
    // A job step runs under the workspace's configuration, here agentd's defaults (no test code in
    // complexity, maintainability at most medium): the same input and the same review in-process.
    const settings = projectSettings(root, configCatalogOf(await loadAnalysisCatalog()), false);
    const configured = inputFor(settings, 'analysis.complexity', input);
    const local = await run(configured, ctx);
    const reviewed = await reviewResult(local, 'analysis.complexity', configured, newReview(settings, workspaceReader(ctx.workspace)));
    expect(outcome.result!.findings).to.deep.equal(reviewed.result.findings);
    expect(outcome.result!.data![0]).to.deep.equal(local.data);
    expect(outcome.result!.findings.some((f) => f.ruleId === 'complexity/cyclomatic' && f.file === 'src/services/pricing.ts')).to.equal(
      true,
    );
    // One list and one batched parse: a whole-project analysis costs two tool calls, not one per file.
    expect(outcome.usage.toolCalls).to.equal(2);
  });
});
