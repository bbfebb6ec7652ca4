/**
 * File texts as isolated-vm ExternalCopies, kept per text: a text that crosses into plugin isolates
 * again (the same file read by the next step, unchanged) is handed over from its copy, with no copy on
 * the host and none in the isolate (an external string over the same bytes). Keyed by the text itself
 * — content-addressed, so a changed file is simply another entry and a stale one cannot be served —
 * and bounded by characters, least recently used out first. The texts come from the workspace's own
 * file cache, so a hit finds the key by identity without hashing the text again.
 */
import type ivmModule from 'isolated-vm';

/** Characters of text kept as copies in this thread, all plugins together; all are dropped when no warm isolate is left (isolate-pool.ts). */
export const MAX_COPIED_CHARS = 16 * 1024 * 1024;

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

/** Releases every kept copy (the pool emptied, tests). */
export function dropTextCopies(): void {
  for (const copy of copies.values()) copy.release();
  copies.clear();
  chars = 0;
}
