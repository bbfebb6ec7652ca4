import { expect } from 'chai';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { run } from '../../../capabilities/debugging/diagnose.js';
import { headlineOf } from '../../../capabilities/debugging/diagnose/headline.js';
import { errorLocations } from '../../../capabilities/debugging/explain/error-locations.js';
import { copySample, type Sample } from './fixture-support.js';

interface DiagnoseData {
  kind: string;
  category: string;
  test?: string;
  location: { file: string; line: number; column: number; generated?: { file: string; line: number; column: number } } | null;
  codeFrame: string;
  frames: { file: string; line: number; fn?: string }[];
  explanation: { id: string } | null;
  suspects: { role: string; file: string; line: number; note: string }[];
}

describe('debugging.diagnose', function () {
  // The first run loads TypeScript and source-map (seconds on a loaded machine).
  this.timeout(30_000);
  let sample: Sample;
  before(async () => {
    sample = await copySample('shop-api');
  });
  after(async () => {
    await sample.remove();
  });

  it('maps a real Node crash in the built lib/ through its source map to the TypeScript line, with the value origin and callers', async () => {
    const result = await run({ error: await sample.log('report-crash.txt') }, await sample.context());
    const data = result.data as DiagnoseData;
    expect(data.location).to.deep.equal({
      file: 'src/orders.ts',
      line: 16,
      column: 23,
      generated: { file: 'lib/orders.js', line: 4, column: 24 },
    });
    expect(data.category).to.equal('null-access');
    expect(data.explanation!.id).to.equal('runtime/read-property-of-undefined');
    expect(data.codeFrame).to.include('> 16 |   return order.items!.reduce(');
    expect(data.frames.map((f) => `${f.file}:${f.line}`)).to.deep.equal([
      'src/orders.ts:16',
      'src/orders.ts:20',
      'src/report.ts:9',
      'src/main.ts:5',
    ]);
    const roles = data.suspects.map((s) => `${s.role} ${s.file}:${s.line}`);
    expect(roles).to.deep.equal([
      'failing-expression src/orders.ts:16',
      'value-origin src/orders.ts:14',
      'caller src/orders.ts:20',
      'caller src/report.ts:9',
      'caller src/main.ts:5',
      'declared-optional src/orders.ts:10',
    ]);
    expect(data.suspects[0]!.note).to.equal('`order.items` is undefined or null here');
    expect(result.findings![0]).to.deep.include({ ruleId: 'debugging/null-access', severity: 'high', file: 'src/orders.ts' });
    expect(result.summary).to.match(
      /^TypeError: Cannot read properties of undefined \(reading 'reduce'\) at src\/orders\.ts:16:23 \(mapped from lib\/orders\.js:4:24\)/,
    );
  });

  it('maps through build output the project git-ignores (lib/ in .gitignore), as real projects ignore dist/', async () => {
    const ignored = await copySample('shop-api');
    try {
      await writeFile(path.join(ignored.root, '.gitignore'), 'lib/\n');
      const data = (await run({ error: await ignored.log('report-crash.txt') }, await ignored.context())).data as DiagnoseData;
      expect(data.location).to.deep.include({ file: 'src/orders.ts', line: 16, column: 23 });
    } finally {
      await ignored.remove();
    }
  });

  it('finds where a local comes from when the failing value is a variable', async () => {
    const data = (await run({ error: await sample.log('customer-crash.txt') }, await sample.context())).data as DiagnoseData;
    expect(data.location).to.deep.include({ file: 'src/report.ts', line: 16 });
    expect(data.suspects.map((s) => s.note)).to.deep.equal([
      '`order` is undefined or null here',
      '`order` is set from `findOrder(id)`, which can give undefined',
    ]);
  });

  it('reads a stack Node already mapped (--enable-source-maps) the same way', async () => {
    const data = (await run({ error: await sample.log('report-crash-source-maps.txt') }, await sample.context())).data as DiagnoseData;
    expect(data.location).to.deep.equal({ file: 'src/orders.ts', line: 16, column: 23 });
  });

  it('maps a Firefox-format frame served from a dev server URL', async () => {
    const error =
      'TypeError: order.items is undefined\norderTotal@http://localhost:8080/lib/orders.js:4:24\ndescribeOrder@http://localhost:8080/lib/orders.js:7:50';
    const data = (await run({ error }, await sample.context())).data as DiagnoseData;
    expect(data.location).to.deep.include({ file: 'src/orders.ts', line: 16 });
    expect(data.category).to.equal('null-access');
    expect(data.frames.map((f) => f.fn)).to.deep.equal(['orderTotal', 'describeOrder']);
  });

  it('diagnoses tsc output: location, category, and the close name the project declares', async () => {
    const error = "src/report.ts(9,16): error TS2552: Cannot find name 'describeOrdr'. Did you mean 'describeOrder'?";
    const data = (await run({ error }, await sample.context())).data as DiagnoseData;
    expect(data.kind).to.equal('tsc');
    expect(data.location).to.deep.equal({ file: 'src/report.ts', line: 9, column: 16 });
    expect(data.explanation!.id).to.equal('typescript/TS2552');
    expect(data.suspects[0]).to.deep.include({ role: 'similar-name', file: 'src/orders.ts', line: 19 });
  });

  it('names the failing test of mocha output and says when the error names no project file', async () => {
    const error =
      '  1) report\n       lists every order:\n     AssertionError: expected 1 to equal 2\n      at Context.<anonymous> (test/report.test.js:8:20)';
    const data = (await run({ error }, await sample.context())).data as DiagnoseData;
    expect(data).to.include({ kind: 'test-failure', test: 'report', category: 'assertion', location: null });
    const none = await run({ error: 'Error: listen EADDRINUSE: address already in use :::3000' }, await sample.context());
    expect(none.summary).to.include('(no location of this project in the error)');
    expect((none.data as DiagnoseData).category).to.equal('network');
  });

  it("takes a test failure's category from its own assertion, not from another failure later in the output (remeda 28f447a's two failures)", async () => {
    const error = [
      ' FAIL  src/countBy.test.ts > category is an object instance method name',
      'AssertionError: expected { …(2) } to strictly equal { toString: 3, valueOf: 1 }',
      ' ❯ src/countBy.test.ts:145:5',
      ' FAIL  src/groupBy.test.ts > category is an object instance method name',
      'TypeError: items.push is not a function',
      ' ❯ src/groupBy.ts:80:13',
    ].join('\n');
    const data = (await run({ error }, await sample.context())).data as DiagnoseData & { otherExplanations: { category: string }[] };
    expect(data).to.include({ kind: 'test-failure', name: 'AssertionError', category: 'assertion' });
    expect(data.otherExplanations.map((e) => e.category)).to.include('not-a-function');
  });

  it('answers "why does orderTotal throw?" without an error by reading the function: its non-null assertion, the optional member, its callers', async () => {
    const result = await run({ description: 'why does orderTotal throw?', symbol: 'orderTotal' }, await sample.context());
    const data = result.data as { kind: string; suspects: { role: string; file: string; line: number }[] };
    expect(data.kind).to.equal('static');
    expect(data.suspects.map((s) => `${s.role} ${s.file}:${s.line}`)).to.deep.equal([
      'non-null-assertion src/orders.ts:16',
      'declared-optional src/orders.ts:10',
      'caller src/orders.ts:20',
    ]);
    expect(result.summary).to.match(
      /^No error was given, so orderTotal \(src\/orders\.ts:14\) was read instead: it can throw at src\/orders\.ts:16/,
    );
    // The symbol alone is enough: no description needed to read the function.
    const alone = await run({ symbol: 'orderTotal' }, await sample.context());
    expect(alone.summary).to.equal(result.summary);
    expect(alone.data).to.include({ kind: 'static', description: null });
    await run({ description: 'why does nothingLikeThis throw?', symbol: 'nothingLikeThis' }, await sample.context()).then(
      () => expect.fail('should refuse'),
      (e: { code: string }) => expect(e.code).to.equal('invalid_input'),
    );
  });

  it('parses V8, Gecko, tsc (plain and pretty) and Jest locations', () => {
    const text = [
      '    at async Promise.all (index 0)',
      '    at run (/app/src/a.ts:3:7)',
      '    at /app/node_modules/x/i.js:1:1',
      '    at node:internal/main:1:1',
      'go@https://example.com/static/app.js?v=3:10:5',
      'src/b.ts(4,2): error TS2322: x',
      'src/c.tsx:5:9 - error TS2304: y',
      '  › src/d.test.ts:12:3',
    ].join('\n');
    expect(
      errorLocations(text).map(
        (l) => `${l.kind} ${l.path}:${l.line}:${l.column ?? ''}${l.fn ? ` ${l.fn}` : ''}${l.external ? ' external' : ''}`,
      ),
    ).to.deep.equal([
      'frame /app/src/a.ts:3:7 run',
      'frame /app/node_modules/x/i.js:1:1 external',
      'frame node:internal/main:1:1 external',
      'frame /static/app.js:10:5 go',
      'tsc src/b.ts:4:2',
      'tsc src/c.tsx:5:9',
      'mention src/d.test.ts:12:3',
    ]);
  });
  it("reads Vitest's failure output: the FAIL line names the test, the ❯ lines are frames", () => {
    const text = [
      ' FAIL  src/__tests__/string.test.ts > time parsing',
      'ZodError: [',
      '  { "code": "invalid_string", "validation": "time", "message": "Invalid time", "path": [] }',
      ']',
      ' ❯ Object.get error [as error] src/types.ts:109:23',
      '    107|       get error() {',
      ' ❯ ZodString.parse src/types.ts:244:18',
      ' ❯ src/__tests__/string.test.ts:740:8',
      ' ❯ src/__tests__/string.test.ts (76 tests | 2 failed) 77ms',
    ].join('\n');
    expect(errorLocations(text).map((l) => `${l.kind} ${l.path}:${l.line}:${l.column ?? ''}${l.fn ? ` ${l.fn}` : ''}`)).to.deep.equal([
      'frame src/types.ts:109:23 Object.get error',
      'frame src/types.ts:244:18 ZodString.parse',
      'frame src/__tests__/string.test.ts:740:8',
    ]);
    expect(headlineOf(text)).to.deep.equal({ kind: 'test-failure', name: 'ZodError', message: '[', test: 'time parsing' });
  });
});

describe('debugging.diagnose on a failing test whose stack names only the test file', function () {
  // A TypeScript program over the test file and what it imports.
  this.timeout(60_000);
  let sample: Sample;
  let failures: string[];
  before(async () => {
    sample = await copySample('stats-lib');
    // The captured Vitest output of the sample's two failing tests, one failure at a time (as a user pastes one).
    failures = (await sample.log('vitest-failures.txt')).split(/⎯+\[\d+\/\d+\]⎯+/).filter((f) => f.includes('FAIL'));
  });
  after(async () => {
    await sample.remove();
  });

  it("points at the line producing the value the test asserted on, through the function the callee hands its work to, keeping the test's own line", async () => {
    const result = await run({ error: failures[0]! }, await sample.context());
    const data = result.data as DiagnoseData & { testLocation: { file: string; line: number } };
    expect(data.location).to.deep.include({ file: 'src/stats.ts', line: 14, via: 'call-target' });
    expect(data.testLocation).to.deep.include({ file: 'test/stats.test.ts', line: 8 });
    expect(data.codeFrame).to.include('> 14 |   sorted.splice(sorted.length - cut - 1);');
    expect(data.category).to.equal('assertion');
    expect(result.summary).to.include('the likely cause among what the failing test calls');
    const target = data.suspects.find((s) => s.role === 'call-target')!;
    expect(target.note).to.include('through `dropExtremes`');
  });

  it('points at the constant the called predicate checks against (the pattern a valid code fails)', async () => {
    const data = (await run({ error: failures[1]! }, await sample.context())).data as DiagnoseData;
    expect(data.location).to.deep.include({ file: 'src/codes.ts', line: 2, via: 'call-target' });
    expect(data.suspects.filter((s) => s.role === 'call-target').map((s) => `${s.file}:${s.line}`)).to.include('src/codes.ts:2');
  });

  it('prefers the deepest project frame outside test files when the stack has one', async () => {
    const error = [
      ' FAIL  test/stats.test.ts > withoutExtremes > drops the smallest and the largest',
      "TypeError: Cannot read properties of undefined (reading 'length')",
      ' ❯ dropExtremes src/stats.ts:14:24',
      ' ❯ src/dispatch.ts:3:78',
      ' ❯ test/stats.test.ts:7:18',
    ].join('\n');
    const data = (await run({ error }, await sample.context())).data as DiagnoseData;
    expect(data.location).to.deep.equal({ file: 'src/stats.ts', line: 14, column: 24 });
  });
});
