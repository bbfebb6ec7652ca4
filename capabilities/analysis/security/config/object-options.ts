/** Reading literal option objects: `{ credentials: true, cookie: { httpOnly: false } }`. */
import { field, unwrap, type Node } from '../syntax/tree.js';
import { textOf, type SourceFile } from '../syntax/source-file.js';

/** The value node of `key` in an object literal (not nested), if present. */
export function option(file: SourceFile, object: Node | undefined, key: string): Node | undefined {
  if (!object || unwrap(object).type !== 'object') return undefined;
  for (const pair of unwrap(object).children) {
    if (pair.type === 'shorthand_property_identifier' && textOf(file, pair) === key) return pair;
    if (pair.type === 'method_definition' && textOf(file, field(pair, 'name')!) === key) return pair;
    if (pair.type !== 'pair') continue;
    if (textOf(file, field(pair, 'key')!).replace(/^['"]|['"]$/g, '') === key) return unwrap(field(pair, 'value')!);
  }
  return undefined;
}

export function optionText(file: SourceFile, object: Node | undefined, key: string): string | null {
  const node = option(file, object, key);
  return node ? textOf(file, node).replace(/^['"`]|['"`]$/g, '') : null;
}
