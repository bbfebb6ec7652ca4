import { expect } from 'chai';
import { parseSource } from '../../../core/parsing/index.js';
import { measureTree } from '../../../capabilities/analysis/complexity/file-metrics.js';
import { maintainabilityIndex } from '../../../capabilities/analysis/complexity/maintainability.js';

function fileMetrics(source: string) {
  const parsed = parseSource('file.ts', source);
  return measureTree(parsed);
}

describe('capabilities/analysis/complexity: maintainability index', () => {
  it('follows the classic formula normalised to 0..100', () => {
    // 171 - 5.2 ln 1000 - 0.23 * 10 - 16.2 ln 100 = 58.177..., x 100 / 171 = 34.02
    expect(maintainabilityIndex({ volume: 1000, cyclomatic: 10, sourceLines: 100 })).to.equal(34.02);
    expect(maintainabilityIndex({ volume: 1e9, cyclomatic: 500, sourceLines: 1e6 })).to.equal(0);
    expect(maintainabilityIndex({ volume: 0, cyclomatic: 1, sourceLines: 0 })).to.equal(100);
  });

  it('counts Halstead operators and operands over the tokens', () => {
    const { halstead, sourceLines } = fileMetrics('// a comment\nconst a = b + 1;\n');
    // operators: const = + ; operands: a b 1 -> N = 6, n = 6, V = 6 log2 6
    expect(halstead).to.deep.include({ distinctOperators: 3, distinctOperands: 3, totalOperators: 3, totalOperands: 3 });
    expect(halstead.volume).to.equal(Math.round(6 * Math.log2(6) * 100) / 100);
    expect(sourceLines).to.equal(1);
  });

  it('gives the file the McCabe number of all its units plus its top-level code', () => {
    const metrics = fileMetrics('const x = a ? 1 : 2;\nfunction f(a: boolean) { return a && x; }\nconst g = () => 1;\n');
    expect(metrics.functions.map((f) => f.cyclomatic)).to.deep.equal([2, 1]);
    expect(metrics.cyclomatic).to.equal(2 + 2 + 1);
  });

  it('falls as a file gains branching code', () => {
    const simple = fileMetrics('export function f(a: number) { return a + 1; }\n');
    const branchy = fileMetrics(`export function f(a: number, b: number) {
      if (a > b) { for (let i = 0; i < a; i++) { if (i % 2) { b += i; } else { b -= i; } } }
      while (b > 100) { b = b / 2 || 1; }
      return a > 0 ? b : -b;
    }\n`);
    expect(branchy.maintainability).to.be.below(simple.maintainability);
  });
});
