/**
 * The scan bundle runs from V8's code cache (cli/commands/code-cache.ts), and on Node 20 a function
 * taken from the cache loses what `import()` needs (its script's host-defined options): any dynamic
 * `import()` left in the bundle throws ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING once the cache is used.
 * esbuild turns the imports of bundled modules into calls of their initialisers; the others — npm
 * packages, Node's built-ins, a computed specifier — are rewritten here, by syntax, into calls of
 * `__agentd_import(<the module's place, relative to the bundle>, specifier, options)`, a function the
 * loader passes in (cli/commands/code-cache.ts), whose `import()` runs in an ordinary ES module.
 * `importSites` then checks that the bundle holds none.
 */
import Parser from 'tree-sitter';
import JavaScript from 'tree-sitter-javascript';

const parser = new Parser();
parser.setLanguage(JavaScript);

/** Every `import(…)` call in `text`: the index of its `import` keyword, and of its argument list's `(`. */
export function importSites(text) {
  if (!text.includes('import(') && !text.includes('import (')) return [];
  // The binding takes at most 16 KB from a callback at a time.
  const tree = parser.parse((index) => text.slice(index, index + 16_384));
  const sites = [];
  for (const call of tree.rootNode.descendantsOfType('call_expression')) {
    const callee = call.childForFieldName('function');
    if (callee?.type !== 'import') continue;
    const args = call.childForFieldName('arguments');
    if (text.slice(callee.startIndex, callee.endIndex) !== 'import' || text[args.startIndex] !== '(')
      throw new Error(`bundle-scan: tree-sitter's offsets do not match the text at ${callee.startIndex}`);
    const first = args.namedChildren[0];
    const literal = first?.type === 'string' ? text.slice(first.startIndex + 1, first.endIndex - 1) : undefined;
    sites.push({ keyword: callee.startIndex, open: args.startIndex, literal });
  }
  return sites;
}

/** esbuild bundles an import of a literal path (ours); every other is rewritten (see the header). */
export function rewriteOutsideImports(text, from) {
  const outside = importSites(text).filter((site) => site.literal === undefined || !/^[./]/.test(site.literal));
  let out = text;
  for (const site of outside.sort((a, b) => b.keyword - a.keyword)) {
    out = `${out.slice(0, site.keyword)}__agentd_import(${JSON.stringify(from)}, ${out.slice(site.open + 1)}`;
  }
  return out;
}
