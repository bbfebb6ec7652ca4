/**
 * agentd's flat-tree addon (native/flat-tree.c, built by scripts/build-native.mjs on install): parses
 * on threads of its own and returns the whole tree as one Uint32Array, 4 words per node in pre-order
 * ([type | field << 16, start, end, parent + 1], UTF-16 indexes). Building the plain tree from that is
 * several times cheaper than copying a binding tree node by node, and a batch of files parses on the
 * cores the main thread does not need (parseParallelism), one file after another without waiting for
 * it. Without the addon (no compiler at install, or AGENTD_NATIVE_PARSER=0) agentd parses through the
 * tree-sitter binding alone.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { SourceLanguage } from '../contracts/index.js';
import { grammarFor } from './languages.js';
import type { MetricTables } from './metric-roles.js';

/** Type and field names of one grammar, by their numeric ids. */
export interface GrammarNames {
  types: string[];
  named: boolean[];
  fields: string[];
}

export interface FlatTree {
  nodes: Uint32Array;
  hasError: boolean;
  names: GrammarNames;
  /** The file's lexical tokens, made on the parse thread, when the parse asked for them. */
  tokens?: FlatTokens;
  /**
   * The file's complexity metrics, measured on the parse thread (native/flat-metrics.c) when the parse
   * asked for them: capabilities/analysis/complexity/addon-metrics.ts reads them.
   */
  metrics?: Int32Array;
}

/**
 * The lexical tokens of a parse (native/flat-tokens.c): the tree's leaves in source order, comments
 * left out, literals whole (lexical-roles.ts). `columns` holds `count` entries of six Int32 columns —
 * ids (dense per file, in order of first appearance: equal ids are equal texts), codes (the 32-bit
 * FNV-1a hash of the text's UTF-16 units, shifted right once, 0 made 1), 1-based start and end lines,
 * 1-based start column and end column (at least 1) — then one Uint8 column of kinds (0 other,
 * 1 identifier, 2 literal). `spans` gives each id's first occurrence as (start, length) pairs.
 */
export interface FlatTokens {
  columns: ArrayBuffer;
  count: number;
  spans: Int32Array;
  /** Lines in the text, counted as jscpd does (a final newline opens no line). */
  lines: number;
}

interface Addon {
  /**
   * Queues a parse; the addon's setParallelism() threads drain the queue in the order given, except
   * that a parse queued `first` goes ahead of every one not yet started.
   */
  parse(
    language: unknown,
    text: string,
    first?: boolean,
    tokens?: boolean,
    metrics?: boolean,
  ): Promise<{ nodes: Uint32Array; hasError: boolean; tokens?: FlatTokens; metrics?: Int32Array }>;
  names(language: unknown): GrammarNames;
  setParallelism(loops: number): void;
  /** Gives the grammar's node roles (one byte per type id) for the tokens of later parses; older builds lack it. */
  tokenRoles?(language: unknown, roles: Uint8Array): void;
  /** Gives the grammar's metric tables (metric-roles.ts) for the metrics of later parses; older builds lack it. */
  metricRoles?(language: unknown, roles: Uint32Array, slots: Uint16Array, fields: Uint16Array, nested: Uint32Array): void;
  cloneSearch?: CloneSearch;
  encodeWindows?: WindowEncoder;
}

/**
 * Clone detection's window search (native/clone-search.c): each file's token codes and the two hashes
 * of each window of `minTokens` codes in; six numbers per clone out (first file, start, end, second
 * file, start, end). capabilities/analysis/duplication/find-clones.ts holds the same search in
 * JavaScript, for processes without the addon, and says what it finds.
 */
export type CloneSearch = (
  files: readonly (readonly [codes: Int32Array, high: Int32Array, low: Int32Array])[],
  minTokens: number,
) => Int32Array;

/**
 * One file's encodings for the clone search (native/clone-search.c): `codes` with identifiers (kind 1)
 * and literals (kind 2) replaced by the two codes given, then the two window hashes of the exact and
 * of the renamed codes — n + 4 * max(0, n - minTokens + 1) numbers (duplication's encode-windows.ts).
 */
export type WindowEncoder = (
  codes: Int32Array,
  kinds: Uint8Array,
  minTokens: number,
  identifierCode: number,
  literalCode: number,
) => Int32Array;

/** tree-sitter's ERROR symbol (65535) is outside the grammar's symbol table. */
export const ERROR_TYPE_ID = 0xffff;

const require = createRequire(import.meta.url);
// dist/core/parsing -> the package root's build/ (the same from core/parsing under ts-node-like runs).
const ADDON_PATH = fileURLToPath(new URL('../../../build/flat-tree.node', import.meta.url));

let addon: Addon | null | undefined;

function load(): Addon | null {
  if (addon !== undefined) return addon;
  addon = null;
  if (process.env.AGENTD_NATIVE_PARSER === '0' || !existsSync(ADDON_PATH)) return addon;
  try {
    const loaded = require(ADDON_PATH) as Addon;
    loaded.setParallelism(parseParallelism());
    addon = loaded;
  } catch {
    // A stale or foreign build: parse through the binding rather than fail.
    addon = null;
  }
  return addon;
}

export function flatParserAvailable(): boolean {
  return load() !== null;
}

/** The addon's window encoder, or undefined without the addon (or with one built before it had it). */
export function addonWindowEncoder(): WindowEncoder | undefined {
  const native = load();
  return native?.encodeWindows ? (...args) => native.encodeWindows!(...args) : undefined;
}

/** The addon's clone search, or undefined without the addon (or with one built before it had it). */
export function addonCloneSearch(): CloneSearch | undefined {
  const native = load();
  return native?.cloneSearch ? (files, minTokens) => native.cloneSearch!(files, minTokens) : undefined;
}

const names = new Map<SourceLanguage, GrammarNames>();

/** The names table of a grammar (for flat trees made in another thread). */
export function grammarNamesOf(language: SourceLanguage): GrammarNames {
  const native = load();
  if (!native) throw new Error('the flat-tree addon is not available');
  return grammarNames(native, language);
}

function grammarNames(native: Addon, language: SourceLanguage): GrammarNames {
  let found = names.get(language);
  if (!found) {
    const made = native.names((grammarFor(language) as { language: unknown }).language);
    found = { types: made.types.map(internalized), named: made.named, fields: made.fields.map(internalized) };
    names.set(language, found);
  }
  return found;
}

/**
 * The same text as V8's internalized (unique) string. Every analysis compares node types and field
 * names with string literals (`node.type === 'identifier'`) and uses them as Map keys, and literals
 * are internalized: when both sides are, V8 compares two pointers instead of reading characters. A
 * property key is internalized, so the name comes back as one from Object.keys.
 */
function internalized(name: string): string {
  return Object.keys({ [name]: 0 })[0] ?? name;
}

/**
 * How many threads parse at once: one core is left to the main thread, which builds the trees and runs
 * the analyses meanwhile (with every core parsing, a 2-core machine's main thread got half a core and
 * the scan waited on it), and no more than libuv's pool has threads less one, the number agentd used
 * to parse on that pool with. `AGENTD_PARSE_THREADS` sets it.
 */
export function parseParallelism(): number {
  const configured = Number(process.env.AGENTD_PARSE_THREADS);
  if (Number.isInteger(configured) && configured > 0) return configured;
  return Math.max(1, Math.min(poolSize() - 1, os.availableParallelism() - 1));
}

function poolSize(): number {
  const size = Number(process.env.UV_THREADPOOL_SIZE);
  return Number.isInteger(size) && size > 0 ? size : 4;
}

/** Grammars whose node roles and metric tables the addon was given (it keeps the first per grammar). */
const rolesGiven = new Set<SourceLanguage>();
const metricTablesGiven = new Set<SourceLanguage>();

/**
 * Parses off the main thread; rejects when the addon is not available (check flatParserAvailable).
 * `first`: ahead of the parses queued and not started (a few that something waits on now).
 * `tokenRoles`: the grammar's node roles by type id (lexical-roles.ts's rolesOf): the result then
 * carries the file's lexical tokens too (not from an addon built before it made them).
 * `metricTables`: the grammar's metric tables (metric-roles.ts's metricTablesOf): the result then
 * carries the file's complexity metrics too (likewise).
 */
export async function parseFlat(
  language: SourceLanguage,
  source: string,
  first = false,
  tokenRoles?: (names: GrammarNames) => Uint8Array,
  metricTables?: (names: GrammarNames) => MetricTables,
): Promise<FlatTree> {
  const native = load();
  if (!native) throw new Error('the flat-tree addon is not available');
  const grammar = (grammarFor(language) as { language: unknown }).language;
  const names = grammarNames(native, language);
  const tokens = tokenRoles !== undefined && native.tokenRoles !== undefined;
  if (tokens && !rolesGiven.has(language)) {
    native.tokenRoles!(grammar, tokenRoles(names));
    rolesGiven.add(language);
  }
  const metrics = metricTables !== undefined && native.metricRoles !== undefined;
  if (metrics && !metricTablesGiven.has(language)) {
    const tables = metricTables(names);
    native.metricRoles!(grammar, tables.roles, tables.slots, tables.fields, tables.nested);
    metricTablesGiven.add(language);
  }
  const parsed = await native.parse(grammar, source, first, tokens, metrics);
  return {
    nodes: parsed.nodes,
    hasError: parsed.hasError,
    names,
    ...(parsed.tokens ? { tokens: parsed.tokens } : {}),
    ...(parsed.metrics ? { metrics: parsed.metrics } : {}),
  };
}
