/**
 * Files a module loads by path rather than through an import, so that their exports are read by name at
 * run time (a bench runner importing every `./*.js` and calling `run`, a Worker script, Node loader hooks,
 * a plugin folder). The notion of analysis.structure's orphans, in its form (`./x.js`; `*` where the path
 * is computed):
 * - paths built from the module's own folder (`path.join(here, file)` fed to `import()`, Piscina's
 *   `filename`, `new URL('worker.js', import.meta.url)`...): structure's dynamicLoads();
 * - `./` and `../` string literals outside import/export statements (`new URL('./worker.js',
 *   import.meta.url)`, `new Worker('./worker.js')`, `register('./hooks.mjs', import.meta.url)`);
 * - computed ones starting that way (`` import(`./locales/${lang}/messages.js`) ``, `'./plugins/' + name`),
 *   as a pattern with `*` for each computed part, only when the value goes into a loader: a message
 *   template must not make a whole folder's exports used.
 */
import { fieldChild, nodesOfType, textOf, type SyntaxNode as Node } from '../../../core/index.js';
import { dynamicLoads, feedsLoader } from '../structure/dynamic-loads.js';

const RELATIVE = /^\.{1,2}\//;
/** Where a relative string is a module specifier the import index already follows (or names no file). */
const SPECIFIER_PARENTS = new Set(['import_statement', 'export_statement', 'import_require_clause', 'module']);

export function pathLoads(root: Node, source: string): string[] {
  const out = new Set(dynamicLoads(root, source));
  // One type at a time: asking for both would sort every string of the file by position for nothing.
  for (const node of [...nodesOfType(root, 'string'), ...nodesOfType(root, 'template_string')]) {
    if (SPECIFIER_PARENTS.has(node.parent?.type ?? '') || !RELATIVE.test(source.slice(node.startIndex + 1, node.startIndex + 4))) continue;
    const whole = concatenation(node, source);
    const pattern = patternOf(whole, source);
    if (!pattern.includes('*')) out.add(pattern);
    else if (feedsLoader(whole, source)) out.add(pattern);
  }
  return [...out];
}

/** The `a + b + c` a string heads (`'./plugins/' + name + '.js'`), or the string itself. */
function concatenation(node: Node, source: string): Node {
  let expr = node;
  while (
    expr.parent?.type === 'binary_expression' &&
    expr.field === 'left' &&
    textOf(fieldChild(expr.parent, 'operator') ?? expr, source) === '+'
  )
    expr = expr.parent;
  return expr;
}

/** The path an expression spells, with `*` for each part computed at run time. */
function patternOf(node: Node, source: string): string {
  if (node.type === 'string') return textOf(node, source).slice(1, -1);
  if (node.type === 'template_string') {
    return node.children
      .filter((c) => c.type === 'string_fragment' || c.type === 'template_substitution')
      .map((c) => (c.type === 'string_fragment' ? textOf(c, source) : '*'))
      .join('');
  }
  if (node.type === 'binary_expression')
    return `${patternOf(fieldChild(node, 'left')!, source)}${patternOf(fieldChild(node, 'right')!, source)}`.replace(/\*+/g, '*');
  return '*';
}
