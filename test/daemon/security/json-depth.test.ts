import { expect } from 'chai';
import { jsonDepth } from '../../../daemon/security/json-depth.js';

/** The byte-by-byte scan the fast one replaced: the reference it must agree with. */
function reference(bytes: Uint8Array): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i]!;
    if (inString) {
      if (byte === 0x5c) i += 1;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (byte === 0x5d || byte === 0x7d) depth -= 1;
  }
  return deepest;
}

describe('jsonDepth: nesting of a raw JSON body, strings skipped', () => {
  it('agrees with the byte-by-byte scan on 5,000 random bodies with escapes, quotes and brackets in strings', () => {
    const alphabet = ['[', ']', '{', '}', '"', '\\', 'a', ',', ':', '\\"', '\\\\'];
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 5000; n++) {
      const text = Array.from({ length: next() % 40 }, () => alphabet[next() % alphabet.length]).join('');
      const bytes = Buffer.from(text);
      expect(jsonDepth(bytes), text).to.equal(reference(bytes));
    }
  });

  it('skips a 900,000-character string and still sees nesting around it', () => {
    expect(jsonDepth(Buffer.from(JSON.stringify({ a: [{ name: 'x'.repeat(900_000) }] })))).to.equal(3);
    expect(jsonDepth(Buffer.from(`{"a":"${'[\\"'.repeat(1000)}"}`))).to.equal(1);
  });
});
