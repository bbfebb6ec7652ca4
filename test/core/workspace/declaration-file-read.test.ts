import { expect } from 'chai';
import { MAX_DECLARATION_FILE_BYTES, MAX_FILE_BYTES, openWorkspace } from '../../../core/workspace/index.js';
import { codeOf, makeTree, removeTree } from './temp-tree.js';

const BIG = `export interface Big {\n${'  member(): void;\n'.repeat(8_000)}}\n`;

describe('workspace view: readDeclarationFile, declaration files past the 100 KB limit', () => {
  let root: string;
  before(async () => {
    root = await makeTree({
      'types/big.d.ts': BIG,
      'types/big.d.mts': BIG,
      'src/big.ts': BIG,
      'types/bin.d.cts': Buffer.from([0x65, 0x00, 0x78]),
    });
  });
  after(async () => {
    await removeTree(root);
  });

  it('reads a .d.ts that read() refuses as too large, as one counted access, and list() still reports it refused', async () => {
    expect(Buffer.byteLength(BIG)).to.be.greaterThan(MAX_FILE_BYTES);
    const accesses: string[] = [];
    const ws = await openWorkspace({ root, onAccess: (what) => accesses.push(what) });
    expect(await codeOf(() => ws.read('types/big.d.ts'))).to.equal('file_too_large');
    expect(await ws.readDeclarationFile('types/big.d.ts')).to.equal(BIG);
    expect(await ws.readDeclarationFile('types/big.d.mts')).to.equal(BIG);
    expect(accesses).to.deep.equal(['read', 'readDeclarationFile', 'readDeclarationFile']);
    await ws.list();
    expect(ws.refused().map((f) => f.path)).to.include('types/big.d.ts');
  });

  it('refuses other files with invalid_input, binary content, escapes and missing files', async () => {
    const ws = await openWorkspace({ root });
    expect(await codeOf(() => ws.readDeclarationFile('src/big.ts'))).to.equal('invalid_input');
    expect(await codeOf(() => ws.readDeclarationFile('types/bin.d.cts'))).to.equal('binary_file');
    expect(await codeOf(() => ws.readDeclarationFile('../x.d.ts'))).to.equal('workspace_escape');
    expect(await codeOf(() => ws.readDeclarationFile('types/none.d.ts'))).to.equal('file_not_found');
  });

  it('never makes a large declaration file writable', async () => {
    const ws = await openWorkspace({ root });
    expect(await codeOf(() => ws.write('types/big.d.ts', BIG))).to.equal('file_too_large');
    expect(MAX_DECLARATION_FILE_BYTES).to.equal(5 * 1024 * 1024);
  });
});
