import { expect } from 'chai';
import { parseSource } from '../../../core/parsing/index.js';
import { measureTree } from '../../../capabilities/analysis/complexity/file-metrics.js';
import type { FunctionMetrics } from '../../../capabilities/analysis/complexity/metrics-walker.js';

function measure(source: string, file = 'case.ts'): FunctionMetrics[] {
  const parsed = parseSource(file, source);
  return measureTree(parsed).functions;
}

function metricsOf(source: string, name: string): FunctionMetrics {
  const found = measure(source).find((f) => f.name === name);
  if (!found) throw new Error(`no unit named ${name}`);
  return found;
}

/**
 * The examples of G. Ann Campbell, "Cognitive Complexity" (SonarSource white paper v1.4), translated
 * from Java to TypeScript; `expected` is the paper's total.
 */
const PAPER_CASES: { title: string; name: string; expected: number; source: string }[] = [
  {
    title: 'sumOfPrimes: nested loops, an if and a labelled continue (paper: 7)',
    name: "function 'sumOfPrimes'",
    expected: 7,
    source: `function sumOfPrimes(max: number): number {
      let total = 0;
      OUT: for (let i = 1; i <= max; ++i) {
        for (let j = 2; j < i; ++j) {
          if (i % j === 0) {
            continue OUT;
          }
        }
        total += i;
      }
      return total;
    }`,
  },
  {
    title: 'getWords: a switch counts once, whatever its cases (paper: 1)',
    name: "function 'getWords'",
    expected: 1,
    source: `function getWords(n: number): string {
      switch (n) {
        case 1: return 'one';
        case 2: return 'a couple';
        case 3: return 'a few';
        default: return 'lots';
      }
    }`,
  },
  {
    title: 'if / else if / else: each +1, no nesting bonus for the else branches (3)',
    name: "function 'grade'",
    expected: 3,
    source: `function grade(a: boolean, b: boolean): number {
      if (a) { return 1; } else if (b) { return 2; } else { return 3; }
    }`,
  },
  {
    title: 'runs of like logical operators: && && || || && is +3 on top of the if (4)',
    name: "function 'mixed'",
    expected: 4,
    source: `function mixed(a: boolean, b: boolean, c: boolean, d: boolean, e: boolean, f: boolean): void {
      if (a && b && c || d || e && f) { console.log('x'); }
    }`,
  },
  {
    title: 'a negation breaks a run: a && !(b && c) is +2 on top of the if (3)',
    name: "function 'negated'",
    expected: 3,
    source: `function negated(a: boolean, b: boolean, c: boolean): void {
      if (a && !(b && c)) { console.log('x'); }
    }`,
  },
  {
    title: 'nesting increments under try/catch (paper: 9)',
    name: "function 'myMethod'",
    expected: 9,
    source: `function myMethod(condition1: boolean, condition2: () => boolean): void {
      try {
        if (condition1) {
          for (let i = 0; i < 10; i++) {
            while (condition2()) { console.log(i); }
          }
        }
      } catch (e) {
        if (condition2()) { console.log(e); }
      }
    }`,
  },
  {
    title: 'a lambda raises the nesting of what it holds (paper: 2)',
    name: "function 'myMethod2'",
    expected: 2,
    source: `function myMethod2(condition1: boolean): void {
      const r = () => {
        if (condition1) { console.log('x'); }
      };
      r();
    }`,
  },
  {
    title: 'a ternary in a ternary nests (+1, +2) and a direct recursive call is +1 (4)',
    name: "function 'fact'",
    expected: 4,
    source: `function fact(n: number): number {
      return n <= 1 ? 1 : n > 20 ? Infinity : n * fact(n - 1);
    }`,
  },
];

describe('capabilities/analysis/complexity: cognitive complexity (SonarSource paper examples)', () => {
  for (const c of PAPER_CASES) {
    it(c.title, () => {
      expect(metricsOf(c.source, c.name).cognitive).to.equal(c.expected);
    });
  }

  it('scores a nested function from its own body as well', () => {
    const units = measure(PAPER_CASES.find((c) => c.name === "function 'myMethod2'")!.source);
    expect(units.map((u) => [u.name, u.cognitive])).to.deep.equal([
      ["function 'myMethod2'", 2],
      ['arrow function', 1],
    ]);
  });

  it('counts the same in JavaScript with JSX', () => {
    const source = `export function List({ items }) {
      return <ul>{items.length > 0 ? items.map((i) => (i.done && i.visible ? <li>{i.name}</li> : null)) : <p>none</p>}</ul>;
    }`;
    const [list, arrow] = measure(source, 'list.jsx');
    expect(list!.cognitive).to.equal(1 + 3 + 1);
    expect(arrow!.cognitive).to.equal(1 + 1);
  });
});

describe('capabilities/analysis/complexity: nesting depth (ESLint max-depth counting)', () => {
  const cases: { title: string; source: string; expected: number }[] = [
    { title: 'a flat function is 0', source: 'function f(a: number) { return a + 1; }', expected: 0 },
    {
      title: 'else if continues its if',
      source: 'function f(a: boolean, b: boolean) { if (a) { return 1; } else if (b) { if (a) { return 2; } } return 3; }',
      expected: 2,
    },
    {
      title: 'try, loops and switch each open a level',
      source:
        'function f(xs: number[]) { try { for (const x of xs) { switch (x) { case 1: while (x) { break; } } } } catch { return 0; } return 1; }',
      expected: 4,
    },
    {
      title: 'a nested function starts again at 0',
      source: 'function f(xs: number[]) { if (xs) { xs.forEach(() => { if (xs) {} }); } }',
      expected: 1,
    },
  ];
  for (const c of cases) {
    it(c.title, () => {
      expect(measure(c.source)[0]!.nesting).to.equal(c.expected);
    });
  }
});
