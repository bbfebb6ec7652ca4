/**
 * debugging.fix's refusals that need its type-check (slow tier: each runs TypeScript on a temp project,
 * ~5-10 s on a loaded machine): a spelling fix undone because the re-check showed a new error (named),
 * a name no module of the project exports, the decision a listed code needs. The fast ones are in
 * fix-refusals.test.ts.
 */
import { expect } from 'chai';
import { rm } from 'node:fs/promises';
import { project, refusal } from './refusal-projects.js';

describe('debugging.fix refusal reasons (type-checked)', function () {
  this.timeout(120_000);
  const roots: string[] = [];
  after(async () => {
    for (const root of roots) await rm(root, { recursive: true, force: true });
  });

  it('undoes a spelling fix when the re-check shows a new error, and names it', async () => {
    const root = await project({ 'src/size.ts': 'export function size(values: number[]): string {\n  return values.lenght;\n}\n' });
    roots.push(root);
    const out = await refusal(
      root,
      "src/size.ts(2,17): error TS2551: Property 'lenght' does not exist on type 'number[]'. Did you mean 'length'?",
    );
    expect(out.message).to.match(
      /src\/size\.ts:2 TS2551: TypeScript's fix "Change spelling to 'length'" was tried and undone: the re-check showed a new error: src\/size\.ts: TS2322 Type 'number' is not assignable to type 'string'/,
    );
  });

  it('names the missing name no module exports, and the decision a listed code needs', async () => {
    const root = await project({
      'src/main.ts': 'export const total = priceOf(3);\n',
      'src/config.ts': "export const port: number = '8080';\n",
    });
    roots.push(root);
    const missing = await refusal(root, "src/main.ts(1,21): error TS2304: Cannot find name 'priceOf'.");
    expect(missing.message).to.include("no module of the tsconfig project tsconfig.json exports 'priceOf': it is not a missing import");
    const mismatch = await refusal(root, "src/config.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.");
    expect(mismatch.message).to.include(
      'src/config.ts:1 TS2322: a type mismatch is fixed by changing either the value or the declared type',
    );
  });
});
