import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { meta } from '../../../../capabilities/analysis/duplication.js';
import type { Clone, DuplicationReport } from '../../../../capabilities/analysis/duplication/clone-report.js';
import type { DuplicationInput } from '../../../../capabilities/analysis/duplication/options.js';
import type { Finding } from '../../../../core/index.js';
import { CapabilityTester, removeSample, writeSample, type CaseOutcome } from '../../../../core/tester/index.js';
import { runOnFiles } from '../../support/sample-runs.js';

const original = `export function priceOrder(order, rules) {
  const total = order.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  if (total > rules.limit) {
    throw new Error('over the limit: ' + total);
  }
  const discount = total > 100 ? total * 0.1 : 0;
  return { total, discount, net: total - discount };
}
`;
// The same code with every identifier renamed consistently and the literals changed.
const renamed = `export function costOfCart(cart, policy) {
  const amount = cart.lines.reduce((acc, line) => acc + line.cost * line.count, 0);
  if (amount > policy.maximum) {
    throw new Error('too much: ' + amount);
  }
  const rebate = amount > 250 ? amount * 0.2 : 0;
  return { amount, rebate, net: amount - rebate };
}
`;
// The original with a statement inserted in the middle: neither half reaches 50 tokens.
const nearMiss = `export function priceBasket(order, rules) {
  const total = order.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  audit.record(order.id, total);
  if (total > rules.limit) {
    throw new Error('over the limit: ' + total);
  }
  const discount = total > 100 ? total * 0.1 : 0;
  return { total, discount, net: total - discount };
}
`;
// Inconsistent renaming: where the original uses one name twice, this uses two different names.
const inconsistent = `export function priceOrder(order, rules) {
  const total = order.items.reduce((sum, item) => left + item.price * right.quantity, 0);
  if (total > rules.limit) {
    throw new Error('over the limit: ' + total);
  }
  const discount = other > 100 ? total * 0.1 : 0;
  return { total, discount, net: total - another };
}
`;

interface Case {
  name: string;
  files: Record<string, string>;
  input?: DuplicationInput;
  clones: { kind: Clone['kind']; first: [string, number, number]; second: [string, number, number] }[];
}

const invalid: Case[] = [
  {
    name: 'an exact copy in another file',
    files: { 'src/a.js': original, 'src/b.js': `// copied\n${original}` },
    clones: [{ kind: 'exact', first: ['src/a.js', 1, 8], second: ['src/b.js', 2, 9] }],
  },
  {
    name: 'an exact copy in the same file',
    files: { 'src/a.js': `${original}\nconst gap = 1;\n${original.replace('priceOrder', 'priceAgain')}` },
    clones: [{ kind: 'exact', first: ['src/a.js', 1, 8], second: ['src/a.js', 11, 18] }],
  },
  {
    name: 'a copy with renamed identifiers and changed literals',
    files: { 'src/a.ts': original, 'src/b.ts': renamed },
    clones: [{ kind: 'renamed', first: ['src/a.ts', 1, 8], second: ['src/b.ts', 1, 8] }],
  },
  {
    name: 'an exact copy of a TSX component',
    files: {
      'src/A.tsx': `export function A({ items }: { items: string[] }) {\n  return (\n    <ul className="list">\n      {items.map((item) => (\n        <li key={item} className="row" onClick={() => select(item)}>\n          {item.toUpperCase()} and {item.length}\n        </li>\n      ))}\n    </ul>\n  );\n}\n`,
      'src/B.tsx': `export function B({ items }: { items: string[] }) {\n  return (\n    <ul className="list">\n      {items.map((item) => (\n        <li key={item} className="row" onClick={() => select(item)}>\n          {item.toUpperCase()} and {item.length}\n        </li>\n      ))}\n    </ul>\n  );\n}\n`,
    },
    input: { minTokens: 40 },
    clones: [{ kind: 'exact', first: ['src/A.tsx', 1, 11], second: ['src/B.tsx', 1, 11] }],
  },
];

const valid: Case[] = [
  { name: 'a near miss (a statement inserted in the middle)', files: { 'src/a.js': original, 'src/b.js': nearMiss }, clones: [] },
  { name: 'an inconsistent renaming', files: { 'src/a.js': original, 'src/b.js': inconsistent }, clones: [] },
  {
    name: 'renamed copies when only exact clones are asked for',
    files: { 'src/a.ts': original, 'src/b.ts': renamed },
    input: { kinds: ['exact'] },
    clones: [],
  },
  { name: 'a copy shorter than minLines', files: { 'src/a.js': original, 'src/b.js': original }, input: { minLines: 9 }, clones: [] },
  { name: 'a copy shorter than minTokens', files: { 'src/a.js': original, 'src/b.js': original }, input: { minTokens: 90 }, clones: [] },
  {
    name: 'comments that differ around the same code',
    files: { 'src/a.js': original, 'src/b.js': `// note\n${original}`.replace('{\n  const total', '{ /* why */\n  const total') },
    clones: [{ kind: 'exact', first: ['src/a.js', 1, 8], second: ['src/b.js', 2, 9] }],
  },
];

const where = (l: Clone['first']): [string, number, number] => [l.file, l.startLine, l.endLine];

describe('capabilities/analysis/duplication', () => {
  // The clone cases on CapabilityTester: one duplication/clone finding at each clone's second copy, in order; the clones in data.
  const clonesOf =
    (c: (typeof invalid)[number]) =>
    (outcome: CaseOutcome): void => {
      const clones = (outcome.result!.data as { clones: Clone[] }).clones;
      expect(clones.map((x) => ({ kind: x.kind, first: where(x.first), second: where(x.second) }))).to.deep.equal(c.clones);
    };
  new CapabilityTester({ capability: 'analysis.duplication', findings: { ordered: true } }).run({
    valid: [...invalid, ...valid]
      .filter((c) => c.clones.length === 0)
      .map((c) => ({ name: `does not report ${c.name}`, files: c.files, input: c.input as Record<string, unknown>, check: clonesOf(c) })),
    invalid: [...invalid, ...valid]
      .filter((c) => c.clones.length > 0)
      .map((c) => ({
        name: `reports ${c.name}`,
        files: c.files,
        input: c.input as Record<string, unknown>,
        findings: c.clones.map((x) => ({ ruleId: 'duplication/clone', file: x.second[0], line: x.second[1] })),
        check: clonesOf(c),
      })),
    inputErrors: [
      { name: 'minTokens below 10', input: { minTokens: 5 }, message: '/minTokens must be >= 10' },
      { name: 'an unknown option', input: { threshold: 3 }, message: 'must NOT have additional properties' },
    ],
  });

  it('computes duplicated lines per file and overall the way jscpd does', async () => {
    const result = await runOnFiles(
      'analysis.duplication',
      { 'a.js': `${original}\nconst x = 1;\n${original}\n${original}`, 'b.js': `// hello\n${original}` },
      { kinds: ['exact'], minTokens: 20, minLines: 3 },
    );
    const data = result.data as { totals: { exact: DuplicationReport['exact'] }; files: DuplicationReport['files'] };
    // a.js has 27 lines, b.js 9; three 8-line copies of lines 1-8 of a.js (jscpd pairs each with the first).
    expect(data.totals.exact).to.include({ clones: 3, lines: 36, duplicatedLines: 24, percentage: Math.round((2400 / 36) * 100) / 100 });
    const a = data.files.find((f) => f.file === 'a.js')!;
    expect(a).to.include({ lines: 27, duplicatedLines: 24, clones: 3 });
  });

  it('grades severity by size: medium from mediumLines lines', async () => {
    const result = await runOnFiles('analysis.duplication', { 'a.js': original, 'b.js': original }, { mediumLines: 8 });
    expect((result.findings as Finding[]).map((f) => f.severity)).to.deep.equal(['medium']);
  });

  it('reports no findings when its rule is disabled, but still the data', async () => {
    const result = await runOnFiles(
      'analysis.duplication',
      { 'a.js': original, 'b.js': original },
      { rules: { disable: ['duplication/clone'] } },
    );
    expect(result.findings).to.deep.equal([]);
    expect((result.data as { clones: Clone[] }).clones).to.have.length(1);
  });

  it('finds the same exact clones and percentage as jscpd on a sample', async function () {
    const bin = path.join(path.dirname(createRequire(import.meta.url).resolve('jscpd/package.json')), 'run-jscpd.js');
    const files = {
      'a.js': `${original}\nconst x = 1;\n${original.replace('priceOrder', 'p2')}\n${original}`,
      'b.js': `// hello\n${renamed}\n${original}`,
    };
    const root = await writeSample({ files });
    try {
      const out = path.join(root, '.report');
      const jscpd = spawnSync(process.execPath, [bin, '-r', 'json', '-o', out, '--silent', root], { encoding: 'utf8' });
      if (jscpd.status !== 0 || !existsSync(path.join(out, 'jscpd-report.json'))) this.skip();
      const report = JSON.parse(readFileSync(path.join(out, 'jscpd-report.json'), 'utf8')) as {
        statistics: { total: { clones: number; percentage: number } };
      };
      const ours = await runOnFiles('analysis.duplication', files, { kinds: ['exact'] });
      const totals = (ours.data as { totals: { exact: DuplicationReport['exact'] } }).totals.exact;
      expect(totals.clones).to.equal(report.statistics.total.clones);
      expect(totals.percentage).to.be.closeTo(report.statistics.total.percentage, 0.01);
    } finally {
      await removeSample(root);
    }
  });

  it('documents its rule (meta-test)', () => {
    expect(meta.rules).to.have.length(1);
    for (const rule of meta.rules!) {
      for (const field of [rule.id, rule.title, rule.description, rule.why, rule.fix, rule.example.bad, rule.example.good])
        expect(field).to.be.a('string').and.not.equal('');
      expect(invalid.length).to.be.greaterThan(0);
      expect(valid.length).to.be.greaterThan(0);
    }
    expect(JSON.parse(JSON.stringify(meta))).to.deep.equal(meta);
  });
});
