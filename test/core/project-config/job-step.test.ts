/**
 * A workspace's agentd.config.json and its agentd-ignore comments apply to jobs too: analysis steps
 * run through the real engine (executor process, step worker) review their findings as `agentd scan`
 * does, and a bad file fails the step with invalid_project_config naming it.
 */
import { expect } from 'chai';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createEngine, type PipelineEngine } from '../../../core/engine/index.js';
import { defaultRoots, loadRegistry } from '../../../core/registry/index.js';
import { DEFAULT_LIMITS, type Finding } from '../../../core/contracts/index.js';
import { makeProject } from '../scan/sample-project.js';

const APP = [
  "const express = require('express');",
  'const app = express();',
  "app.get('/u', (req, res) => {",
  '  // agentd-ignore-next-line security/sql-injection -- the id is an integer checked by the router',
  "  db.query('SELECT * FROM users WHERE id = ' + req.query.id);",
  '  // agentd-ignore-next-line smells/magic-number',
  '  return 7;',
  '});',
  'function total(n) { return n * 1.19; }',
  'module.exports = { app, total };',
  '',
].join('\n');

describe('core/project-config in jobs: the step worker applies the workspace configuration', function () {
  this.timeout(120_000);
  let engine: PipelineEngine;

  before(async () => {
    engine = createEngine({ registry: await loadRegistry({ roots: defaultRoots() }), poolOptions: { maxThreads: 1 } });
  });
  after(() => engine.close());

  const run = (root: string, steps: string[]) =>
    engine.run({
      jobId: `config-${path.basename(root)}`,
      root,
      apply: false,
      limits: DEFAULT_LIMITS,
      steps: steps.map((capability) => ({ capability })),
    });

  it('reviews each analysis step: rule settings, suppressions, and the comments about its own rules', async () => {
    const root = makeProject({ 'src/app.js': APP, 'agentd.config.json': JSON.stringify({ rules: { 'smells/magic-number': 'medium' } }) });
    const outcome = await run(root, ['analysis.security', 'analysis.smells']);
    expect(outcome.status, JSON.stringify(outcome.error)).to.equal('succeeded');
    const [security, smells] = outcome.steps.map((s) => s.result!);
    const ids = (findings: Finding[] | undefined): string[] => (findings ?? []).map((f) => `${f.ruleId}@${f.range.startLine}`);
    expect(ids(security!.findings)).to.not.include('security/sql-injection@5');
    expect(security!.summary).to.contain('(left out: 1 suppressed in source)');
    expect(ids(smells!.findings)).to.include.members(['smells/magic-number@9', 'agentd/suppression-without-reason@6']);
    expect(smells!.findings!.find((f) => f.ruleId === 'smells/magic-number')!.severity).to.equal('medium');
    // The comment about a smells rule is reported once, by the smells step.
    expect(ids(security!.findings)).to.not.include('agentd/suppression-without-reason@6');
    expect(smells!.summary).to.contain('(+1 about agentd-ignore comments)');
  });

  it('fails the step with invalid_project_config when the workspace file is wrong', async () => {
    const root = makeProject({ 'src/a.js': 'module.exports = 1;\n' });
    writeFileSync(path.join(root, 'agentd.config.json'), JSON.stringify({ rules: { 'security/sqli': 'off' } }));
    const outcome = await run(root, ['analysis.security']);
    expect(outcome.status).to.equal('failed');
    expect(outcome.error?.code).to.equal('invalid_project_config');
    expect(outcome.error?.message).to.contain('"rules.security/sqli" names rule "security/sqli"');
  });
});
