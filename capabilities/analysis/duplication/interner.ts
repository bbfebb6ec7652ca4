/** Token keys as small integers, so windows hash and compare as numbers. One interner per analysis. */
import { TOKEN_KIND, type TokenStream } from './tokenize.js';

export type DetectionMode = 'exact' | 'renamed';

export class TokenInterner {
  private readonly codes = new Map<string, number>();

  code(key: string): number {
    let code = this.codes.get(key);
    if (code === undefined) {
      code = this.codes.size + 1;
      this.codes.set(key, code);
    }
    return code;
  }

  encode(stream: TokenStream, mode: DetectionMode): Int32Array {
    const out = new Int32Array(stream.texts.length);
    for (let i = 0; i < out.length; i++) {
      const kind = stream.kinds[i];
      if (mode === 'renamed' && kind === TOKEN_KIND.identifier) out[i] = this.code('\u0000id');
      else if (mode === 'renamed' && kind === TOKEN_KIND.literal) out[i] = this.code('\u0000lit');
      else out[i] = this.code(stream.texts[i]!);
    }
    return out;
  }
}
