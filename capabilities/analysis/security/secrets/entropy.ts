/** Shannon entropy in bits per character: random keys score high, words and repeated characters low. */
export function shannonEntropy(text: string): number {
  if (text.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Random-looking: long enough, no spaces, and entropy above what words and hex ids of that length reach. */
export function looksRandom(text: string): boolean {
  if (text.length < 16 || /\s/.test(text)) return false;
  const hex = /^[0-9a-f]+$/i.test(text);
  const threshold = hex ? 3.0 : 3.5;
  // Entropy is bounded by log2(length): short strings need a lower bar.
  return shannonEntropy(text) >= Math.min(threshold, Math.log2(text.length) - 0.5) && /\d/.test(text) && /[a-z]/i.test(text);
}
