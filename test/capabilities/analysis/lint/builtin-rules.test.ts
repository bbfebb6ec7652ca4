/**
 * The built-in lint rules checked against ESLint itself: every case is linted by analysis.lint's
 * built-in engine and by ESLint (the same rule alone, espree for .js, typescript-eslint's parser for
 * .ts), and both must report the rule on the same lines. `valid` cases (safe look-alikes) must report
 * nothing in either; `invalid` cases must report at least once.
 */
import { expect } from 'chai';
import { Linter } from 'eslint';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalContext } from '../../../../core/context/index.js';
import type { Finding } from '../../../../core/index.js';
import { run } from '../../../../capabilities/analysis/lint.js';
import { BUILTIN_RULE_NAMES } from '../../../../capabilities/analysis/lint/builtin/run-builtin.js';

interface Case {
  rule: string;
  code: string;
  ts?: boolean;
}

const invalid: Case[] = [
  { rule: 'no-debugger', code: 'function f() {\n  debugger;\n}\n' },
  { rule: 'no-empty', code: 'if (a) {\n}\ntry { f(); } catch (e) {}\nswitch (a) {}\n' },
  { rule: 'no-empty', code: 'for (const x of xs) {}\nwhile (a) {}\n', ts: true },
  { rule: 'no-dupe-keys', code: 'const o = { a: 1, "a": 2, 1: 3, 0x1: 4, get b() { return 1; }, b: 2 };\n' },
  // Past 32 keys the rule keeps them in a Map rather than a list: the same answers either way.
  {
    rule: 'no-dupe-keys',
    code: `const big = {\n${Array.from({ length: 40 }, (_, i) => `  k${i}: ${i},\n`).join('')}  k3: 3,\n  k39: 39,\n  get g() { return 1; },\n  g: 2,\n};\n`,
  },
  { rule: 'no-duplicate-case', code: 'switch (a) {\n  case x.y: break;\n  case x . y: break;\n  case 1: break;\n}\n' },
  { rule: 'no-sparse-arrays', code: 'const a = [1,, 2];\nconst b = [, 1];\n' },
  { rule: 'no-cond-assign', code: 'if (a = b) {}\nwhile (x = next()) {}\ndo {} while (y = z);\nfor (; c = d;) {}\n' },
  {
    rule: 'no-unsafe-finally',
    code: 'function f() {\n  try { return 1; } finally { return 2; }\n}\nfor (;;) { try {} finally { break; } }\nfunction g() { try {} finally { throw new Error(); } }\n',
  },
  { rule: 'no-case-declarations', code: 'switch (a) {\n  case 1:\n    let x = 1;\n    break;\n  default:\n    class C {}\n}\n' },
  {
    rule: 'no-useless-catch',
    code: 'try {\n  f();\n} catch (e) {\n  throw e;\n}\ntry { g(); } catch (err) { throw err; } finally { h(); }\n',
  },
  { rule: 'no-empty-pattern', code: 'const {} = a;\nconst [] = b;\nfunction f({}) {}\n' },
  { rule: 'no-var', code: 'var a = 1;\nexport function f() { var b = 2; return a + b; }\n', ts: true },
  { rule: 'use-isnan', code: 'if (x === NaN) {}\nif (Number.NaN != y) {}\nswitch (z) { case NaN: break; }\n' },
  { rule: 'no-compare-neg-zero', code: 'if (x === -0) {}\nif (-0 < y) {}\n' },
  { rule: 'valid-typeof', code: 'if (typeof a === "strnig") {}\nif ("fucntion" !== typeof b) {}\nif (typeof c == `undefned`) {}\n' },
  { rule: 'no-unsafe-negation', code: 'if (!key in object) {}\nif (!obj instanceof Ctor) {}\n' },
  { rule: 'no-self-assign', code: 'a = a;\nthis.x = this.x;\nfoo.bar.baz = foo.bar.baz;\nb ||= b;\n' },
  { rule: 'no-prototype-builtins', code: 'foo.hasOwnProperty("bar");\nfoo.isPrototypeOf(bar);\nfoo?.propertyIsEnumerable("x");\n' },
  {
    rule: 'no-async-promise-executor',
    code: 'new Promise(async (resolve) => resolve(await f()));\nnew Promise(async function (resolve) { resolve(1); });\n',
  },
];

const valid: Case[] = [
  { rule: 'no-debugger', code: 'const debuggerEnabled = true;\nconsole.log("debugger");\n' },
  {
    rule: 'no-empty',
    code: 'function f() {}\nconst g = () => {};\nclass A { m() {} }\nif (a) {\n  // nothing to do: the default is right\n}\ntry { f(); } catch {\n  /* ignored on purpose */\n}\n',
  },
  { rule: 'no-empty', code: 'declare module "x" {}\nnamespace N {}\nclass B { constructor(private readonly n: number) {} }\n', ts: true },
  { rule: 'no-dupe-keys', code: 'const o = { a: 1, b: 2, get c() { return 1; }, set c(v) {}, [k]: 1, [k]: 2, ...rest, ...rest };\n' },
  {
    rule: 'no-dupe-keys',
    code: `const big = {\n${Array.from({ length: 40 }, (_, i) => `  k${i}: ${i},\n`).join('')}  get g() { return 1; },\n  set g(v) {},\n};\n`,
  },
  { rule: 'no-duplicate-case', code: 'switch (a) {\n  case 1: break;\n  case "1": break;\n  case b(): break;\n  case c(): break;\n}\n' },
  { rule: 'no-sparse-arrays', code: 'const a = [1, 2,];\nconst b = [];\nconst [, second] = pair;\n' },
  {
    rule: 'no-cond-assign',
    code: 'if ((a = b)) {}\nwhile ((x = next()) !== null) {}\nif (a === b) {}\nfor (let i = 0; i < n; i = i + 1) {}\n',
  },
  {
    rule: 'no-unsafe-finally',
    code: 'function f() {\n  try { return 1; } finally { cleanup(); }\n}\ntry {} finally { for (;;) { break; } const g = () => { return 1; }; }\n',
  },
  {
    rule: 'no-case-declarations',
    code: 'switch (a) {\n  case 1: {\n    let x = 1;\n    break;\n  }\n  case 2:\n    var y = 2;\n    break;\n}\n',
  },
  {
    rule: 'no-useless-catch',
    code: 'try { f(); } catch (e) { log(e); throw e; }\ntry { g(); } catch (e) { throw new Error("wrapped", { cause: e }); }\n',
  },
  { rule: 'no-empty-pattern', code: 'const { a = {} } = b;\nconst [c = []] = d;\nfunction f({ e }) { return e; }\n' },
  { rule: 'no-var', code: 'let a = 1;\nconst b = 2;\ndeclare global { var injected: number; }\nexport {};\n', ts: true },
  { rule: 'use-isnan', code: 'if (Number.isNaN(x)) {}\nif (x === y) {}\nconst NaNCount = 0;\nif (x === NaNCount) {}\n' },
  { rule: 'no-compare-neg-zero', code: 'if (x === 0) {}\nif (Object.is(x, -0)) {}\nconst y = -0;\n' },
  {
    rule: 'valid-typeof',
    code: 'if (typeof a === "string") {}\nif (typeof b === typeof c) {}\nif (typeof d === kind) {}\nif (typeof e === "bigint") {}\n',
  },
  { rule: 'no-unsafe-negation', code: 'if (!(key in object)) {}\nif (!(obj instanceof Ctor)) {}\nif (("a" in b) === !c) {}\n' },
  { rule: 'no-self-assign', code: 'a = b;\nthis.x = x;\nfoo[bar()] = foo[bar()];\na += a;\n' },
  { rule: 'no-prototype-builtins', code: 'Object.prototype.hasOwnProperty.call(foo, "bar");\nObject.hasOwn(foo, "bar");\n' },
  { rule: 'no-async-promise-executor', code: 'new Promise((resolve) => resolve(1));\nnew Promise(async);\nnew Other(async () => {});\n' },
];

const fileOf = (c: Case, i: number, kind: string): string => `${kind}/${c.rule}-${i}.${c.ts ? 'ts' : 'js'}`;

async function builtinFindings(cases: Case[], kind: string): Promise<Finding[]> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-lint-builtin-'));
  try {
    for (const [i, c] of cases.entries()) {
      await mkdir(path.join(root, kind), { recursive: true });
      await writeFile(path.join(root, fileOf(c, i, kind)), c.code);
    }
    const { ctx } = await createLocalContext({ root });
    return (await run({ engine: 'builtin' }, ctx)).findings ?? [];
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

async function eslintLines(c: Case): Promise<number[]> {
  const tseslint = (await import('typescript-eslint')).default;
  const linter = new Linter();
  const config: Linter.Config = {
    files: ['**/*.js', '**/*.ts'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', ...(c.ts ? { parser: tseslint.parser as Linter.Parser } : {}) },
    rules: { [c.rule]: 'error' },
  };
  const messages = linter.verify(c.code, [config], { filename: c.ts ? 'case.ts' : 'case.js' });
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(`ESLint cannot parse the case: ${fatal.message}`);
  return messages.filter((m) => m.ruleId === c.rule).map((m) => m.line);
}

function linesOf(findings: Finding[], c: Case, i: number, kind: string): number[] {
  return findings.filter((f) => f.file === fileOf(c, i, kind) && f.ruleId === `eslint/${c.rule}`).map((f) => f.range.startLine);
}

describe('capabilities/analysis/lint built-in rules, against ESLint', function () {
  this.timeout(60_000);
  let found: { invalid: Finding[]; valid: Finding[] };

  before(async () => {
    found = { invalid: await builtinFindings(invalid, 'invalid'), valid: await builtinFindings(valid, 'valid') };
  });

  it('has an invalid and a valid case for every built-in rule', () => {
    expect([...new Set(invalid.map((c) => c.rule))].sort()).to.deep.equal(BUILTIN_RULE_NAMES);
    expect([...new Set(valid.map((c) => c.rule))].sort()).to.deep.equal(BUILTIN_RULE_NAMES);
  });

  for (const [kind, cases] of [
    ['invalid', invalid],
    ['valid', valid],
  ] as const) {
    describe(kind, () => {
      for (const [i, c] of cases.entries()) {
        it(`${c.rule}${c.ts ? ' (TypeScript)' : ''}: ${c.code.replace(/\s+/g, ' ').slice(0, 70)}`, async () => {
          const ours = linesOf(found[kind], c, i, kind);
          const theirs = await eslintLines(c);
          expect(ours, 'the same lines as ESLint').to.deep.equal(theirs);
          if (kind === 'invalid') expect(ours.length).to.be.greaterThan(0);
          else expect(ours).to.deep.equal([]);
        });
      }
    });
  }
});
