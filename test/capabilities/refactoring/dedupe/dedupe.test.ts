import { expect } from 'chai';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AgentdError, type StepResult } from '../../../../core/index.js';
import type { DedupeInput } from '../../../../capabilities/refactoring/dedupe/options.js';
import { applyStaged, copyOf, fixture, removeCopies, runOn, typecheck } from '../modernize/sample-copy.js';

const sample = fixture('refactoring-samples', 'dedupe-ts');
const side = (file: string, startLine: number, endLine: number): { file: string; startLine: number; endLine: number } => ({
  file,
  startLine,
  endLine,
});

async function dedupe(
  input: DedupeInput,
  previous: StepResult[] = [],
): Promise<{ root: string; result: StepResult; staged: Awaited<ReturnType<typeof runOn>>['staged'] }> {
  const root = await copyOf(sample);
  const { result, staged } = await runOn('refactoring.dedupe', root, input, { previous });
  return { root, result, staged };
}

async function refusal(input: DedupeInput): Promise<AgentdError> {
  const error = await dedupe(input).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).to.be.instanceOf(AgentdError);
  expect((error as AgentdError).code).to.equal('refactoring_refused');
  return error as AgentdError;
}

const textAfter = (result: StepResult, file: string): string => result.changes!.find((c) => c.path === file)?.after ?? '';

describe('capabilities/refactoring/dedupe', function () {
  this.timeout(60_000);
  after(removeCopies);

  it('merges a renamed clone in one file into a function with a parameter and a return value, and the project compiles', async () => {
    const { root, result, staged } = await dedupe({
      clone: { a: side('src/orders.ts', 9, 14), b: side('src/orders.ts', 19, 24) },
      name: 'orderSum',
    });
    const orders = textAfter(result, 'src/orders.ts');
    expect(orders).to.include(
      "export function orderTotal(lines: Line[]): string {\n  const total = orderSum(lines);\n  return 'Order: ' + total;\n}",
    );
    expect(orders).to.include(
      "export function invoiceTotal(items: Line[]): string {\n  const total = orderSum(items);\n  return 'Invoice: ' + total;\n}",
    );
    expect(orders).to.include('function orderSum(lines: Line[]) {\n  let subtotal = 0;');
    expect(orders).to.include('  return total;\n}\n');
    // TAX_RATE is in scope in the same file: not a parameter. Math is a global.
    expect((result.data as { params: string[] }).params).to.deep.equal(['lines']);
    expect(orders.startsWith("import { TAX_RATE } from './config.js';\n\nexport interface Line {")).to.equal(true);
    await applyStaged(root, staged);
    const check = await typecheck(root);
    expect(check.code, check.output).to.equal(0);
  });

  it('puts a clone spread over two files into a new module both import, with a parameter for the differing literal', async () => {
    const { root, result, staged } = await dedupe({
      clone: { a: side('src/hello.ts', 4, 7), b: side('src/goodbye.ts', 4, 7) },
      name: 'shout',
    });
    expect(textAfter(result, 'src/shout.ts')).to.equal(
      "export function shout(name: string, log: string[], value: string) {\n  const trimmed = name.trim();\n  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);\n  const message = value + capital + '!';\n  log.push(message);\n  return message;\n}\n",
    );
    expect(textAfter(result, 'src/goodbye.ts')).to.include("import { log } from './hello.js';\nimport { shout } from './shout.js';\n");
    expect(textAfter(result, 'src/goodbye.ts')).to.include("const message = shout(person, log, 'Goodbye, ');");
    expect(textAfter(result, 'src/hello.ts')).to.include("const message = shout(name, log, 'Hello, ');");
    await applyStaged(root, staged);
    const check = await typecheck(root);
    expect(check.code, check.output).to.equal(0);
  });

  it("takes a clone as analysis.duplication's finding states it (columns included) as its input", async () => {
    const root = await copyOf(sample);
    const { result: found } = await runOn('analysis.duplication', root, { minTokens: 20, minLines: 3 });
    const clone = found.findings!.find((f) => f.ruleId === 'duplication/clone' && f.file === 'src/orders.ts')!.data as {
      first: { startColumn?: number };
      second: object;
    };
    expect(clone.first.startColumn).to.be.a('number');
    const { result } = await runOn('refactoring.dedupe', root, { clone: { a: clone.first, b: clone.second }, name: 'orderSum' });
    expect(textAfter(result, 'src/orders.ts')).to.include('const total = orderSum(items);');
  });

  it('takes the largest clone analysis.duplication reported in an earlier step', async () => {
    const root = await copyOf(sample);
    const { result: found } = await runOn('analysis.duplication', root, { minTokens: 20, minLines: 3 });
    expect(found.findings!.some((f) => f.ruleId === 'duplication/clone')).to.equal(true);
    const { result, staged } = await runOn('refactoring.dedupe', root, { name: 'orderSum' }, { previous: [found] });
    expect(result.changes!.map((c) => c.path)).to.deep.equal(['src/orders.ts']);
    expect(textAfter(result, 'src/orders.ts')).to.include('const total = orderSum(items);');
    await applyStaged(root, staged);
    expect((await typecheck(root)).code).to.equal(0);
  });

  it("merges copies holding an arrow function with returns of its own (they stay the arrow's), and names the line of a blocking this", async () => {
    const root = await copyOf(sample);
    const copy = (fn: string, list: string, word: string): string =>
      `export function ${fn}(${list}: Item[], ${word}: string): string {\n` +
      `  const found = ${list}.find((item) => {\n    if (item.tags.length === 0) return false;\n    return item.tags.includes(${word});\n  });\n` +
      "  const id = found ? found.id : 'none';\n  console.log(id);\n  return id;\n}\n";
    await writeFile(
      path.join(root, 'src/lookups.ts'),
      `export interface Item {\n  id: string;\n  tags: string[];\n}\n\n${copy('firstTagged', 'items', 'tag')}\n${copy('firstMarked', 'entries', 'mark')}`,
    );
    const { result, staged } = await runOn('refactoring.dedupe', root, {
      clone: { a: side('src/lookups.ts', 7, 12), b: side('src/lookups.ts', 17, 22) },
      name: 'loggedId',
    });
    const after = textAfter(result, 'src/lookups.ts');
    expect(after).to.include('  const id = loggedId(items, tag);\n  return id;');
    expect(after).to.include('  const id = loggedId(entries, mark);\n  return id;');
    expect(after).to.include('    return item.tags.includes(tag);');
    await applyStaged(root, staged);
    const check = await typecheck(root);
    expect(check.code, check.output).to.equal(0);

    const other = await copyOf(sample);
    const method = (name: string): string =>
      `  ${name}(): number[] {\n    const values = [1, -2];\n    const out = values.map((v) => {\n      if (v < 0) return 0;\n      return v * this.scale;\n    });\n    console.log(out.length);\n    return out;\n  }\n`;
    await writeFile(path.join(other, 'src/scaled.ts'), `export class Scaled {\n  scale = 2;\n${method('first')}${method('second')}}\n`);
    const error = await runOn('refactoring.dedupe', other, {
      clone: { a: side('src/scaled.ts', 4, 9), b: side('src/scaled.ts', 13, 18) },
    }).then(
      () => null,
      (e: unknown) => e as AgentdError,
    );
    expect(error?.code).to.equal('refactoring_refused');
    // The arrow's own returns (line 6) are not what blocks it: the enclosing method's `this`, on its own line.
    expect(error?.message).to.include('line 7 has "this"');
  });

  it('refuses copies whose structure differs', async () => {
    const error = await refusal({ clone: { a: side('src/shapes.ts', 3, 5), b: side('src/shapes.ts', 10, 12) } });
    expect(error.message).to.include('differ in structure');
  });

  it('refuses a range that holds no whole statement', async () => {
    const error = await refusal({ clone: { a: side('src/orders.ts', 10, 10), b: side('src/orders.ts', 20, 20) } });
    expect(error.message).to.include('hold no whole statement');
  });

  it('refuses a block that assigns a variable declared outside it', async () => {
    const error = await refusal({ clone: { a: side('src/orders.ts', 11, 11), b: side('src/orders.ts', 21, 21) } });
    expect(error.message).to.include('The block assigns "subtotal"');
  });

  it('refuses a name already used in the file, naming where', async () => {
    const error = await refusal({ clone: { a: side('src/orders.ts', 9, 14), b: side('src/orders.ts', 19, 24) }, name: 'invoiceTotal' });
    expect(error.message).to.match(/"invoiceTotal" is already used in "orders.ts" \(line \d+\)/);
  });

  it('refuses without a clone when no earlier step found one', async () => {
    const error = await refusal({});
    expect(error.message).to.include('analysis.duplication');
  });
});
