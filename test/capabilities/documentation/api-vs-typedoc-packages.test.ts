/**
 * documentation.api against TypeDoc 0.28 on published packages (declarations copied from agentd's
 * node_modules, versions pinned by package-lock.json): the documented symbol sets and kinds agree.
 * ioredis (one 777 KB declaration file, TypeDoc ~15 s) is in api-vs-typedoc-ioredis.slow-test.ts.
 */
import { expect } from 'chai';
import { agreement } from './package-agreement.js';

describe('capabilities/documentation/api beside TypeDoc on published packages', function () {
  this.timeout(180_000);

  it('ajv: the same 43 symbols and kinds', async () => {
    expect(await agreement('ajv')).to.deep.equal({ matched: 43, missed: [], extra: [] });
  });

  it('minimatch: the same 20, Form included (re-exported type-only from a dependency not in the workspace)', async () => {
    expect(await agreement('minimatch')).to.deep.equal({ matched: 20, missed: [], extra: [] });
  });

  it('yaml: the same 130 (class statics merged with namespace type aliases, classes exported type-only)', async () => {
    expect(await agreement('yaml')).to.deep.equal({ matched: 130, missed: [], extra: [] });
  });
});
