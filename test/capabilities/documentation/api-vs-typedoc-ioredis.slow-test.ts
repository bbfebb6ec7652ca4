/**
 * documentation.api beside TypeDoc 0.28 on ioredis (slow tier: TypeDoc takes ~15 s on it). Three of its
 * exported symbols live in a 777 KB generated declaration file, over the 100 KB read limit: they are
 * read through readDeclarationFile (up to 5 MB), so the sets agree.
 */
import { expect } from 'chai';
import { agreement } from './package-agreement.js';

describe('capabilities/documentation/api beside TypeDoc on ioredis', function () {
  this.timeout(300_000);

  it('the same 27 symbols and kinds, those of the 777 KB RedisCommander.d.ts included', async () => {
    expect(await agreement('ioredis')).to.deep.equal({ matched: 27, missed: [], extra: [] });
  });
});
