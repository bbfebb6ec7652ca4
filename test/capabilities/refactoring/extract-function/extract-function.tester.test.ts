/** refactoring.extract-function's tester suite: lines extracted into a function with its parameters and result, refusals, input schema. */
import { CapabilityTester } from '../../../../core/tester/index.js';
import { CALC, TSCONFIG } from '../../support/small-projects.js';

/** A parameter narrowed by the guards above the range (null, then number). */
/** An optional parameter, and values declared with const and let in the range that are read after it. */
const TOTAL =
  'export function total(prices: number[], coupon?: string): string {\n  const base = prices.length;\n  let extra = 0;\n  if (coupon) extra = coupon.length;\n  extra += 1;\n  return `${base}-${extra}`;\n}\n';

const DESCRIBE =
  "export function describe(value: string | number | null): string {\n  if (value === null) return 'none';\n  if (typeof value === 'number') return value.toFixed(2);\n  const upper = value.toUpperCase();\n  return upper.trim();\n}\n";

/** A swap by destructuring of a local and a parameter, both read after the range (the shape of immer's generateArrayPatches). */
const SWAP =
  'export function pair(shorter: number[], other: number[]): string {\n  let longer = other;\n  if (longer.length < shorter.length) {\n    [shorter, longer] = [longer, shorter];\n  }\n  return `${shorter.length}<=${longer.length}`;\n}\n';

/** `next` is declared with let because the loop after the range reassigns it (zustand's compareIterables). */
const WALK =
  'export function count(items: Iterable<number>): number {\n  const iterator = items[Symbol.iterator]();\n  let next = iterator.next();\n  let n = 0;\n  while (!next.done) {\n    n += 1;\n    next = iterator.next();\n  }\n  return n;\n}\n';

describe('capabilities/refactoring/extract-function cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'refactoring.extract-function' }).run({
    invalid: [
      {
        name: 'a let that only the code after the range reassigns becomes const inside the new function (prefer-const), and stays let at the call',
        files: { 'tsconfig.json': TSCONFIG, 'src/count.ts': WALK },
        input: { file: 'src/count.ts', startLine: 2, endLine: 3, name: 'first' },
        changes: {
          'src/count.ts':
            'export function count(items: Iterable<number>): number {\n  const firstResult = first(items);\n  const { iterator } = firstResult;\n  let { next } = firstResult;\n  let n = 0;\n  while (!next.done) {\n    n += 1;\n    next = iterator.next();\n  }\n  return n;\n}\n\nfunction first(items: Iterable<number>) {\n  const iterator = items[Symbol.iterator]();\n  const next = iterator.next();\n  return { next, iterator };\n}\n',
        },
      },
      {
        name: 'a destructuring assignment to variables declared outside the range is refused (the extraction would swap its own copies)',
        files: { 'tsconfig.json': TSCONFIG, 'src/pair.ts': SWAP },
        input: { file: 'src/pair.ts', startLine: 3, endLine: 5, name: 'order' },
        error: { code: 'refactoring_refused', message: /assigns "shorter", declared outside it, by destructuring at src\/pair\.ts:4/ },
      },
      {
        name: 'a loop that sums: the new function takes the array and returns the sum',
        files: CALC,
        input: { file: 'src/calc.ts', startLine: 2, endLine: 3, name: 'sumOf' },
        changes: {
          'src/calc.ts':
            'export function total(prices: number[]): number {\n  let sum = sumOf(prices);\n  const tax = sum * 0.2;\n  return sum + tax;\n}\n\nfunction sumOf(prices: number[]) {\n  let sum = 0;\n  for (const p of prices) sum += p;\n  return sum;\n}\n',
        },
      },
      {
        name: 'a variable narrowed above the range: the parameter takes the narrowed type (string), not the declared union',
        files: { 'tsconfig.json': TSCONFIG, 'src/describe.ts': DESCRIBE },
        input: { file: 'src/describe.ts', startLine: 4, endLine: 5, name: 'shout' },
        changes: {
          'src/describe.ts':
            "export function describe(value: string | number | null): string {\n  if (value === null) return 'none';\n  if (typeof value === 'number') return value.toFixed(2);\n  return shout(value);\n}\n\nfunction shout(value: string) {\n  const upper = value.toUpperCase();\n  return upper.trim();\n}\n",
        },
      },
      {
        name: 'an optional parameter stays `string | undefined`; of the returned values, the one reassigned after is declared with let and the other with const (never var, never one let for both: prefer-const)',
        files: { 'tsconfig.json': TSCONFIG, 'src/total.ts': TOTAL },
        input: { file: 'src/total.ts', startLine: 2, endLine: 4, name: 'start' },
        changes: {
          'src/total.ts':
            'export function total(prices: number[], coupon?: string): string {\n  const startResult = start(prices, coupon);\n  const { base } = startResult;\n  let { extra } = startResult;\n  extra += 1;\n  return `${base}-${extra}`;\n}\n\nfunction start(prices: number[], coupon: string | undefined) {\n  const base = prices.length;\n  let extra = 0;\n  if (coupon) extra = coupon.length;\n  return { extra, base };\n}\n',
        },
      },
      {
        name: 'returned values no statement after reassigns are declared with const',
        files: { 'tsconfig.json': TSCONFIG, 'src/total.ts': TOTAL },
        input: { file: 'src/total.ts', startLine: 2, endLine: 5, name: 'start' },
        changes: {
          'src/total.ts':
            'export function total(prices: number[], coupon?: string): string {\n  const { base, extra } = start(prices, coupon);\n  return `${base}-${extra}`;\n}\n\nfunction start(prices: number[], coupon: string | undefined) {\n  const base = prices.length;\n  let extra = 0;\n  if (coupon) extra = coupon.length;\n  extra += 1;\n  return { base, extra };\n}\n',
        },
      },
      {
        name: 'a name already declared in the module',
        files: CALC,
        input: { file: 'src/calc.ts', startLine: 2, endLine: 3, name: 'total' },
        error: 'refactoring_refused',
      },
    ],
    inputErrors: [
      { name: 'no name', input: { file: 'src/calc.ts', startLine: 2, endLine: 3 }, message: "must have required property 'name'" },
      {
        name: 'a start line below 1',
        input: { file: 'src/calc.ts', startLine: 0, endLine: 3, name: 'x' },
        message: '/startLine must be >= 1',
      },
    ],
  });
});
