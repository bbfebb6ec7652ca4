/** Which tree-sitter grammar parses which file, and the grammars themselves (loaded once per thread). */
import { createRequire } from 'node:module';
import { extname } from 'node:path';
import type { SourceLanguage } from '../contracts/index.js';

const require = createRequire(import.meta.url);

const BY_EXTENSION: Record<string, SourceLanguage> = {
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'tsx',
  // The javascript grammar handles JSX as well.
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
};

export const PARSABLE_EXTENSIONS = Object.keys(BY_EXTENSION);

export function languageForPath(path: string): SourceLanguage | null {
  return BY_EXTENSION[extname(path).toLowerCase()] ?? null;
}

const grammars = new Map<SourceLanguage, unknown>();

/** The grammar object to hand to `Parser.setLanguage`. */
export function grammarFor(language: SourceLanguage): unknown {
  let grammar = grammars.get(language);
  if (!grammar) {
    if (language === 'javascript') grammar = require('tree-sitter-javascript');
    else {
      const ts = require('tree-sitter-typescript') as { typescript: unknown; tsx: unknown };
      grammar = language === 'tsx' ? ts.tsx : ts.typescript;
    }
    grammars.set(language, grammar);
  }
  return grammar;
}
