import { expect } from 'chai';
import { createLocalContext } from '../../../core/context/index.js';
import { run } from '../../../capabilities/debugging/fix.js';
import { eslintProblemsOf } from '../../../capabilities/debugging/fix/eslint-fix.js';
import { copySample, type Sample } from './fixture-support.js';

describe('debugging.fix on ESLint output (the lint-fixes sample, its captured ESLint output)', function () {
  // The project's ESLint config runs in a sandboxed child.
  this.timeout(120_000);
  let sample: Sample;
  let output: string;
  beforeEach(async () => {
    sample = await copySample('lint-fixes');
    output = await sample.log('eslint-stylish.txt');
  });
  afterEach(async () => {
    await sample.remove();
  });
  const context = async (projectCode: boolean) =>
    (await createLocalContext({ root: sample.root, permissions: { projectCode }, limits: { maxToolCalls: 10_000 } })).ctx;

  it("reads ESLint's stylish output: file, line, column, rule", () => {
    expect(eslintProblemsOf(output).map((p) => `${p.line}:${p.column} ${p.ruleId}`)).to.deep.equal([
      '3:7 prefer-const',
      '11:19 no-empty',
      '16:15 no-undef',
    ]);
    expect(eslintProblemsOf('src/cart.js:3:7: Use const [Error/prefer-const]')[0]).to.include({ path: 'src/cart.js', line: 3 });
  });

  it("stages ESLint's own fix and single suggestion, re-checked by the project's config, and refuses the problem with neither", async () => {
    const ctx = await context(true);
    const result = await run({ error: output }, ctx);
    const data = result.data as {
      fixed: { line: number; ruleId: string; by: string }[];
      refused: { line: number; ruleId: string; reason: string }[];
    };
    expect(data.fixed.map((f) => `${f.line} ${f.ruleId}`)).to.deep.equal(['3 prefer-const', '11 no-empty']);
    expect(data.fixed[1]!.by).to.include('suggestion');
    expect(data.refused).to.deep.equal([
      { file: 'src/cart.js', line: 16, ruleId: 'no-undef', reason: 'ESLint has no fix and no single suggestion for it' },
    ]);
    const after = ctx.workspace.changes().find((c) => c.path === 'src/cart.js')!.after!;
    expect(after).to.include('  const taxRate = 0.2;');
    expect(after).to.match(/catch \(error\) \{\s*\/\* empty \*\/\s*\}/);
    expect(result.summary).to.include('none is new');
  });

  it('refuses when only the unfixable problem is asked for, and without the project-code permission', async () => {
    const only = output
      .split('\n')
      .filter((l) => !/prefer-const|no-empty/.test(l))
      .join('\n');
    const refusal = await run({ error: only }, await context(true)).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(refusal).to.include('no-undef: ESLint has no fix and no single suggestion');
    const denied = await run({ error: output }, await context(false)).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(denied).to.include('project code is not allowed');
  });

  it("keeps nothing when ESLint's fix brings a new problem (dot-notation's fix breaks a no-restricted-syntax rule of the config)", async () => {
    const { writeFile } = await import('node:fs/promises');
    const path = await import('node:path');
    await writeFile(
      path.join(sample.root, 'eslint.config.js'),
      [
        'export default [',
        '  {',
        "    files: ['**/*.js'],",
        '    rules: {',
        "      'dot-notation': 'error',",
        "      'no-restricted-syntax': ['error', { selector: 'MemberExpression[computed=false][property.name=\"secret\"]', message: 'read secret through getSecret' }],",
        '    },',
        '  },',
        '];',
        '',
      ].join('\n'),
    );
    await writeFile(path.join(sample.root, 'src/keys.js'), "export const key = (vault) => vault['secret'];\n");
    const refusal = await run(
      { error: 'src/keys.js:1:37: ["secret"] is better written in dot notation. [Error/dot-notation]' },
      await context(true),
    ).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(refusal).to.include('the re-check reports a new problem (no-restricted-syntax: read secret through getSecret');
  });
});
