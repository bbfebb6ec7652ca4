/**
 * Which test files import a source file directly: relative `import … from`, `import()` and `require()`
 * specifiers of the test files, resolved against the source files (with the extension, `.js` written
 * for a `.ts` file, or an index file). Bare package specifiers are ignored.
 */
import path from 'node:path';

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;
const CANDIDATE_SUFFIXES = ['', '.js', '.ts', '.mjs', '.cjs', '.jsx', '.tsx', '/index.js', '/index.ts'];

function resolve(from: string, specifier: string, sources: Set<string>): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const suffix of CANDIDATE_SUFFIXES) if (sources.has(base + suffix)) return base + suffix;
  const ts = base.replace(/\.(m|c)?js$/, '.$1ts');
  if (sources.has(ts)) return ts;
  return null;
}

/** Source file -> the test files that import it. */
export function testImports(tests: { path: string; content: string }[], sourceFiles: string[]): Map<string, string[]> {
  const sources = new Set(sourceFiles);
  const out = new Map<string, string[]>();
  for (const test of tests) {
    for (const match of test.content.matchAll(SPECIFIER)) {
      const target = resolve(test.path, match[2]!, sources);
      if (!target) continue;
      const list = out.get(target) ?? [];
      if (!list.includes(test.path)) list.push(test.path);
      out.set(target, list);
    }
  }
  return out;
}
