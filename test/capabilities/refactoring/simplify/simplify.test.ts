import { expect } from 'chai';
import { AgentdError, type Change } from '../../../../core/index.js';
import type { SimplifyInput } from '../../../../capabilities/refactoring/simplify/options.js';
import { applyStaged, copyOf, fixture, removeCopies, runOn, typecheck } from '../modernize/sample-copy.js';

const sample = fixture('refactoring-samples', 'simplify-ts');

async function simplify(
  input: SimplifyInput,
): Promise<{ root: string; changes: Change[]; staged: Awaited<ReturnType<typeof runOn>>['staged'] }> {
  const root = await copyOf(sample);
  const { result, staged } = await runOn('refactoring.simplify', root, input);
  return { root, changes: result.changes ?? [], staged };
}

const textOf = (changes: Change[], file: string): string => changes.find((c) => c.path === file)?.after ?? '';

/** The lines of `text` from the one starting with `first` up to (excluding) the next blank line. */
function block(text: string, first: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith(first));
  expect(start, first).to.be.at.least(0);
  const end = lines.findIndex((l, i) => i > start && l === '');
  return lines.slice(start, end).join('\n');
}

describe('capabilities/refactoring/simplify', function () {
  this.timeout(60_000);
  after(removeCopies);

  it('applies every rule and the project still type-checks, with untouched functions byte-identical', async () => {
    const { root, changes, staged } = await simplify({});
    const report = textOf(changes, 'src/report.ts');
    const before = changes.find((c) => c.path === 'src/report.ts')!.before!;
    for (const untouched of ['export function strictTrue(', 'export function keepsSideEffects(', '// `value === true` on a non-boolean']) {
      expect(block(report, untouched)).to.equal(block(before, untouched));
    }
    await applyStaged(root, staged);
    const check = await typecheck(root);
    expect(check.code, check.output).to.equal(0);
    expect(report).to.include("import { area, type Shape } from './shapes.js';");
  });

  const cases: { rule: SimplifyInput['rules']; file: string; gone: string[]; present: string[] }[] = [
    {
      rule: ['unused-imports'],
      file: 'src/report.ts',
      gone: ["import type { Unit } from './shapes.js';", 'perimeter, '],
      present: ["import { area, type Shape } from './shapes.js';", "import { register } from './shapes.js';"],
    },
    {
      rule: ['unused-variables'],
      file: 'src/report.ts',
      gone: ["const unusedLabel = 'shapes';"],
      present: [
        "const registered = register('describe');",
        "const unusedCall = register('side effect');",
        'function registeredCount(): number {',
      ],
    },
    { rule: ['unreachable-code'], file: 'src/report.ts', gone: ["console.log('never printed');"], present: ['return `${count} shapes`;'] },
    {
      rule: ['boolean-simplification'],
      file: 'src/report.ts',
      gone: ['verbose === true', '? true : false', 'if (!!value)'],
      present: [
        'if (verbose) {',
        'return area(shape) > 100;',
        'return !!shapes.length;',
        'return !!list && list.length === 0;',
        'if (value) {',
        'return value === true;',
      ],
    },
    {
      rule: ['guard-clauses'],
      file: 'src/report.ts',
      gone: ['  if (shapes.length > 0) {'],
      present: [
        '  if (!(shapes.length > 0)) return;\n  const first = shapes[0]!;\n  sink.push(`first: ${first.kind}`);\n  for (const shape of shapes) {\n    sink.push(shape.kind);\n  }\n}',
      ],
    },
    {
      rule: ['unused-variables', 'unreachable-code'],
      file: 'src/legacy.js',
      gone: ['var unused = 42;', 'sum = 0;\n}'],
      present: ['  var sum = 0;\n', '  return sum;\n}'],
    },
  ];
  for (const c of cases) {
    it(`${c.rule!.join(' + ')} alone changes only what it is about (${c.file})`, async () => {
      const { changes } = await simplify({ rules: c.rule, include: [c.file] });
      expect(changes.map((ch) => ch.path)).to.deep.equal([c.file]);
      const text = textOf(changes, c.file);
      for (const gone of c.gone) expect(text).not.to.include(gone);
      for (const present of c.present) expect(text).to.include(present);
    });
  }

  it('keeps a guard-clause candidate that returns a value inside the if (noImplicitReturns)', async () => {
    const { changes } = await simplify({ rules: ['guard-clauses'], include: ['src/report.ts'] });
    expect(textOf(changes, 'src/report.ts')).to.include('  if (verbose === true) {\n    return `${count} shapes, area');
  });

  it('changes nothing in a file with nothing to simplify', async () => {
    const { changes } = await simplify({ include: ['src/shapes.ts'] });
    expect(changes).to.deep.equal([]);
  });

  // Found by bench/refactoring-codemods-proving-ground.ts on agentd's test/: a .js file under a
  // tsconfig without allowJs made the language service throw "Could not find source file".
  it('simplifies a JavaScript file the tsconfig does not cover (no allowJs) instead of failing', async () => {
    const root = await copyOf(sample);
    const { mkdir, readFile, writeFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const tsconfig = JSON.parse(await readFile(path.join(root, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
    delete tsconfig.compilerOptions.allowJs;
    delete tsconfig.compilerOptions.checkJs;
    await writeFile(path.join(root, 'tsconfig.json'), JSON.stringify(tsconfig));
    await mkdir(path.join(root, 'scripts'));
    await writeFile(
      path.join(root, 'scripts', 'tool.mjs'),
      "import { readFileSync, statSync } from 'node:fs';\nexport function size(file) {\n  const unused = 1;\n  return statSync(file).size;\n}\n",
    );
    const { result } = await runOn('refactoring.simplify', root, {
      include: ['scripts/**'],
      rules: ['unused-imports', 'unused-variables'],
    });
    const after = textOf(result.changes ?? [], 'scripts/tool.mjs');
    expect(after).to.equal("import { statSync } from 'node:fs';\nexport function size(file) {\n  return statSync(file).size;\n}\n");
  });

  it('refuses when include matches no source file', async () => {
    const root = await copyOf(sample);
    const error = await runOn('refactoring.simplify', root, { include: ['nope/**'] }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(AgentdError);
    expect((error as AgentdError).code).to.equal('refactoring_refused');
  });
});
