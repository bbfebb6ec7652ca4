/**
 * ParsedFile objects whose tree-sitter binding `tree` is made on first use. A file parsed by the
 * flat-tree addon carries its flat tree (read with `flatTreeOf`), from which the plain syntax tree
 * every analysis walks is built (core/syntax); only code that asks for the binding's own Tree (queries,
 * `descendantForIndex`, cursors) pays a second parse, and only for that file.
 */
import type Parser from 'tree-sitter';
import type { ParsedFile, SourceLanguage } from '../contracts/index.js';
import type { FlatTree } from './flat-parser.js';

const FLAT = Symbol('agentd.flatTree');

type WithFlat = ParsedFile & { [FLAT]?: FlatTree };

/** The addon's flat tree of a parsed file, when it was parsed by the addon. */
export function flatTreeOf(parsed: object): FlatTree | undefined {
  return (parsed as WithFlat)[FLAT];
}

/** Whether tree-sitter saw a syntax error (an ERROR or MISSING node), without making the binding tree. */
export function hasSyntaxError(parsed: Pick<ParsedFile, 'tree'>): boolean {
  const flat = flatTreeOf(parsed);
  return flat ? flat.hasError : parsed.tree.rootNode.hasError;
}

interface LazyParts {
  path: string;
  language: SourceLanguage;
  source: string;
  hash: string;
  flat: FlatTree;
  /** Makes the binding tree (called at most once per file, shared by every re-pathed copy). */
  makeTree: () => Parser.Tree;
}

/** A parsed file whose binding tree is made on first access. */
export function lazyParsedFile(parts: LazyParts): ParsedFile {
  let tree: Parser.Tree | undefined;
  const shared = (): Parser.Tree => (tree ??= parts.makeTree());
  return withTree(parts, shared);
}

function withTree(parts: Omit<LazyParts, 'makeTree'>, tree: () => Parser.Tree): ParsedFile {
  const file = { path: parts.path, language: parts.language, source: parts.source, hash: parts.hash } as WithFlat;
  Object.defineProperty(file, 'tree', { get: tree, enumerable: true, configurable: true });
  Object.defineProperty(file, FLAT, { value: parts.flat, enumerable: false });
  return file;
}

/** The same parsed file reported under another path (the cache is keyed by absolute path). */
export function withPath(parsed: ParsedFile, path: string): ParsedFile {
  const flat = flatTreeOf(parsed);
  if (!flat) return { ...parsed, path };
  return withTree({ path, language: parsed.language, source: parsed.source, hash: parsed.hash, flat }, () => parsed.tree);
}

/** Copies the flat tree reference onto an object derived from a parsed file (e.g. a source unit). */
export function carryFlatTree<T extends object>(from: ParsedFile, to: T): T {
  const flat = flatTreeOf(from);
  if (flat) Object.defineProperty(to, FLAT, { value: flat, enumerable: false });
  return to;
}
