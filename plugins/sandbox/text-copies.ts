/**
 * File texts as isolated-vm ExternalCopies, kept for the next crossing:
 * - one text (a parsed file's source): kept per text, so a text that crosses into plugin isolates again
 *   (the same file read by the next step, unchanged) is handed over from its copy, with no copy on the
 *   host and none in the isolate (an external string over the same bytes). Keyed by the text itself —
 *   content-addressed, so a changed file is simply another entry and a stale one cannot be served.
 * - many texts (readMany's files): joined into a few long copies, kept per list of texts; the isolate
 *   takes each file as a slice of one, instead of one external string made per file (measured:
 *   bench/plugin-overhead.ts, docs/plugins.md). A list is found again when every text is the very
 *   same string, in order — the workspace's file cache hands unchanged files out as the same strings,
 *   so the test is an identity check per file, not a comparison of texts.
 * Both bounded by characters, least recently used out first. The texts come from the workspace's own
 * file cache, so a hit finds the key by identity without hashing the text again.
 */
import type ivmModule from 'isolated-vm';
import { chunkTexts } from './crossing.js';

/** Characters of text kept as copies in this thread, all plugins together, for each of the two kinds; all are dropped when no warm isolate is left (isolate-pool.ts). */
export const MAX_COPIED_CHARS = 16 * 1024 * 1024;
/** Lists of texts kept joined (a plugin step usually reads one list; a few steps of different plugins may alternate). */
const MAX_JOINS = 8;
/** The longest joined copy: a list of texts longer than this crosses as several (V8 strings stop at ~512 M characters). */
export const MAX_JOINED_CHARS = 8 * 1024 * 1024;

const copies = new Map<string, ivmModule.ExternalCopy<string>>();
let chars = 0;

export function externalCopyOf(ivm: typeof ivmModule, text: string): ivmModule.ExternalCopy<string> {
  let copy = copies.get(text);
  if (copy) {
    // Most recently used last.
    copies.delete(text);
    copies.set(text, copy);
    return copy;
  }
  copy = new ivm.ExternalCopy(text);
  copies.set(text, copy);
  chars += text.length;
  for (const [old, oldCopy] of copies) {
    if (chars <= MAX_COPIED_CHARS) break;
    copies.delete(old);
    chars -= old.length;
    oldCopy.release();
  }
  return copy;
}

/** Many texts as a few joined copies: text i is `chunks[spans[3i]]` from `spans[3i + 1]` to `spans[3i + 2]` (UTF-16 indexes). */
interface KeptJoin {
  texts: readonly string[];
  chunks: ivmModule.ExternalCopy<string>[];
  spans: Uint32Array;
  chars: number;
}

const joins: KeptJoin[] = [];
let joinedChars = 0;

function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function join(ivm: typeof ivmModule, texts: readonly string[]): KeptJoin {
  const { chunks, spans } = chunkTexts(texts, MAX_JOINED_CHARS);
  let chars = 0;
  for (const text of texts) chars += text.length;
  return { texts: [...texts], chunks: chunks.map((chunk) => new ivm.ExternalCopy(chunk)), spans, chars };
}

/**
 * Many texts as joined copies ready to cross (isolated-vm transferables): kept for the next step when
 * they fit the bound, else released once they have crossed.
 */
export function joinedCopyOf(ivm: typeof ivmModule, texts: readonly string[]): { chunks: unknown[]; spans: Uint32Array } {
  const at = joins.findIndex((kept) => sameTexts(kept.texts, texts));
  if (at !== -1) {
    const [kept] = joins.splice(at, 1);
    joins.push(kept!);
    return { chunks: kept!.chunks.map((chunk) => chunk.copyInto()), spans: kept!.spans };
  }
  const made = join(ivm, texts);
  if (made.chars > MAX_COPIED_CHARS) return { chunks: made.chunks.map((chunk) => chunk.copyInto({ release: true })), spans: made.spans };
  joins.push(made);
  joinedChars += made.chars;
  while (joins.length > MAX_JOINS || joinedChars > MAX_COPIED_CHARS) {
    const old = joins.shift()!;
    joinedChars -= old.chars;
    for (const chunk of old.chunks) chunk.release();
  }
  return { chunks: made.chunks.map((chunk) => chunk.copyInto()), spans: made.spans };
}

/** Releases every kept copy (the pool emptied, tests). */
export function dropTextCopies(): void {
  for (const copy of copies.values()) copy.release();
  copies.clear();
  chars = 0;
  for (const kept of joins) for (const chunk of kept.chunks) chunk.release();
  joins.length = 0;
  joinedChars = 0;
}
