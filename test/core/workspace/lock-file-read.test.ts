import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MAX_FILE_BYTES, MAX_LOCK_FILE_BYTES, openWorkspace } from '../../../core/workspace/index.js';
import { codeOf, makeTree, removeTree } from './temp-tree.js';

// agentd's own lock file: a real one, well over the 100 KB source-file limit.
const OWN_LOCK = readFileSync(fileURLToPath(new URL('../../../../package-lock.json', import.meta.url)), 'utf8');

describe('workspace view: readLockFile, the one exception to the 100 KB limit', () => {
  let root: string;
  before(async () => {
    root = await makeTree({
      'package-lock.json': OWN_LOCK,
      'packages/web/yarn.lock': 'x'.repeat(MAX_FILE_BYTES + 10),
      'big.json': 'y'.repeat(MAX_FILE_BYTES + 1),
      'pnpm-lock.yaml': Buffer.from([0x6c, 0x00, 0x6b]),
    });
  });
  after(async () => {
    await removeTree(root);
  });

  it("reads agentd's own package-lock.json, which read() refuses as too large, and counts one access", async () => {
    expect(Buffer.byteLength(OWN_LOCK)).to.be.greaterThan(MAX_FILE_BYTES);
    const accesses: string[] = [];
    const ws = await openWorkspace({ root, onAccess: (what) => accesses.push(what) });
    expect(await codeOf(() => ws.read('package-lock.json'))).to.equal('file_too_large');
    expect(await ws.readLockFile('package-lock.json')).to.equal(OWN_LOCK);
    expect(accesses).to.deep.equal(['read', 'readLockFile']);
  });

  it('accepts the known lock file names in any folder', async () => {
    const ws = await openWorkspace({ root });
    expect((await ws.readLockFile('packages/web/yarn.lock')).length).to.equal(MAX_FILE_BYTES + 10);
  });

  it('refuses other names with invalid_input, binary content with binary_file, and escapes with workspace_escape', async () => {
    const ws = await openWorkspace({ root });
    expect(await codeOf(() => ws.readLockFile('big.json'))).to.equal('invalid_input');
    expect(await codeOf(() => ws.readLockFile('pnpm-lock.yaml'))).to.equal('binary_file');
    expect(await codeOf(() => ws.readLockFile('../package-lock.json'))).to.equal('workspace_escape');
    expect(await codeOf(() => ws.readLockFile('missing/package-lock.json'))).to.equal('file_not_found');
  });

  it('never makes a large lock file writable', async () => {
    const ws = await openWorkspace({ root });
    expect(await codeOf(() => ws.write('package-lock.json', OWN_LOCK))).to.equal('file_too_large');
    expect(MAX_LOCK_FILE_BYTES).to.equal(20 * 1024 * 1024);
  });
});
