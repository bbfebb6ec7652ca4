import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanEnv, runAgentd } from './support/agentd-process.js';

describe('agentd advisories (CLI)', function () {
  this.timeout(60_000);

  const home = mkdtempSync(path.join(os.tmpdir(), 'agentd-advisories-home-'));
  const env = cleanEnv({ HOME: home });
  after(() => rmSync(home, { recursive: true, force: true }));
  const list = {
    version: 1,
    generatedAt: '2099-01-01T00:00:00.000Z',
    source: 'test list',
    advisories: [
      {
        id: 'GHSA-test-0001',
        package: 'left-pad',
        title: 'Test advisory',
        severity: 'high',
        cwe: ['CWE-400'],
        vulnerableRange: '<1.3.0',
        patchedVersion: '1.3.0',
      },
      {
        id: 'GHSA-test-0002',
        package: 'left-pad',
        title: 'Another one',
        severity: 'low',
        cwe: [],
        vulnerableRange: '<1.1.0',
        patchedVersion: '1.1.0',
      },
      {
        id: 'GHSA-test-0003',
        package: 'right-pad',
        title: 'Third',
        severity: 'critical',
        cwe: ['CWE-94'],
        vulnerableRange: '<2.0.0',
        patchedVersion: null,
      },
    ],
  };

  it('installs a newer list into ~/.agentd/advisories.json, says how many it loaded, and lists it as active', async () => {
    const from = path.join(home, 'newer.json');
    writeFileSync(from, JSON.stringify(list));
    const update = await runAgentd(['advisories', 'update', '--from', from], env);
    expect(update.code, update.stderr).to.equal(0);
    expect(update.stdout).to.contain('Loaded 3 advisories for 2 packages');
    const installed = path.join(home, '.agentd', 'advisories.json');
    expect(existsSync(installed)).to.equal(true);
    expect(JSON.parse(readFileSync(installed, 'utf8')).advisories).to.have.length(3);

    const shown = await runAgentd(['advisories', 'list', '--package', 'left-pad'], env);
    expect(shown.code, shown.stderr).to.equal(0);
    expect(shown.stdout).to.contain('left-pad <1.3.0  high  GHSA-test-0001  CWE-400  fixed in 1.3.0  Test advisory');
    expect(shown.stdout).to.not.contain('right-pad');
    expect(shown.stdout).to.contain(`2 advisories for "left-pad" in ${installed}`);
  });

  it('exits 2 with one line for a file that is not an advisory list, and keeps the installed one', async () => {
    const bad = path.join(home, 'bad.json');
    writeFileSync(bad, JSON.stringify({ hello: 'world' }));
    const result = await runAgentd(['advisories', 'update', '--from', bad], env);
    expect(result.code).to.equal(2);
    expect(result.stderr.trim().split('\n')).to.have.length(1);
    expect(result.stderr).to.contain('bad.json');
    expect(JSON.parse(readFileSync(path.join(home, '.agentd', 'advisories.json'), 'utf8')).advisories).to.have.length(3);
  });

  it('exits 2 when --from is missing', async () => {
    const result = await runAgentd(['advisories', 'update'], env);
    expect(result.code).to.equal(2);
    expect(result.stderr).to.contain('from');
  });
});
