import { expect } from 'chai';
import { meta, run } from '../../../capabilities/debugging/trace.js';
import { copySample, type Sample } from './fixture-support.js';

describe('debugging.trace', function () {
  this.timeout(30_000);
  const samples: Sample[] = [];
  after(async () => {
    for (const s of samples) await s.remove();
  });
  const sample = async (name: string): Promise<Sample> => {
    const s = await copySample(name);
    samples.push(s);
    return s;
  };

  it('follows the callers of a function back to the entry point, with a code frame per call site', async () => {
    const shop = await sample('shop-api');
    const result = await run({ symbol: 'orderTotal' }, await shop.context());
    const data = result.data as {
      declaration: unknown;
      paths: string[];
      callers: { caller: string; file: string; line: number; codeFrame: string }[];
    };
    expect(data.declaration).to.deep.equal({ file: 'src/orders.ts', line: 14 });
    expect(data.paths).to.deep.equal([
      '<module src/main.ts> (src/main.ts:5) → report (src/report.ts:9) → describeOrder (src/orders.ts:20) → orderTotal',
    ]);
    expect(data.callers[0]).to.deep.include({ caller: 'describeOrder', file: 'src/orders.ts', line: 20 });
    expect(data.callers[0]!.codeFrame).to.include('> 20 |');
    expect(result.findings).to.have.length(1);
  });

  it('lists every path (app code and a test project), and counts an unimported use as no call', async () => {
    const typed = await sample('type-errors');
    const data = (await run({ symbol: 'cartTotal' }, await typed.context())).data as { paths: string[] };
    expect(data.paths).to.have.members([
      'cartLabel (src/cart.ts:14) → cartTotal',
      '<module test/cart.check.ts> (test/cart.check.ts:3) → cartTotal',
    ]);
    // cart.ts uses formatPrice without importing it (a type error): that is not a call of format.ts's formatPrice.
    const none = await run({ symbol: 'formatPrice' }, await typed.context());
    expect(none.summary).to.match(/^No calls of formatPrice \(src\/format\.ts:2\)/);
  });

  it('refuses an unknown name with the close ones', async () => {
    const shop = await sample('shop-api');
    await run({ symbol: 'ordrTotal' }, await shop.context()).then(
      () => expect.fail('should refuse'),
      (e: { code: string; message: string }) => {
        expect(e.code).to.equal('invalid_input');
        expect(e.message).to.include('did you mean "orderTotal"');
      },
    );
    expect(meta.writes).to.equal(false);
  });
});
