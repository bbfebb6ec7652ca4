/**
 * Attack: files nested ~14,000 levels deep (ifs, arrays, parentheses, ternaries) overflowed the stack
 * of analysis.complexity and analysis.smells, and in a pipeline the other steps were then skipped.
 * Every walker is now iterative; long `&&` chains and `a.b().b()...` call chains (which overflowed
 * complexity's operator runs and security's dotted names) are in the workspace too. Every analysis
 * must finish, through a REST pipeline (worker threads) and `agentd scan` (one thread, a smaller stack).
 */
import { expect } from 'chai';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runAgentd } from '../cli/support/agentd-process.js';
import { startTestDaemon, type TestDaemon } from '../daemon/support/daemon-harness.js';
import { post, waitForStatus } from '../daemon/support/http-client.js';

const DEPTH = 14_000;
const ANALYSES = [
  'complexity',
  'dependencies',
  'duplication',
  'lint',
  'naming',
  'performance',
  'quality',
  'security',
  'smells',
  'structure',
];

export const DEEP_FILES: Record<string, string> = {
  'ifs.js': `export function f(a) {\n${'if (a) '.repeat(DEPTH)}return 1;\n}\n`,
  'arrays.js': `export const a = ${'['.repeat(DEPTH)}1${']'.repeat(DEPTH)};\n`,
  'parens.js': `export const p = ${'('.repeat(DEPTH)}1${')'.repeat(DEPTH)};\n`,
  'ternaries.js': `export const t = (x) => ${'x ? 1 : '.repeat(12_000)}0;\n`,
  'logical.js': `export const l = (a, b) => a${' && b || a'.repeat(9_000)};\n`,
  'chains.js': `export const c = a${'.b()'.repeat(DEPTH)};\n`,
};

describe('attack: deeply nested files', function () {
  this.timeout(180_000);
  let root: string;
  let t: TestDaemon;

  before(async () => {
    t = await startTestDaemon();
    root = path.join(t.workspace, 'deep');
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, 'package.json'), '{"name":"deep","version":"1.0.0","type":"module"}');
    await writeFile(path.join(root, 'ok.js'), 'export const ok = (a) => (a ? 1 : 2);\n');
    for (const [name, source] of Object.entries(DEEP_FILES)) {
      expect(Buffer.byteLength(source), `${name} stays under the 100 KB read limit`).to.be.below(100 * 1024);
      await writeFile(path.join(root, name), source);
    }
  });
  after(() => t.close());

  it('REST: all ten analyses of a pipeline succeed', async () => {
    const submitted = await post(t.url, '/jobs', {
      pipeline: ANALYSES.map((name) => ({ capability: `analysis.${name}` })),
      workspace: 'deep',
    });
    const done = await waitForStatus(t.url, submitted.body.id, ['succeeded', 'failed'], 150_000);
    expect(done.steps.filter((step) => step.status !== 'succeeded').map((step) => `${step.capability}: ${step.summary}`)).to.deep.equal([]);
    expect(done.status).to.equal('succeeded');
  });

  it('CLI: agentd scan --checks all runs every check without a failure', async () => {
    const copy = await mkdtemp(path.join(tmpdir(), 'agentd-deep-cli-'));
    try {
      for (const [name, source] of Object.entries({ ...DEEP_FILES, 'package.json': '{"name":"deep","version":"1.0.0"}' }))
        await writeFile(path.join(copy, name), source);
      const result = await runAgentd(['scan', copy, '--checks', 'all', '--format', 'json']);
      expect(result.code, result.stderr).to.be.oneOf([0, 1]);
      const report = JSON.parse(result.stdout) as { runs: { capability: string; error?: { message: string } }[]; skipped: unknown[] };
      expect(report.runs.filter((run) => run.error).map((run) => `${run.capability}: ${run.error!.message}`)).to.deep.equal([]);
      expect(report.runs).to.have.length(ANALYSES.length);
      expect(report.skipped).to.deep.equal([]);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
