/** Parsing one source text with tree-sitter, with one reusable Parser per language per thread. */
import { createRequire } from 'node:module';
import type Parser from 'tree-sitter';
import type { ParsedFile, SourceLanguage } from '../contracts/index.js';
import { AgentdError } from '../errors/index.js';
import { contentHash } from '../cache/content-hash.js';
import { PARSABLE_EXTENSIONS, grammarFor, languageForPath } from './languages.js';
import { parseFlat } from './flat-parser.js';
import { rolesOf } from './lexical-roles.js';
import { metricTablesOf } from './metric-roles.js';
import { lazyParsedFile } from './parsed-file.js';

const require = createRequire(import.meta.url);
const ParserClass = require('tree-sitter') as typeof Parser;

const parsers = new Map<SourceLanguage, Parser>();

// The binding's string input is copied through a 32 KB buffer by default and fails beyond it;
// feeding the text in chunks through the callback form parses files of any size.
const CHUNK = 16_384;

function parserFor(language: SourceLanguage): Parser {
  let parser = parsers.get(language);
  if (!parser) {
    parser = new ParserClass();
    parser.setLanguage(grammarFor(language) as Parameters<Parser['setLanguage']>[0]);
    parsers.set(language, parser);
  }
  return parser;
}

export function unsupportedLanguage(path: string): AgentdError {
  return new AgentdError(
    'unsupported_language',
    `File "${path}" has no parser; tree-sitter parses ${PARSABLE_EXTENSIONS.join(', ')} files.`,
  );
}

/** Parses `source` as the language `path`'s extension names. */
export function parseSource(path: string, source: string, hash: string = contentHash(source)): ParsedFile {
  const language = languageForPath(path);
  if (!language) throw unsupportedLanguage(path);
  return { path, language, source, hash, tree: bindingTree(language, source) };
}

function bindingTree(language: SourceLanguage, source: string): Parser.Tree {
  return parserFor(language).parse((index: number) => source.slice(index, index + CHUNK));
}

export interface FlatParseOptions {
  /** Ahead of the parses already queued. */
  first?: boolean;
  /** The flat tree also carries the file's lexical tokens (lexical-roles.ts), made on the parse thread. */
  tokens?: boolean;
  /** The flat tree also carries the file's complexity metrics (metric-roles.ts), measured on the parse thread. */
  metrics?: boolean;
}

/**
 * Parses through the flat-tree addon (off the main thread; see flat-parser.ts): the result carries the
 * flat tree, and its binding `tree` is made only if something asks for it.
 */
export async function parseSourceFlat(
  path: string,
  source: string,
  hash: string = contentHash(source),
  options: FlatParseOptions = {},
): Promise<ParsedFile> {
  const language = languageForPath(path);
  if (!language) throw unsupportedLanguage(path);
  let flat;
  try {
    flat = await parseFlat(
      language,
      source,
      options.first,
      options.tokens ? rolesOf : undefined,
      options.metrics ? metricTablesOf : undefined,
    );
  } catch {
    // The addon could not parse it (out of memory, a grammar it cannot load): the binding still can.
    return parseSource(path, source, hash);
  }
  return lazyParsedFile({ path, language, source, hash, flat, makeTree: () => bindingTree(language, source) });
}
