/**
 * agentd's flat-tree addon (native/flat-tree.c, built by scripts/build-native.mjs on install): parses
 * on libuv's thread pool and returns the whole tree as one Uint32Array, 4 words per node in pre-order
 * ([type | field << 16, start, end, parent + 1], UTF-16 indexes). Building the plain tree from that is
 * several times cheaper than copying a binding tree node by node, and a batch of files parses on every
 * core. Without the addon (no compiler at install, or AGENTD_NATIVE_PARSER=0) agentd parses through
 * the tree-sitter binding alone.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { SourceLanguage } from '../contracts/index.js';
import { grammarFor } from './languages.js';

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
}

interface Addon {
  parse(language: unknown, text: string): Promise<{ nodes: Uint32Array; hasError: boolean }>;
  names(language: unknown): GrammarNames;
}

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
    addon = require(ADDON_PATH) as Addon;
  } catch {
    // A stale or foreign build: parse through the binding rather than fail.
    addon = null;
  }
  return addon;
}

export function flatParserAvailable(): boolean {
  return load() !== null;
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
    found = native.names((grammarFor(language) as { language: unknown }).language);
    names.set(language, found);
  }
  return found;
}

/**
 * At most this many parses on libuv's pool at once (one thread less than the pool has). The pool also
 * serves file system reads, the ES module loader's included, and a project's hundreds of parses queued
 * at once kept every such read waiting until they were all done: a scan that starts parsing before it
 * loads its checks' modules sat idle instead of loading them. One free thread is enough for those.
 */
const MAX_PARSES_ON_POOL = Math.max(1, poolSize() - 1);

function poolSize(): number {
  const size = Number(process.env.UV_THREADPOOL_SIZE);
  return Number.isInteger(size) && size > 0 ? size : 4;
}

let parsesOnPool = 0;
const waiting: (() => void)[] = [];
let nextWaiting = 0;

function takeSlot(): Promise<void> | undefined {
  if (parsesOnPool < MAX_PARSES_ON_POOL) {
    parsesOnPool++;
    return undefined;
  }
  return new Promise<void>((resolve) => waiting.push(resolve));
}

/** Hands the slot to the next waiting parse (FIFO), or frees it. */
function releaseSlot(): void {
  if (nextWaiting < waiting.length) {
    const next = waiting[nextWaiting]!;
    waiting[nextWaiting++] = undefined as unknown as () => void;
    if (nextWaiting === waiting.length) {
      waiting.length = 0;
      nextWaiting = 0;
    }
    next();
  } else parsesOnPool--;
}

/** Parses off the main thread; rejects when the addon is not available (check flatParserAvailable). */
export async function parseFlat(language: SourceLanguage, source: string): Promise<FlatTree> {
  const native = load();
  if (!native) throw new Error('the flat-tree addon is not available');
  const grammar = (grammarFor(language) as { language: unknown }).language;
  const queued = takeSlot();
  if (queued) await queued;
  try {
    const parsed = await native.parse(grammar, source);
    return { nodes: parsed.nodes, hasError: parsed.hasError, names: grammarNames(native, language) };
  } finally {
    releaseSlot();
  }
}
