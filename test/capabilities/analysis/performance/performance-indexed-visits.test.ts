/**
 * The performance rules read only the nodes they need (the tree's by-type index, the file's calls by
 * name) instead of walking every file; these are the cases where that could differ from a walk: a
 * string nested in an SQL template, hooks owned by nested components and hooks, calls of several names
 * met in source order, and files the text pre-checks skip.
 */
import { expect } from 'chai';
import { callsNamed } from '../../../../capabilities/analysis/performance/calls-by-name.js';
import { createLocalContext } from '../../../../core/context/index.js';
import { loadSources } from '../../../../core/index.js';
import { runOnFiles } from '../../support/sample-runs.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const lines = (findings: { ruleId: string; range: { startLine: number } }[], ruleId: string): number[] =>
  findings.filter((f) => f.ruleId === ruleId).map((f) => f.range.startLine);

describe('capabilities/analysis/performance: rules that visit only the nodes they need', () => {
  it('reports an SQL template once, not the SQL string inside its substitution', async () => {
    const result = await runOnFiles('analysis.performance', {
      'src/q.ts':
        "export const q = (x: boolean) => `SELECT * FROM t ${x ? 'SELECT * FROM u' : ''}`;\nexport const r = 'SELECT * FROM v WHERE id = 1';\n",
    });
    // A walk skips an SQL string's insides: the nested 'SELECT * FROM u' is not a second finding on line 1.
    expect(lines(result.findings!, 'performance/select-star')).to.deep.equal([1, 2]);
  });

  it('checks each hook in the component or hook that owns it, and none in a parameter default', async () => {
    const code = [
      "import { useEffect, useMemo } from 'react';",
      'export function Outer({ a, b, q = useMemo(() => a, []) }: any) {',
      '  function useInner(x: number) {',
      '    return useMemo(() => x + b, []);',
      '  }',
      '  useEffect(() => { console.log(a); }, []);',
      '  return <p>{useInner(1)}{q}</p>;',
      '}',
      '',
    ].join('\n');
    const result = await runOnFiles('analysis.performance', { 'src/Outer.tsx': code });
    const missing = result.findings!.filter((f) => f.ruleId === 'performance/effect-missing-dependency');
    // useInner's memo misses its own parameter x but not Outer's b (not in useInner's scope); Outer's effect misses a.
    expect(missing.map((f) => [f.range.startLine, (f.data as { missing: string[] }).missing])).to.deep.equal([
      [4, ['x']],
      [6, ['a']],
    ]);
  });

  it('finds intervals, listeners and hooks only where their names occur', async () => {
    const result = await runOnFiles('analysis.performance', {
      'src/plain.ts': 'export function f(xs: number[]) {\n  return xs.map((x) => x * 2);\n}\n',
      'src/timer.ts': 'export function start() {\n  setInterval(() => undefined, 10);\n}\n',
    });
    expect(result.findings!.map((f) => `${f.ruleId} ${f.file}:${f.range.startLine}`)).to.deep.equal([
      'performance/uncleared-interval src/timer.ts:2',
    ]);
  });

  it('lists the calls of several names in source order, an outer call before the call it starts with (not `b()()`, whose callee is a call)', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'agentd-calls-'));
    try {
      await writeFile(path.join(root, 'a.ts'), 'a.map(f);\nb()();\nx.filter(g).map(h);\nc.b();\n');
      const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 100 } });
      const [unit] = (await loadSources(ctx, {}, 'test')).units;
      const calls = callsNamed(unit!.root, unit!.source, ['map', 'b', 'filter']);
      expect(calls.map((c) => unit!.source.slice(c.startIndex, c.endIndex))).to.deep.equal([
        'a.map(f)',
        'b()',
        'x.filter(g).map(h)',
        'x.filter(g)',
        'c.b()',
      ]);
      expect(callsNamed(unit!.root, unit!.source, ['nothing'])).to.deep.equal([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
