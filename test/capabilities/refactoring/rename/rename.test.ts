import { expect } from 'chai';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { changedLines, copySample, type Sample } from '../ts-project/sample-workspace.js';

/** Each changed line must read like the old one with `from` replaced by `to` (per `rewrite`). */
function expectOnlyRenamed(before: string, after: string, rewrite: (line: string) => string): number {
  const { removed, added } = changedLines(before, after);
  removed.forEach((line, i) => expect(added[i]).to.equal(rewrite(line)));
  return removed.length;
}
const word = (from: string, to: string) => (line: string) => line.replace(new RegExp(`\\b${from}\\b`, 'g'), to);

describe('capabilities/refactoring/rename', function () {
  this.timeout(60_000);
  let sample: Sample;
  beforeEach(async () => {
    sample = await copySample('shop');
  });
  afterEach(() => sample.dispose());

  describe('renames every reference and the project still type-checks', () => {
    it('an exported function through re-exports, importers and JSX expressions', async () => {
      const before = {
        money: await sample.read('src/money.ts'),
        index: await sample.read('src/index.ts'),
        checkout: await sample.read('src/checkout.ts'),
        panel: await sample.read('src/components/Panel.tsx'),
      };
      const { result, changes } = await sample.apply('refactoring.rename', { symbol: 'formatPrice', newName: 'formatMoney' });
      expect(changes.map((c) => c.path).sort()).to.deep.equal([
        'src/cart.ts',
        'src/checkout.ts',
        'src/components/Panel.tsx',
        'src/index.ts',
        'src/money.ts',
      ]);
      expect(expectOnlyRenamed(before.money, await sample.read('src/money.ts'), word('formatPrice', 'formatMoney'))).to.equal(1);
      expect(expectOnlyRenamed(before.index, await sample.read('src/index.ts'), word('formatPrice', 'formatMoney'))).to.equal(1);
      expect(expectOnlyRenamed(before.checkout, await sample.read('src/checkout.ts'), word('formatPrice', 'formatMoney'))).to.equal(2);
      expect(expectOnlyRenamed(before.panel, await sample.read('src/components/Panel.tsx'), word('formatPrice', 'formatMoney'))).to.equal(
        2,
      );
      expect(result.summary).to.match(/Renamed "formatPrice" to "formatMoney"/);
      await sample.typecheck();
    });

    it('an overloaded function: every signature, and the aliased re-export keeps its public alias', async () => {
      const index = await sample.read('src/index.ts');
      await sample.apply('refactoring.rename', { file: 'src/money.ts', symbol: 'toCents', newName: 'centsOf' });
      const money = await sample.read('src/money.ts');
      expect(money.match(/export function centsOf\(/g)).to.have.length(3);
      expect(await sample.read('src/index.ts')).to.equal(index.replace('toCents as cents', 'centsOf as cents'));
      expect(await sample.read('src/checkout.ts')).to.contain("cents('4.25')");
      await sample.typecheck();
    });

    it('an interface property: shorthand literals and destructuring keep their shape, typed element access follows, dynamic access is reported', async () => {
      const { result } = await sample.apply('refactoring.rename', { file: 'src/cart.ts', symbol: 'name', line: 4, newName: 'title' });
      const cart = await sample.read('src/cart.ts');
      expect(cart).to.contain('  title: string;');
      expect(cart).to.contain('const item: CartItem = { title: name, price:');
      expect(cart).to.contain("${item['title']} x${item.qty}");
      expect(cart).to.contain('cart.items.map(({ title: name }) => name)');
      expect(cart).to.contain("(item as unknown as Record<string, unknown>)['name']");
      expect(await sample.read('src/checkout.ts'), 'an unrelated { name } object is left alone').to.contain('const label = { name };');
      const dynamic = (result.findings ?? []).filter((f) => f.ruleId === 'refactoring/rename-dynamic-reference');
      expect(dynamic.map((f) => `${f.file}:${f.range.startLine}`)).to.deep.equal(['src/cart.ts:32']);
      expect(result.summary).to.match(/1 dynamic references/);
      await sample.typecheck();
    });

    it('a local variable used in a shorthand property keeps the property name', async () => {
      await sample.apply('refactoring.rename', { file: 'src/checkout.ts', symbol: 'name', line: 22, newName: 'caption' });
      const checkout = await sample.read('src/checkout.ts');
      expect(checkout).to.contain("const caption = 'summary';");
      expect(checkout).to.contain('const label = { name: caption };');
      expect(checkout).to.contain('${label.name}');
      await sample.typecheck();
    });

    it('a JSX component: declaration, import, self-closing and paired tags', async () => {
      const panel = await sample.read('src/components/Panel.tsx');
      await sample.apply('refactoring.rename', { symbol: 'Badge', newName: 'Tag' });
      expect(
        expectOnlyRenamed(panel, await sample.read('src/components/Panel.tsx'), (line) => line.replace(/\bBadge\b(?!\.js)/g, 'Tag')),
      ).to.equal(3);
      expect(await sample.read('src/components/Badge.tsx')).to.contain('export function Tag({ label');
      await sample.typecheck();
    });

    it('a default-exported function: importers keep their own default-import names', async () => {
      const checkout = await sample.read('src/checkout.ts');
      await sample.apply('refactoring.rename', { file: 'src/cart.ts', symbol: 'createCart', newName: 'newCart' });
      expect(await sample.read('src/cart.ts')).to.contain('export default function newCart(): Cart {');
      expect(await sample.read('src/checkout.ts')).to.equal(checkout);
      await sample.typecheck();
    });

    it('a class and a type alias used through export * and type-only specifiers', async () => {
      await sample.apply('refactoring.rename', { symbol: 'Cart', newName: 'Basket' });
      await sample.apply('refactoring.rename', { symbol: 'Currency', newName: 'CurrencyCode' });
      expect(await sample.read('src/checkout.ts')).to.contain('export function checkout(cart: Basket): string {');
      expect(await sample.read('src/index.ts')).to.contain('type CurrencyCode }');
      await sample.typecheck();
    });

    it('a local whose new name is used only outside its scope (no shadowing of a used name)', async () => {
      await sample.apply('refactoring.rename', { file: 'src/checkout.ts', symbol: 'fee', newName: 'taxRate' });
      expect(await sample.read('src/checkout.ts')).to.contain('return price + taxRate;');
      await sample.typecheck();
    });

    it('a file: every import specifier follows, with its .js ending', async () => {
      const { result } = await sample.apply('refactoring.rename', { file: 'src/money.ts', newFileName: 'pricing.ts' });
      expect(await sample.read('src/pricing.ts')).to.contain('export function formatPrice');
      expect(await sample.read('src/cart.ts')).to.contain("from './pricing.js';");
      expect(await sample.read('src/index.ts')).to.contain("export { formatPrice } from './pricing.js';");
      expect(await sample.read('src/components/Panel.tsx')).to.contain("from '../pricing.js';");
      expect((result.data as { importers: string[] }).importers).to.have.length(3);
      await sample.typecheck();
    });
  });

  describe('refuses, saying why', () => {
    const cases: { name: string; input: object; reason: RegExp }[] = [
      {
        name: 'an ambiguous name, listing the candidates',
        input: { symbol: 'price', newName: 'cost' },
        reason: /ambiguous.*src\/cart\.ts:\d+.*src\/checkout\.ts:\d+/,
      },
      {
        name: 'a collision with a declaration in the same module',
        input: { symbol: 'formatPrice', newName: 'toCents' },
        reason: /collide.*"toCents" at src\/money\.ts:2/,
      },
      {
        name: 'a new name that an inner declaration would capture',
        input: { symbol: 'taxRate', newName: 'tax' },
        reason: /collide.*"tax" at src\/checkout\.ts:8/,
      },
      {
        name: 'a new name that would shadow an outer name used in the scope',
        input: { file: 'src/checkout.ts', symbol: 'total', line: 7, column: 9, newName: 'taxRate' },
        reason: /collide.*"taxRate" at src\/checkout\.ts:4/,
      },
      {
        name: 'a new name that would shadow a parameter used in the body',
        input: { file: 'src/checkout.ts', symbol: 'fee', newName: 'price' },
        reason: /collide.*"price" at src\/checkout\.ts:27/,
      },
      {
        name: 'a line that names several symbols, asking for the column',
        input: { file: 'src/checkout.ts', symbol: 'total', line: 7, newName: 'sum' },
        reason: /ambiguous.*pass "file" and "line" \(and "column"\)/,
      },
      {
        name: 'a member name the type already has',
        input: { file: 'src/cart.ts', symbol: 'qty', line: 6, newName: 'price' },
        reason: /collide.*"price" at src\/cart\.ts:5/,
      },
      { name: 'an invalid identifier', input: { symbol: 'formatPrice', newName: '2fast' }, reason: /not a valid identifier/ },
      { name: 'a reserved word', input: { symbol: 'formatPrice', newName: 'class' }, reason: /reserved word/ },
      {
        name: 'an unknown symbol, with a did-you-mean',
        input: { symbol: 'formatPrise', newName: 'x' },
        reason: /not found.*Did you mean "formatPrice"/,
      },
      {
        name: 'a symbol of the TypeScript library',
        input: { file: 'src/cart.ts', symbol: 'reduce', line: 19, newName: 'fold' },
        reason: /TypeScript library or a dependency/,
      },
      { name: 'a file rename onto an existing file', input: { file: 'src/money.ts', newFileName: 'cart.ts' }, reason: /already exists/ },
      {
        name: 'a file rename that changes the kind of file',
        input: { file: 'src/money.ts', newFileName: 'money.js' },
        reason: /kind of file/,
      },
    ];
    it('a symbol imported from a dependency', async () => {
      await writeFile(
        path.join(sample.root, 'src/fs-user.ts'),
        "import { readFile } from 'node:fs/promises';\nexport const load = (p: string) => readFile(p, 'utf8');\n",
      );
      for (const input of [
        { file: 'src/fs-user.ts', symbol: 'readFile', line: 2, newName: 'read' },
        { symbol: 'readFile', newName: 'read' },
      ]) {
        const refusal = await sample.refusal('refactoring.rename', input);
        expect(refusal.code).to.equal('refactoring_refused');
        expect(refusal.message).to.match(/"readFile" is declared in the TypeScript library or a dependency.*alias the import/);
      }
    });

    for (const { name, input, reason } of cases) {
      it(name, async () => {
        const refusal = await sample.refusal('refactoring.rename', input);
        expect(refusal.code).to.equal('refactoring_refused');
        expect(refusal.message).to.match(reason);
      });
    }
  });
});
