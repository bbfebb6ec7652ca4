/** `agentd scan --plugin`: a plugin's analysis check runs in a real CLI process, named by its full id. */
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { runAgentd } from '../cli/support/agentd-process.js';
import { makeProject } from '../core/scan/sample-project.js';
import { HOSTILE, hostilePlugin } from './support/hostile-plugin.js';

const EXAMPLE = fileURLToPath(new URL('../../../plugins/examples/license-header', import.meta.url));

describe('agentd scan --plugin', function () {
  this.timeout(60_000);

  it('runs the plugin check with a first-party one and reports its findings (exit 1 at --fail-on low)', async () => {
    const root = makeProject({ 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': '// SPDX-License-Identifier: MIT\nexport const b = 2;\n' });
    const result = await runAgentd([
      'scan',
      root,
      '--plugin',
      EXAMPLE,
      '--checks',
      'acme/analysis.license-header,complexity',
      '--format',
      'json',
      '--fail-on',
      'low',
    ]);
    expect(result.code, result.stderr).to.equal(1);
    const report = JSON.parse(result.stdout) as {
      findings: { ruleId: string; file: string; capability?: string }[];
      runs: { capability: string; error?: unknown }[];
    };
    expect(report.runs.map((r) => r.capability).sort()).to.deep.equal(['acme/analysis.license-header', 'analysis.complexity']);
    expect(report.runs.every((r) => r.error === undefined)).to.equal(true);
    expect(report.findings.filter((f) => f.ruleId === 'license-header/missing').map((f) => f.file)).to.deep.equal(['src/a.ts']);
  });

  it('runs plugin checks in an executor process: one that aborts it fails alone, the scan reports the rest and exits 2', async () => {
    const hostile = await hostilePlugin({ 'analysis.one-huge-allocation': HOSTILE['analysis.one-huge-allocation']! });
    const root = makeProject({ 'src/a.ts': 'export function f(x: number): number {\n  return x > 1 ? x : -x;\n}\n' });
    const result = await runAgentd([
      'scan',
      root,
      '--plugin',
      hostile,
      '--checks',
      'evil/analysis.one-huge-allocation,complexity',
      '--format',
      'json',
    ]);
    expect(result.code, result.stderr).to.equal(2);
    const report = JSON.parse(result.stdout) as { runs: { capability: string; summary: string; error?: { code: string } }[] };
    const runs = Object.fromEntries(report.runs.map((r) => [r.capability, r]));
    // capability_crashed when V8 aborts the executor; plugin_memory_limit when the heap limit acts first (a loaded machine).
    expect(runs['evil/analysis.one-huge-allocation']?.error?.code).to.be.oneOf(['capability_crashed', 'plugin_memory_limit']);
    expect(runs['analysis.complexity']?.error).to.equal(undefined);
    expect(runs['analysis.complexity']?.summary).to.match(/^Measured 1 functions/);
    expect(result.stderr).to.contain('evil/analysis.one-huge-allocation failed:');
  });

  it('exits 2 naming the problem for a plugin that cannot be loaded, and for a plugin id not loaded', async () => {
    const root = makeProject({ 'a.ts': 'export {};\n' });
    const missing = await runAgentd(['scan', root, '--plugin', './no/such/plugin', '--checks', 'all']);
    expect(missing.code).to.equal(2);
    expect(missing.stderr).to.contain('is not a folder');
    const unknown = await runAgentd(['scan', root, '--checks', 'acme/analysis.license-header']);
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr).to.contain('No analysis check is named');
  });
});
