/**
 * The host tools' fast path for paths (plugins/sandbox/host-tools.ts isNormalRelative): whatever it lets
 * through must be exactly what the full check would give — relative, inside the workspace, unchanged by
 * normalisation — over every path built from the segments that make paths tricky.
 */
import { expect } from 'chai';
import path from 'node:path';
import { isNormalRelative } from '../../plugins/sandbox/host-tools.js';

const SEGMENTS = ['a', 'b.ts', '.', '..', '', 'C:', 'c:x', '\\', 'x\\y', ' ', '.hidden', '..x', 'x..', '...'];

/** Every path of one to three segments joined by "/", plus each with a leading "/". */
function paths(): string[] {
  const out: string[] = [];
  const extend = (prefix: string[], depth: number): void => {
    if (prefix.length > 0) out.push(prefix.join('/'), `/${prefix.join('/')}`);
    if (depth === 0) return;
    for (const segment of SEGMENTS) extend([...prefix, segment], depth - 1);
  };
  extend([], 3);
  return out;
}

describe('plugin host tools: normal relative paths', () => {
  it('passes only paths the full check leaves unchanged and inside the workspace', () => {
    let passed = 0;
    for (const file of paths()) {
      if (!isNormalRelative(file)) continue;
      passed++;
      expect(path.posix.isAbsolute(file), file).to.equal(false);
      expect(path.win32.isAbsolute(file), file).to.equal(false);
      expect(file.split('/').includes('..'), file).to.equal(false);
      expect(path.posix.normalize(file), file).to.equal(file);
    }
    // The usual paths do take the fast path.
    expect(passed).to.be.greaterThan(100);
    for (const file of ['src/m1/file1.ts', 'a.ts', '.github/workflows/ci.yml', 'x..y/z', 'src/'])
      expect(isNormalRelative(file), file).to.equal(true);
    for (const file of ['', '/etc/passwd', '../a', 'a/../b', './a', 'a//b', 'a\\b', 'C:/x', 'a/.', 'a/..'])
      expect(isNormalRelative(file), file).to.equal(false);
  });
});
