/**
 * What the rules need from a file's string literals, gathered in one pass over the tree's index of
 * strings and cached per tree: the relative module specifiers (the import graph's edges), the short
 * words some triggers look for (`'message'`, `'use server'`, `'koa'`), and whether an `http://` or
 * `ws://` URL is spelt. Each rule looping over every string itself cost more than the rule.
 */
import { nodesOfType, perTree } from '../../../../core/index.js';
import { stringValue, type SourceFile } from './source-file.js';

export interface StringFacts {
  /** Every string that starts with `.`: a superset of the file's relative imports, requires and re-exports. */
  specifiers: string[];
  /** The values among `words` (given to the first call) that occur as whole string literals. */
  words: Set<string>;
  /** A string literal that starts with `http://` or `ws://`. */
  plainUrl: boolean;
}

const STRING_FACTS = {};

export function stringFacts(file: SourceFile, words: ReadonlySet<string>): StringFacts {
  return perTree(file.root, STRING_FACTS, () => collect(file, words));
}

function collect(file: SourceFile, words: ReadonlySet<string>): StringFacts {
  const lengths = new Set([...words].map((w) => w.length + 2));
  const specifiers = new Set<string>();
  const found = new Set<string>();
  let plainUrl = false;
  const text = file.source;
  for (const type of ['string', 'template_string']) {
    for (const n of nodesOfType(file.root, type)) {
      const at = n.startIndex + 1;
      const c = text.charCodeAt(at);
      if (c === 46 /* . */) {
        const value = stringValue(file, n);
        if (value?.startsWith('.')) specifiers.add(value);
      } else if (c === 104 /* h */ || c === 119 /* w */) {
        plainUrl ||= text.startsWith('http://', at) || text.startsWith('ws://', at);
      }
      if (type === 'string' && lengths.has(n.endIndex - n.startIndex)) {
        const value = text.slice(at, n.endIndex - 1);
        if (words.has(value)) found.add(value);
      }
    }
  }
  return { specifiers: [...specifiers], words: found, plainUrl };
}
