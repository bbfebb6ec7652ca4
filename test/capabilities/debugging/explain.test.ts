import { expect } from 'chai';
import { meta, run } from '../../../capabilities/debugging/explain.js';
import { copySample, type Sample } from './fixture-support.js';

describe('debugging.explain', function () {
  this.timeout(30_000);
  let sample: Sample;
  before(async () => {
    sample = await copySample('shop-api');
  });
  after(async () => {
    await sample.remove();
  });

  it('explains a real Node crash log and ties it to the project line the stack names first', async () => {
    const error = await sample.log('report-crash.txt');
    const result = await run({ error }, await sample.context());
    const data = result.data as {
      explanations: { id: string; category: string; names: string[]; projectLines: { file: string; line: number }[] }[];
    };
    expect(data.explanations[0]).to.include({ id: 'runtime/read-property-of-undefined', category: 'null-access' });
    expect(data.explanations[0]!.names).to.deep.equal(['undefined', 'reduce']);
    // `.reduce` in the project: the stack names lib/orders.js, which is build output; the source line is found by the pattern.
    expect(data.explanations[0]!.projectLines[0]).to.deep.include({ file: 'src/orders.ts', line: 16 });
    expect(result.summary).to.match(/^Reading a property of undefined\/null \[null-access\].*src\/orders\.ts:16/);
    expect(result.findings![0]).to.deep.include({ ruleId: 'debugging/runtime/read-property-of-undefined', file: 'src/orders.ts' });
  });

  it('says whether the project uses the library a library error is about', async () => {
    const result = await run(
      { error: 'Error: Route.get() requires a callback function but got a [object Undefined]' },
      await sample.context(),
    );
    const first = (result.data as { explanations: { id: string; projectUsesLibrary: boolean }[] }).explanations[0]!;
    expect(first).to.include({ id: 'library/express/route-handler-undefined', projectUsesLibrary: true });
  });

  it('takes the error from an earlier diagnose step, and says so honestly when nothing matches', async () => {
    const fromPrevious = await run(
      {},
      await sample.context([
        { summary: 'diagnosed', data: { error: "Error: ENOENT: no such file or directory, open 'config/settings.json'" } },
      ]),
    );
    expect((fromPrevious.data as { explanations: { id: string }[] }).explanations[0]!.id).to.equal('system/ENOENT');
    const none = await run({ error: 'the widget looks a bit odd' }, await sample.context());
    expect(none.summary).to.match(/^No entry of the error catalogue matches/);
    expect(none.data).to.deep.equal({ explanations: [], matched: false });
    await run({}, await sample.context()).then(
      () => expect.fail('should refuse'),
      (e: { code: string }) => expect(e.code).to.equal('invalid_input'),
    );
  });

  it('has a meta the registry accepts', () => {
    expect(meta).to.include({ id: 'debugging.explain', group: 'debugging', writes: false });
  });
});
