import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { meta, run } from '../../../capabilities/debugging/fix.js';
import type { CapabilityContext, Change } from '../../../core/index.js';
import { copySample, type Sample } from './fixture-support.js';

const TSC = fileURLToPath(new URL('../../../../node_modules/typescript/bin/tsc', import.meta.url));

/** The peer check: the real `tsc -p` on the copy with the staged changes written in. */
async function tscErrors(root: string, config: string): Promise<string[]> {
  const out = await promisify(execFile)(process.execPath, [TSC, '-p', config, '--pretty', 'false'], { cwd: root }).then(
    (r) => r.stdout,
    (e: { stdout: string }) => e.stdout,
  );
  return out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => /^(.+?)\(\d+,\d+\): error (TS\d+)/.exec(l)!.slice(1).join(' '));
}

async function apply(root: string, changes: Change[]): Promise<void> {
  for (const c of changes) await writeFile(path.join(root, c.path), c.after!);
}

describe('debugging.fix', function () {
  this.timeout(60_000);
  let sample: Sample;
  beforeEach(async () => {
    sample = await copySample('type-errors');
  });
  afterEach(async () => {
    await sample.remove();
  });

  it('fixes the missing import, the misspelling and the missing await, refuses the rest with reasons; tsc agrees afterwards', async () => {
    const ctx: CapabilityContext = await sample.context();
    const result = await run({}, ctx);
    const data = result.data as {
      fixed: { file: string; description: string }[];
      refused: { file: string; description: string }[];
      verification: { errorsBefore: number; errorsAfter: number };
    };
    expect(data.fixed.map((f) => `${f.file}: ${f.description}`)).to.deep.equal([
      'src/cart.ts: Update import from "./format.js"',
      "src/stats.ts: Change spelling to 'length'",
      "src/users.ts: Add 'await' to initializer for 'user'",
    ]);
    expect(data.refused.map((f) => f.file)).to.deep.equal(['src/lookup.ts', 'test/cart.check.ts']);
    expect(data.refused[0]!.description).to.match(/possibly-undefined value needs a decision/);
    expect(data.verification).to.deep.include({ errorsBefore: 5, errorsAfter: 2 });
    const changes = ctx.workspace.changes();
    expect(changes.map((c) => c.path).sort()).to.deep.equal(['src/cart.ts', 'src/stats.ts', 'src/users.ts']);
    expect(changes.find((c) => c.path === 'src/cart.ts')!.after).to.include("import { formatCount, formatPrice } from './format.js';");
    expect(changes.find((c) => c.path === 'src/users.ts')!.after).to.include('const user = await fetchUser(id);');
    expect(await tscErrors(sample.root, 'tsconfig.json')).to.have.members([
      'src/cart.ts TS2304',
      'src/lookup.ts TS18048',
      'src/stats.ts TS2551',
      'src/users.ts TS2339',
    ]);
    await apply(sample.root, changes);
    expect(await tscErrors(sample.root, 'tsconfig.json')).to.deep.equal(['src/lookup.ts TS18048']);
    expect(await tscErrors(sample.root, 'tsconfig.test.json')).to.deep.equal(['test/cart.check.ts TS2322']);
    expect(meta.writes).to.equal(true);
  });

  it('fixes only the error pasted as tsc output', async () => {
    const ctx = await sample.context();
    await run(
      { error: "src/stats.ts(2,14): error TS2551: Property 'lenght' does not exist on type 'number[]'. Did you mean 'length'?" },
      ctx,
    );
    expect(ctx.workspace.changes().map((c) => c.path)).to.deep.equal(['src/stats.ts']);
  });

  it('refuses with the reason when the only asked-for error has no safe fix, or when the import would be ambiguous', async () => {
    const refusal = await run(
      { error: "src/lookup.ts(5,10): error TS18048: 'found' is possibly 'undefined'." },
      await sample.context(),
    ).then(
      () => null,
      (e: { code: string; message: string }) => e,
    );
    expect(refusal!.code).to.equal('fix_refused');
    expect(refusal!.message).to.match(/src\/lookup\.ts:5 TS18048: a possibly-undefined value needs a decision/);
    await writeFile(
      path.join(sample.root, 'src/legacy-format.ts'),
      'export function formatPrice(cents: number): string {\n  return `$${cents / 100}`;\n}\n',
    );
    const ambiguous = await run({ file: 'src/cart.ts' }, await sample.context()).then(
      () => null,
      (e: { code: string; message: string }) => e,
    );
    expect(ambiguous!.code).to.equal('fix_refused');
    expect(ambiguous!.message).to.match(
      /several modules export 'formatPrice' \(.+\), so there is no unique export to import; say which one/,
    );
  });

  it('takes a missing import over TypeScript\'s "did you mean" a global of another name (report vs the DOM\'s Report)', async () => {
    const shop = await copySample('shop-api');
    try {
      const main = path.join(shop.root, 'src/main.ts');
      const original = await readFile(main, 'utf8');
      await writeFile(
        main,
        original.replace("import { customerOf, report } from './report.js';", "import { customerOf } from './report.js';"),
      );
      const ctx = await shop.context();
      const result = await run({}, ctx);
      expect(result.summary).to.match(/^Fixed 1 of 1 type error\(s\) \(src\/main\.ts:5 Update import from "\.\/report\.js"\)/);
      expect(ctx.workspace.changes()[0]!.after).to.equal(original);
    } finally {
      await shop.remove();
    }
  });

  it('refuses when the type-check does not report the pasted error', async () => {
    const refusal = await run({ error: "src/app.ts(1,1): error TS2304: Cannot find name 'nothing'." }, await sample.context()).then(
      () => null,
      (e: { code: string; message: string }) => e,
    );
    expect(refusal!.code).to.equal('fix_refused');
    expect(refusal!.message).to.include('the type-check does not report src/app.ts:1 TS2304 now');
  });
});
