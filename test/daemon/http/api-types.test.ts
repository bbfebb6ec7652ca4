/** The client API types module is the package's `./api` subpath, and loads nothing at run time (it is type-only). */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

describe('the client API types module (@agentd/cli/api)', () => {
  it('resolves by the package name to daemon/http/api-types, and has no run-time imports', async () => {
    const resolved = fileURLToPath(import.meta.resolve('@agentd/cli/api'));
    expect(resolved.endsWith('/dist/daemon/http/api-types.js')).to.equal(true);
    const module = (await import('@agentd/cli/api' as string)) as Record<string, unknown>;
    expect(Object.keys(module)).to.deep.equal([]);
    expect(readFileSync(resolved, 'utf8')).to.not.match(/^\s*import\s/m);
  });
});
