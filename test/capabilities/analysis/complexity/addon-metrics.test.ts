import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flatTreeOf } from '../../../../core/index.js';
import { languageForPath, parseSource } from '../../../../core/parsing/index.js';
import { flatParserAvailable } from '../../../../core/parsing/flat-parser.js';
import { parseSourceFlat } from '../../../../core/parsing/parse-source.js';
import { fileMetrics, measureTree, walkTree } from '../../../../capabilities/analysis/complexity/file-metrics.js';

/**
 * The metrics the flat-tree addon measures on its parse thread (native/flat-metrics.c) against the
 * JavaScript walk (metrics-walker.ts), which stays for parses made without them: the same metrics,
 * unit for unit, on every fixture and on the constructs each rule singles out.
 */
describe('capabilities/analysis/complexity metrics from the flat-tree addon', () => {
  const repo = fileURLToPath(new URL('../../../../../', import.meta.url));

  function sourcesUnder(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesUnder(full);
      return languageForPath(full) ? [full] : [];
    });
  }

  async function expectSameMetrics(file: string, source: string): Promise<void> {
    const plain = await parseSourceFlat(file, source);
    expect(flatTreeOf(plain)!.metrics, `${file}: no metrics unless asked`).to.equal(undefined);
    const walked = fileMetrics(walkTree(plain), plain);
    expect(measureTree(plain), file).to.deep.equal(walked);
    expect(measureTree(parseSource(file, source)), `${file}: a binding parse`).to.deep.equal(walked);
    const measured = await parseSourceFlat(file, source, undefined, { metrics: true });
    expect(flatTreeOf(measured)!.metrics, `${file}: metrics asked for`).to.be.instanceOf(Int32Array);
    expect(measureTree(measured), `${file}: the addon's metrics`).to.deep.equal(walked);
  }

  before(function () {
    if (!flatParserAvailable()) this.skip();
  });

  it('gives the walker’s metrics for every fixture source', async () => {
    const files = sourcesUnder(path.join(repo, 'fixtures'));
    expect(files.length).to.be.above(50);
    for (const file of files) await expectSameMetrics(file, readFileSync(file, 'utf8'));
  });

  it('gives the walker’s metrics for each construct the rules single out', async () => {
    const samples: Record<string, string> = {
      'empty.js': '',
      'newline.js': '\n',
      'logical.ts': [
        'function f(a, b, c) {',
        '  if (a && b || c && (a ?? b) || ((a && b) && c)) return a || b;',
        '  x ||= 1; y &&= 2; z ??= 3; w += 4;',
        '  return a?.b?.[c]?.(d) && (b || (c || d));',
        '}',
        'const top = a && b || c;',
        '',
      ].join('\n'),
      'recursion.js': [
        'function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); }',
        'const fib = (n) => (n < 2 ? n : fib(n - 1) + fib(n - 2));',
        'const obj = { walk(n) { return walk(n); }, run: function run() { return run(); } };',
        'class K { go() { return go(); } static s = () => s(); }',
        'function outer() { function inner() { return outer() + inner(); } return inner; }',
        '',
      ].join('\n'),
      'branches.js': [
        'function g(x) {',
        '  outer: for (const a of x) {',
        '    for (let i = 0; i < a.length; i++) { if (i) continue outer; else if (a) break outer; else break; }',
        '  }',
        '  try { while (x) { do { switch (x) { case 1: x--; break; default: x = 0; } } while (x); } } catch (e) { if (e) throw e; }',
        '  with (Math) { if (x) { if (x) { if (x) { return x ? (x ? 1 : 2) : 3; } } } }',
        '  if (x) {} else if (x) {} else { if (x) {} }',
        '  for (const k in x) { /* c */ }',
        '}',
        '',
      ].join('\n'),
      'classes.ts': [
        'class C {',
        '  static #count = 0;',
        '  accessor size = 3;',
        '  field = () => (this.size > 2 ? 1 : 0);',
        '  plain = 42;',
        '  static { if (C.#count) C.#count++; }',
        '  @decorate((x) => x && y) method(a = 1, { b } = {}, ...rest: number[]) { return a || b; }',
        '  get value(): number { return this.size ?? 0; }',
        '  set value(v: number) { this.size = v || 1; }',
        "  ['computed' + (() => 1)()]() {}",
        '  *gen() { yield 1; }',
        '  async load(this: C, x?: string) { await x; }',
        '  constructor(private readonly p: number = 2) {}',
        '}',
        "const o = { 'quoted key'() {}, 42: function () {}, nested: { deep: async () => {} } };",
        'export default function () { return function named() {}; }',
        '',
      ].join('\n'),
      'view.tsx': 'export const V = ({ a }: { a?: boolean }) => (\n  <div onClick={() => a && go()}>{a ? <b>x</b> : null}</div>\n);\n',
      'broken.ts': 'function f(a: number {\n  return a +;\n}\nclass { x = ; y = () => }\nlet s = "unterminated\nif (\n',
      // CRLF line ends, a comment-only line, text outside the BMP (two UTF-16 units) in names and strings.
      'unicode.js':
        'const \ud835\udc9c = "\ud83d\ude00";\r\n// only a comment\r\nfunction \ud835\udc9c2() { return \ud835\udc9c === "\ud83d\ude00" || `\ud83d\ude00${\ud835\udc9c}`; }\r\n',
      'regex.js': 'const r = /a[/]b/gi.test(s) ? 0x1_0 : 1e3; const t = `a${`b${c}`}`; const u = "a" + \'a\' + "\\u0061";\n',
    };
    for (const [file, source] of Object.entries(samples)) await expectSameMetrics(file, source);
  });

  it('measures a file nested thousands of levels deep without running out of stack', async () => {
    const depth = 5000;
    const source = `function deep(x) {\n${'if (x) {\n'.repeat(depth)}x();\n${'}\n'.repeat(depth)}}\n`;
    const measured = await parseSourceFlat('deep.js', source, undefined, { metrics: true });
    const metrics = measureTree(measured);
    expect(metrics.functions[0]!.nesting).to.equal(depth);
    expect(metrics).to.deep.equal(fileMetrics(walkTree(measured), measured));
  });
});
