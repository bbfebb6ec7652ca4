import { meta } from '../../../../capabilities/analysis/smells.js';
import { metaTable, ruleTable, type RuleCase } from '../../support/rule-table.js';

const lines = (n: number, body = 'x += 1;'): string => Array.from({ length: n }, () => `  ${body}`).join('\n');

const valid: RuleCase[] = [
  { ruleId: 'smells/long-function', code: `export function f() {\n  let x = 0;\n${lines(150)}\n  return x;\n}\n` },
  { ruleId: 'smells/long-file', code: `let x = 0;\n${lines(900, 'x++;')}\n` },
  {
    ruleId: 'smells/long-parameter-list',
    code: 'export function f(a: number, b: number, c: number, d: number, e: number, g: number, h: number) { return a + b + c + d + e + g + h; }\n',
  },
  {
    ruleId: 'smells/deep-nesting',
    code: 'export function f(xs: number[][]) {\n  for (const a of xs) {\n    if (a.length) {\n      for (const b of a) {\n        console.log(b);\n      }\n    }\n  }\n}\n',
  },
  {
    ruleId: 'smells/large-class',
    code: `export class Small {\n${Array.from({ length: 20 }, (_, i) => `  m${i}() { return ${i % 2}; }`).join('\n')}\n}\n`,
  },
  {
    name: 'allowed numbers, const initialisers, tables, enums, defaults, indices, literal types',
    ruleId: 'smells/magic-number',
    code: [
      'const TIMEOUT_MS = 30_000;',
      'const DAY = 24 * 60 * 60 * 1000;',
      'const SIZES = { small: 12, large: 48 };',
      'const PRIMES = [3, 5, 7];',
      'enum Level { Low = 10, High = 20 }',
      'type Port = 8080 | 8443;',
      'export function f(xs: number[], retries = 3, y = -1) {',
      '  const n = xs[5] + xs.length * 2 - 1;',
      '  const hex = parseInt("ff", 16) + Number(xs.length.toFixed(3));',
      '  let score = 100;',
      '  return n + hex + retries + y + score + SIZES.small + PRIMES[0] + DAY + TIMEOUT_MS + Level.Low;',
      '}',
    ].join('\n'),
  },
  {
    name: 'HTTP status codes in res.status(), new HttpError() and status comparisons',
    ruleId: 'smells/magic-number',
    code: [
      'class HttpError extends Error { constructor(readonly status: number) { super(); } }',
      'export function h(res: any, r: Response) {',
      '  if (r.status === 404) throw new HttpError(404);',
      '  res.status(201).json({});',
      '  res.sendStatus(204);',
      '}',
    ].join('\n'),
  },
  {
    name: 'test files are skipped',
    ruleId: 'smells/magic-number',
    file: 'src/sum.test.ts',
    code: "import { sum } from './sum';\nexpect(sum(20, 22)).toBe(42);\n",
  },
  {
    ruleId: 'smells/unreachable-code',
    code: 'export function f(x: number) {\n  if (x) return 1;\n  helper();\n  return 2;\n  function helper() {}\n}\n',
  },
  {
    name: 'break ends a case; the next case is reachable',
    ruleId: 'smells/unreachable-code',
    code: 'export function f(x: string) {\n  switch (x) {\n    case "a":\n      g();\n      break;\n    case "b":\n      g();\n  }\n}\nfunction g() {}\n',
  },
  {
    name: 'an export imported by another file',
    ruleId: 'smells/unused-export',
    files: { 'src/a.ts': 'export function used() { return 1; }\n', 'src/b.ts': "import { used } from './a.js';\nconsole.log(used());\n" },
  },
  {
    name: 'index re-exports, namespace imports, dynamic import, default and type exports',
    ruleId: 'smells/unused-export',
    files: {
      'src/index.ts': "export { api } from './api';\nexport * from './more';\n",
      'src/api.ts': 'export const api = 1;\n',
      'src/more.ts': 'export const more = 2;\n',
      'src/ns.ts': 'export const a = 1;\nexport const b = 2;\n',
      'src/use-ns.ts': "import * as ns from './ns';\nconsole.log(ns);\nconst lazy = () => import('./lazy');\nconsole.log(lazy);\n",
      'src/lazy.ts': 'export const later = 1;\nexport default function page() {}\nexport interface Shape { a: number }\n',
    },
  },
  {
    name: 'exports a framework reads by name: Next.js route handlers and page metadata',
    ruleId: 'smells/unused-export',
    files: {
      'app/api/go/route.ts': 'export async function GET() {\n  return new Response("ok");\n}\n',
      'src/app/blog/page.tsx': 'export const metadata = { title: "Blog" };\nexport default function Page() {\n  return <main />;\n}\n',
      'src/main.ts': 'console.log(1);\n',
    },
  },
  {
    name: 'an export imported only by a test counts as used',
    ruleId: 'smells/unused-export',
    files: {
      'src/math.ts': 'export const add = (a: number, b: number) => a + b;\n',
      'test/math.test.ts': "import { add } from '../src/math.js';\nadd(1, 1);\n",
    },
  },
  {
    name: 'setter-like functions and callbacks',
    ruleId: 'smells/boolean-flag-parameter',
    code: 'export function setVisible(visible: boolean) { if (visible) show(); }\nexport const xs = [true].map((flag: boolean) => (flag ? 1 : 0));\nfunction show() {}\n',
  },
  {
    name: 'a boolean only stored or passed on',
    ruleId: 'smells/boolean-flag-parameter',
    code: 'export function make(name: string, enabled: boolean) { return { name, enabled }; }\n',
  },
];

const invalid: RuleCase[] = [
  { ruleId: 'smells/long-function', line: 1, code: `export function f() {\n  let x = 0;\n${lines(220)}\n  return x;\n}\n` },
  {
    ruleId: 'smells/long-function',
    line: 1,
    input: { thresholds: { functionLines: 5 } },
    code: `export function f() {\n  let x = 0;\n${lines(8)}\n  return x;\n}\n`,
  },
  { ruleId: 'smells/long-file', line: 1, code: `let x = 0;\n${lines(1100, 'x++;')}\n` },
  {
    ruleId: 'smells/long-parameter-list',
    line: 1,
    code: 'export function f(a: number, b: number, c: number, d: number, e: number, g: number, h: number, i: number) { return a + b + c + d + e + g + h + i; }\n',
  },
  {
    ruleId: 'smells/deep-nesting',
    line: 1,
    code: 'export function f(xs: number[][]) {\n  for (const a of xs) {\n    if (a.length) {\n      for (const b of a) {\n        if (b > 0) {\n          console.log(b);\n        }\n      }\n    }\n  }\n}\n',
  },
  {
    ruleId: 'smells/large-class',
    line: 1,
    code: `export class Big {\n${Array.from({ length: 22 }, (_, i) => `  m${i}() { return ${i % 2}; }`).join('\n')}\n}\n`,
  },
  {
    ruleId: 'smells/large-class',
    line: 1,
    name: 'too many fields, constructor parameter properties included',
    code: `export class Wide {\n${Array.from({ length: 14 }, (_, i) => `  f${i} = '';`).join('\n')}\n  constructor(private a: string, readonly b: string) {}\n}\n`,
  },
  {
    ruleId: 'smells/magic-number',
    line: 2,
    count: 2,
    code: 'export function tax(price: number) {\n  if (price > 1000) return price * 0.2;\n  return price;\n}\n',
  },
  {
    ruleId: 'smells/magic-number',
    line: 2,
    name: 'a number inside arithmetic in a const is still magic',
    code: 'export function total(net: number) {\n  const gross = net * 1.19;\n  return gross;\n}\n',
  },
  { ruleId: 'smells/magic-number', line: 1, name: 'setTimeout delay', code: 'setTimeout(() => undefined, 1500);\n' },
  { ruleId: 'smells/unreachable-code', line: 3, code: 'export function f() {\n  return 1;\n  console.log("never");\n}\n' },
  {
    ruleId: 'smells/unreachable-code',
    line: 4,
    name: 'after throw inside a loop',
    code: 'export function f(xs: number[]) {\n  for (const x of xs) {\n    throw new Error(String(x));\n    console.log(x);\n  }\n}\n',
  },
  {
    ruleId: 'smells/unreachable-code',
    line: 5,
    name: 'after break in a switch case',
    code: 'export function f(x: string) {\n  switch (x) {\n    case "a":\n      break;\n      console.log(x);\n  }\n}\n',
  },
  {
    ruleId: 'smells/unused-export',
    line: 2,
    inFile: 'src/a.ts',
    files: {
      'src/a.ts': 'export function used() { return 1; }\nexport function unused() { return 2; }\n',
      'src/b.ts': "import { used } from './a.js';\nconsole.log(used());\n",
    },
  },
  {
    ruleId: 'smells/unused-export',
    line: 1,
    inFile: 'src/types.ts',
    name: 'types too with includeTypes',
    input: { deadCode: { includeTypes: true } },
    files: { 'src/types.ts': 'export interface Orphan { a: number }\n', 'src/main.ts': 'console.log(1);\n' },
  },
  {
    ruleId: 'smells/boolean-flag-parameter',
    line: 1,
    code: 'export function price(total: number, express = false) {\n  return express ? total + 12 : total;\n}\n',
  },
  {
    ruleId: 'smells/boolean-flag-parameter',
    line: 2,
    name: 'a typed boolean selecting a branch in a method',
    code: 'export class Renderer {\n  render(html: string, escape: boolean) {\n    if (!escape) return html;\n    return html.replace(/</g, "&lt;");\n  }\n}\n',
  },
];

describe('capabilities/analysis/smells rules', () => {
  metaTable(meta.rules!, { valid, invalid });
  ruleTable(meta.id, { valid, invalid });
});
