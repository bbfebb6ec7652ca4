import { symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import * as prettier from 'prettier';
import type { StepResult } from '../../../../core/index.js';
import { copySample, repo, type Sample } from '../ts-project/sample-workspace.js';
import { testerOf } from '../../support/sample-runs.js';

// The review-style sample: prices.ts, totals.ts, receipt.ts and currency.ts with semicolons (the project's detected
// style), basket.ts without (and clean under
// Prettier with semi: false, singleQuote: true); no Prettier or ESLint config of its own — tests add them.
describe("capabilities/refactoring: output that passes review (Prettier, the file's own style, ESLint)", function () {
  this.timeout(120_000);
  let sample: Sample;
  beforeEach(async () => {
    sample = await copySample('review-style');
  });
  afterEach(() => sample.dispose());

  const withProjectCode = async (capability: string, input: object): Promise<StepResult> => {
    const outcome = await testerOf(capability).runInFolder(sample.root, {
      input: input as Record<string, unknown>,
      projectCode: true,
      apply: true,
      maxToolCalls: 1000,
    });
    if (outcome.error) throw new Error(`${capability} failed with ${outcome.error.code}: ${outcome.error.message}`);
    return outcome.result!;
  };
  const PRETTIER = { semi: false, singleQuote: true };

  it("formats a changed file that was Prettier-clean with the project's data config, and leaves files that were not clean as edited", async () => {
    await writeFile(path.join(sample.root, '.prettierrc.json'), `${JSON.stringify(PRETTIER)}\n`);
    const prices = await sample.read('src/prices.ts');
    const { result } = await sample.apply('refactoring.rename', { symbol: 'priceOf', newName: 'priceFromAmountAndCurrencyCode' });
    const basket = await sample.read('src/basket.ts');
    // The call grew past 80 columns: Prettier breaks it the way the project's `prettier --check` expects.
    expect(basket).to.contain("const prices = items.map((item) =>\n    priceFromAmountAndCurrencyCode(item.cents / 100, 'EUR'),\n  )");
    expect(await prettier.check(basket, { ...PRETTIER, filepath: path.join(sample.root, 'src/basket.ts') })).to.equal(true);
    // prices.ts has semicolons, so it was not clean under this config: only the rename, no reformatting.
    expect(await sample.read('src/prices.ts')).to.equal(prices.replace('function priceOf(', 'function priceFromAmountAndCurrencyCode('));
    expect(result.summary).to.contain('Formatted 1 changed file(s) with the project\'s Prettier config ".prettierrc.json".');
    expect(result.summary).to.match(
      /Not formatted \(not Prettier-clean before the change\): src\/prices\.ts, src\/receipt\.ts, src\/totals\.ts\./,
    );
    await sample.typecheck();
  });

  it("modernize: a concatenation Prettier had broken over lines becomes a template the project's Prettier accepts", async () => {
    await writeFile(path.join(sample.root, '.prettierrc.json'), `${JSON.stringify(PRETTIER)}\n`);
    const greet =
      "export function greet(name: string, count: number, place: string): string {\n  return (\n    'Hello ' +\n    name +\n    ', you have ' +\n    count +\n    ' new messages waiting for you at ' +\n    place\n  )\n}\n";
    await writeFile(path.join(sample.root, 'src/greet.ts'), greet);
    const { result } = await sample.apply('refactoring.modernize', { include: ['src/greet.ts'], codemods: ['concat-to-template'] });
    const after = await sample.read('src/greet.ts');
    expect(after).to.contain('`Hello ${name}, you have ${count} new messages waiting for you at ${place}`');
    expect(await prettier.check(after, { ...PRETTIER, filepath: path.join(sample.root, 'src/greet.ts') })).to.equal(true);
    expect(result.summary).to.contain('with the project\'s Prettier config ".prettierrc.json"');
  });

  it('a Prettier config that is code is not run without the project-code permission, and the summary says so', async () => {
    await writeFile(path.join(sample.root, 'prettier.config.mjs'), `export default ${JSON.stringify(PRETTIER)};\n`);
    const { result } = await sample.apply('refactoring.rename', { symbol: 'priceOf', newName: 'priceFromAmountAndCurrencyCode' });
    expect(result.summary).to.contain('The project\'s Prettier config "prettier.config.mjs" runs code');
    expect(result.summary).to.contain('so it was not applied');
    expect(await sample.read('src/basket.ts')).to.contain(
      "const prices = items.map((item) => priceFromAmountAndCurrencyCode(item.cents / 100, 'EUR'))\n",
    );
  });

  it('a Prettier JS config runs in the sandbox with the project-code permission', async () => {
    await writeFile(path.join(sample.root, 'prettier.config.mjs'), `export default ${JSON.stringify(PRETTIER)};\n`);
    const result = await withProjectCode('refactoring.rename', { symbol: 'priceOf', newName: 'priceFromAmountAndCurrencyCode' });
    const basket = await sample.read('src/basket.ts');
    expect(await prettier.check(basket, { ...PRETTIER, filepath: path.join(sample.root, 'src/basket.ts') })).to.equal(true);
    expect(result.summary).to.contain('with the project\'s Prettier config "prettier.config.mjs"');
  });

  it("without a Prettier config, an extracted function follows the file's own style: no semicolons in a semicolon-free file", async () => {
    const { result } = await sample.apply('refactoring.extract-function', {
      file: 'src/basket.ts',
      startLine: 9,
      endLine: 10,
      name: 'describeLines',
    });
    const basket = await sample.read('src/basket.ts');
    expect(basket).to.contain('function describeLines(');
    const code = basket.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('//'));
    expect(
      code.filter((line) => line.trimEnd().endsWith(';')),
      'no line ends with a semicolon',
    ).to.deep.equal([]);
    expect(result.summary).to.contain('Extracted lines 9-10');
    await sample.typecheck();
  });

  it('without a Prettier config, a move into a semicolon-free file writes the imports it adds without semicolons', async () => {
    await sample.apply('refactoring.move', { file: 'src/receipt.ts', symbol: 'euroLines', to: 'src/basket.ts' });
    const basket = await sample.read('src/basket.ts');
    expect(basket).to.contain("import { DEFAULT_CURRENCY } from './currency.js'\n");
    expect(basket).to.contain("import { receiptLines } from './receipt.js'\n");
    expect(basket).not.to.match(/from '\.\/[a-z]+\.js';/);
    await sample.typecheck();
  });

  it("reports (does not fail on) the lint problems the change introduced under the project's ESLint config, run in the sandbox", async () => {
    await symlink(path.join(repo, 'node_modules'), path.join(sample.root, 'node_modules'), 'dir');
    await writeFile(
      path.join(sample.root, 'eslint.config.mjs'),
      "import tseslint from 'typescript-eslint';\n\nexport default [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules: { 'id-length': ['error', { max: 20 }] } }];\n",
    );
    const result = await withProjectCode('refactoring.rename', { symbol: 'priceOf', newName: 'priceFromAmountAndCurrencyCode' });
    const introduced = (result.findings ?? []).filter((f) => f.data?.introducedByRefactoring === true);
    expect(introduced.length).to.be.greaterThan(0);
    expect(introduced.every((f) => /id-length/.test(f.ruleId))).to.equal(true);
    expect(introduced.map((f) => f.file)).to.include('src/prices.ts');
    expect(result.summary).to.match(
      /The project's ESLint config "eslint\.config\.mjs" reports \d+ new problem\(s\) in the changed files \(.*id-length at src\//,
    );
    expect(await sample.read('src/prices.ts')).to.contain('export function priceFromAmountAndCurrencyCode(');
  });

  it('modernize reports the lint problems its codemods introduce too (a project that bans template literals)', async () => {
    await symlink(path.join(repo, 'node_modules'), path.join(sample.root, 'node_modules'), 'dir');
    await writeFile(path.join(sample.root, 'src/greeting.ts'), "export const greet = (name: string): string => 'Hello, ' + name + '!';\n");
    await writeFile(
      path.join(sample.root, 'eslint.config.mjs'),
      "import tseslint from 'typescript-eslint';\n\nexport default [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules: { 'no-restricted-syntax': ['error', 'TemplateLiteral'] } }];\n",
    );
    const result = await withProjectCode('refactoring.modernize', { include: ['src/greeting.ts'], codemods: ['concat-to-template'] });
    expect(await sample.read('src/greeting.ts')).to.contain('`Hello, ${name}!`');
    expect((result.findings ?? []).map((f) => [f.ruleId, f.file, f.data?.introducedByRefactoring])).to.deep.equal([
      ['eslint/no-restricted-syntax', 'src/greeting.ts', true],
    ]);
    expect(result.summary).to.contain('reports 1 new problem(s) in the changed files');
  });

  it("without the permission the project's ESLint config is not run, and the summary says so", async () => {
    await writeFile(path.join(sample.root, 'eslint.config.mjs'), "export default [{ rules: { 'id-length': ['error', { max: 20 }] } }];\n");
    const { result } = await sample.apply('refactoring.rename', { symbol: 'priceOf', newName: 'priceFromAmountAndCurrencyCode' });
    expect(result.summary).to.contain('The project\'s ESLint config "eslint.config.mjs" was not run on the changed files');
    expect(result.findings ?? []).to.deep.equal([]);
  });
});
