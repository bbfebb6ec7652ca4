/**
 * performance/whole-library-import: an import that pulls a whole heavy library into a browser bundle.
 * Only browser code is checked (a frontend framework project, or .tsx/.jsx files): on a server the
 * bytes cost next to nothing.
 */
import type { Finding } from '../../../core/index.js';
import { callArguments, fieldChild, rangeOf, textOf, type SyntaxNode as Node } from '../../../core/index.js';
import { callsNamed } from './calls-by-name.js';
import { librarySize } from './library-sizes.js';

function finding(file: string, node: Node, source: string, specifier: string): Finding | undefined {
  const size = librarySize(specifier);
  if (!size) return undefined;
  const bare = node.type === 'import_statement' && !node.children.some((c) => c.type === 'import_clause');
  if (size.imports === 'bare' && !bare) return undefined;
  return {
    ruleId: 'performance/whole-library-import',
    severity: size.gzippedKB >= 50 ? 'medium' : 'low',
    message: `'${textOf(node, source).split('\n')[0]}' bundles all of ${specifier}@${size.version} (about ${size.minifiedKB} kB minified, ${size.gzippedKB} kB gzipped); use ${size.alternative}.`,
    file,
    range: rangeOf(node),
    data: { library: specifier, version: size.version, minifiedKB: size.minifiedKB, gzippedKB: size.gzippedKB },
  };
}

export function bundleFindings(file: string, root: Node, source: string): Finding[] {
  const findings: Finding[] = [];
  for (const statement of root.children) {
    if (statement.type !== 'import_statement') continue;
    const from = fieldChild(statement, 'source');
    // `import type` erases at compile time.
    if (!from || /^import\s+type\b/.test(textOf(statement, source))) continue;
    const f = finding(file, statement, source, textOf(from, source).slice(1, -1));
    if (f) findings.push(f);
  }
  for (const n of callsNamed(root, source, ['require'])) {
    if (textOf(fieldChild(n, 'function')!, source) !== 'require') continue;
    const arg = callArguments(n)[0];
    const f = arg?.type === 'string' ? finding(file, n, source, textOf(arg, source).slice(1, -1)) : undefined;
    if (f) findings.push(f);
  }
  return findings;
}
