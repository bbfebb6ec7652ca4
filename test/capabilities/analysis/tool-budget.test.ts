/**
 * Every analysis capability on a generated 150-file project within the default budget of 100 tool
 * calls: whole-project reads and parses are batched (`parseMany`, `readMany`, one call each), so a
 * capability costs a handful of calls whatever the project's size.
 */
import { expect } from 'chai';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalContext } from '../../../core/context/index.js';
import { DEFAULT_LIMITS, type Capability } from '../../../core/index.js';

const CAPABILITIES = [
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
const FILES = 150;

function moduleSource(i: number): string {
  const next = (i + 1) % FILES;
  return [
    `import { helper${next} } from './module-${next}.js';`,
    "import express from 'express';",
    '',
    `export function helper${i}(items: number[], limit: number): number {`,
    '  let total = 0;',
    '  for (const item of items) {',
    '    if (item > limit && item % 2 === 0) total += item;',
    `    else if (item < 0) total -= helper${next}([item], limit);`,
    '  }',
    '  return total;',
    '}',
    '',
    `export const router${i} = express.Router().get('/items/${i}', (req, res) => res.send(req.query.name));`,
    '',
  ].join('\n');
}

describe('capabilities/analysis: tool budget on a 150-file project', function () {
  this.timeout(120_000);
  let root: string;

  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'agentd-budget-'));
    await mkdir(path.join(root, 'src'));
    for (let i = 0; i < FILES; i++) await writeFile(path.join(root, 'src', `module-${i}.ts`), moduleSource(i));
    await writeFile(
      path.join(root, 'package.json'),
      JSON.stringify({ name: 'budget', version: '1.0.0', dependencies: { express: '^4.17.0' } }, null, 2),
    );
    const lock = {
      name: 'budget',
      lockfileVersion: 3,
      packages: { '': { name: 'budget', dependencies: { express: '^4.17.0' } }, 'node_modules/express': { version: '4.17.0' } },
    };
    await writeFile(path.join(root, 'package-lock.json'), JSON.stringify(lock, null, 2));
  });

  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('uses the default budget of 100 calls', () => {
    expect(DEFAULT_LIMITS.maxToolCalls).to.equal(100);
  });

  for (const name of CAPABILITIES) {
    it(`analysis.${name} analyses all ${FILES} files in a handful of calls`, async () => {
      const capability = (await import(`../../../capabilities/analysis/${name}.js`)) as Capability;
      const { ctx, budget } = await createLocalContext({ root, limits: { maxToolCalls: DEFAULT_LIMITS.maxToolCalls } });
      const result = await capability.run({}, ctx);
      expect(budget.used, 'tool calls').to.be.at.most(15);
      expect(result.summary)
        .to.be.a('string')
        .and.not.match(/failed/i);
      const data = (result.data ?? {}) as { skipped?: unknown[] };
      if (Array.isArray(data.skipped)) expect(data.skipped, 'skipped files').to.deep.equal([]);
    });
  }

  it('analysis.security reads the lock file and reports the vulnerable express it pins', async () => {
    const { run } = await import('../../../capabilities/analysis/security.js');
    const { ctx } = await createLocalContext({ root });
    const result = await run({ categories: ['dependencies'] }, ctx);
    expect((result.findings ?? []).some((f) => f.ruleId.startsWith('security/') && /express/.test(f.message))).to.equal(true);
  });
});
