/**
 * Catastrophic backtracking in a JavaScript regular expression, found by the shape of the pattern:
 *  - a repeated group one of whose alternatives is an unbounded part with nothing else required
 *    around it (`(a+)+`, `(\w+\s?)*`, `((ab)*c?)+`): each character can end one repetition or
 *    continue the inner one, so a failing match tries exponentially many splits;
 *  - a repeated alternation whose alternatives can match the same character (`(\w|\d)+`, `(.|\s)*`)
 *    or are the same (`(a|a)*`).
 * Character sets are compared on ASCII (plus one flag for everything beyond it), which is exact for
 * the classes patterns are written with. Lookarounds, anchors and backreferences count as matching
 * nothing. A pattern the parser does not understand is not reported.
 */

/** 128 ASCII code points as four 32-bit words, and whether characters beyond ASCII are in the set. */
interface CharSet {
  ascii: number[];
  other: boolean;
}

interface Term {
  atom: Atom;
  min: number;
  max: number; // Infinity when unbounded
}

type Atom = { kind: 'set'; set: CharSet } | { kind: 'group'; alternatives: Term[][] } | { kind: 'empty' };

const emptySet = (): CharSet => ({ ascii: [0, 0, 0, 0], other: false });
const add = (s: CharSet, from: number, to = from): void => {
  for (let c = from; c <= Math.min(to, 127); c++) s.ascii[c >> 5]! |= 1 << (c & 31);
  if (to > 127) s.other = true;
};
const single = (code: number): CharSet => {
  const s = emptySet();
  add(s, code);
  return s;
};
const union = (a: CharSet, b: CharSet): CharSet => ({ ascii: a.ascii.map((w, i) => w | b.ascii[i]!), other: a.other || b.other });
/** Everything not in `a`; beyond ASCII, a complement is taken to hold characters (`[^a]`, `\S`, `\W` all do). */
const complement = (a: CharSet): CharSet => ({ ascii: a.ascii.map((w) => ~w), other: true });
const overlaps = (a: CharSet, b: CharSet): boolean => a.ascii.some((w, i) => (w & b.ascii[i]!) !== 0) || (a.other && b.other);

function classSet(letter: string): CharSet | null {
  const s = emptySet();
  switch (letter.toLowerCase()) {
    case 'd':
      add(s, 48, 57);
      break;
    case 'w':
      add(s, 48, 57);
      add(s, 65, 90);
      add(s, 97, 122);
      add(s, 95);
      break;
    case 's':
      add(s, 9, 13);
      add(s, 32);
      s.other = true;
      break;
    default:
      return null;
  }
  return letter === letter.toUpperCase() ? complement(s) : s;
}

const ANY = (() => {
  const s = complement(emptySet());
  s.ascii[0]! &= ~((1 << 10) | (1 << 13)); // `.` does not match \n or \r
  return s;
})();

const CONTROL: Readonly<Record<string, number>> = { n: 10, r: 13, t: 9, f: 12, v: 11, '0': 0, b: 8 };

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): Term[][] | null {
    try {
      const alternatives = this.alternatives();
      return this.i === this.src.length ? alternatives : null;
    } catch {
      return null;
    }
  }

  private alternatives(): Term[][] {
    const out: Term[][] = [this.sequence()];
    while (this.src[this.i] === '|') {
      this.i++;
      out.push(this.sequence());
    }
    return out;
  }

  private sequence(): Term[] {
    const terms: Term[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const atom = this.atom();
      terms.push(this.quantified(atom));
    }
    return terms;
  }

  private quantified(atom: Atom): Term {
    const c = this.src[this.i];
    let min = 1;
    let max = 1;
    if (c === '*' || c === '+' || c === '?') {
      this.i++;
      [min, max] = c === '*' ? [0, Infinity] : c === '+' ? [1, Infinity] : [0, 1];
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (m) {
        this.i += m[0].length;
        min = Number(m[1]);
        max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      }
    }
    if (this.src[this.i] === '?' && (min !== 1 || max !== 1)) this.i++; // lazy
    return { atom, min, max };
  }

  private atom(): Atom {
    const c = this.src[this.i++]!;
    if (c === '(') return this.group();
    if (c === '[') return { kind: 'set', set: this.charClass() };
    if (c === '.') return { kind: 'set', set: ANY };
    if (c === '^' || c === '$') return { kind: 'empty' };
    if (c === '\\') return this.escape();
    if (c === '*' || c === '+' || c === '?') throw new Error('nothing to repeat');
    return { kind: 'set', set: single(c.charCodeAt(0)) };
  }

  private group(): Atom {
    let lookaround = false;
    if (this.src[this.i] === '?') {
      const head = this.src.slice(this.i, this.i + 3);
      if (head.startsWith('?:')) this.i += 2;
      else if (/^\?[=!]/.test(head) || /^\?<[=!]/.test(head)) {
        lookaround = true;
        this.i += head[1] === '<' ? 3 : 2;
      } else if (head.startsWith('?<')) this.i = this.src.indexOf('>', this.i) + 1;
    }
    const alternatives = this.alternatives();
    if (this.src[this.i++] !== ')') throw new Error('unclosed group');
    return lookaround ? { kind: 'empty' } : { kind: 'group', alternatives };
  }

  private escape(): Atom {
    const c = this.src[this.i++]!;
    const cls = classSet(c);
    if (cls) return { kind: 'set', set: cls };
    if (c === 'b' || c === 'B' || /[1-9]/.test(c)) return { kind: 'empty' }; // boundaries, backreferences
    if (c === 'k' && this.src[this.i] === '<') {
      this.i = this.src.indexOf('>', this.i) + 1;
      return { kind: 'empty' };
    }
    const code = this.escapedCode(c);
    return { kind: 'set', set: code === null ? complement(emptySet()) : single(code) };
  }

  /** The code point an escape stands for; null for a Unicode property (`\p{L}`), taken as anything. */
  private escapedCode(c: string): number | null {
    const hex =
      c === 'x'
        ? /^[0-9a-fA-F]{2}/.exec(this.src.slice(this.i))
        : c === 'u'
          ? /^(\{[0-9a-fA-F]+\}|[0-9a-fA-F]{4})/.exec(this.src.slice(this.i))
          : null;
    if (hex) {
      this.i += hex[0].length;
      return parseInt(hex[0].replace(/[{}]/g, ''), 16);
    }
    if ((c === 'p' || c === 'P') && this.src[this.i] === '{') {
      this.i = this.src.indexOf('}', this.i) + 1;
      return null;
    }
    return CONTROL[c] ?? c.charCodeAt(0);
  }

  private charClass(): CharSet {
    let negated = false;
    if (this.src[this.i] === '^') {
      negated = true;
      this.i++;
    }
    let set = emptySet();
    let first = true;
    while (this.i < this.src.length && (this.src[this.i] !== ']' || first)) {
      first = false;
      const from = this.classChar();
      if (from.set) {
        set = union(set, from.set);
        continue;
      }
      if (this.src[this.i] === '-' && this.src[this.i + 1] !== ']' && this.i + 1 < this.src.length) {
        this.i++;
        const to = this.classChar();
        if (to.code !== undefined) add(set, from.code!, to.code);
        else set = union(set, to.set!);
      } else add(set, from.code!);
    }
    if (this.src[this.i++] !== ']') throw new Error('unclosed class');
    return negated ? complement(set) : set;
  }

  private classChar(): { code?: number; set?: CharSet } {
    const c = this.src[this.i++]!;
    if (c !== '\\') return { code: c.charCodeAt(0) };
    const e = this.src[this.i++]!;
    const cls = classSet(e);
    if (cls) return { set: cls };
    const code = this.escapedCode(e);
    return code === null ? { set: complement(emptySet()) } : { code };
  }
}

function nullable(term: Term): boolean {
  return term.min === 0 || atomNullable(term.atom);
}
function atomNullable(atom: Atom): boolean {
  if (atom.kind === 'empty') return true;
  if (atom.kind === 'set') return false;
  return atom.alternatives.some((alt) => alt.every(nullable));
}
/** Whether the term can match an unbounded number of characters. */
function unbounded(term: Term): boolean {
  if (term.atom.kind === 'empty') return false;
  if (term.max === Infinity) return true;
  return term.atom.kind === 'group' && term.atom.alternatives.some((alt) => alt.some(unbounded));
}
function singleSet(alt: Term[]): CharSet | null {
  const solid = alt.filter((t) => t.atom.kind !== 'empty');
  return solid.length === 1 && solid[0]!.min === 1 && solid[0]!.max === 1 && solid[0]!.atom.kind === 'set' ? solid[0]!.atom.set : null;
}

/** The reason the repetition is ambiguous, or null. */
function ambiguousRepeat(group: Term[][]): string | null {
  for (const alt of group) {
    for (const t of alt) if (unbounded(t) && alt.every((o) => o === t || nullable(o))) return 'nested quantifier';
  }
  const sets = group.map(singleSet);
  for (let a = 0; a < group.length; a++) {
    for (let b = a + 1; b < group.length; b++) {
      const sa = sets[a];
      const sb = sets[b];
      if (sa && sb && overlaps(sa, sb)) return 'overlapping alternatives';
      if (JSON.stringify(group[a]) === JSON.stringify(group[b])) return 'repeated alternative';
    }
  }
  return null;
}

function findIn(alternatives: Term[][]): string | null {
  for (const alt of alternatives) {
    for (const t of alt) {
      if (t.atom.kind !== 'group') continue;
      if (t.max === Infinity || t.max > 10) {
        const reason = ambiguousRepeat(t.atom.alternatives);
        if (reason) return reason;
      }
      const inner = findIn(t.atom.alternatives);
      if (inner) return inner;
    }
  }
  return null;
}

/**
 * Whether some repeated group (`(...)*`, `(...)+`, `(...){n,}`) holds a quantifier or an alternation:
 * without one, no repetition can be ambiguous, and the pattern is not parsed at all.
 */
export function mayBeAmbiguous(pattern: string): boolean {
  const opens: number[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charCodeAt(i);
    if (c === 92 /* \ */) i++;
    else if (c === 91 /* [ */) i = skipClass(pattern, i);
    else if (c === 40 /* ( */) opens.push(i);
    else if (c === 41 /* ) */) {
      const open = opens.pop() ?? 0;
      const next = pattern.charCodeAt(i + 1);
      if ((next === 42 || next === 43 || next === 123) && /[*+{|?]/.test(pattern.slice(open + 1, i).replace(/^\?[:=!]|^\?<[^>]*>/, '')))
        return true;
    }
  }
  return false;
}

function skipClass(pattern: string, start: number): number {
  for (let i = start + 1; i < pattern.length; i++) {
    const c = pattern.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 93 && i > start + 1) return i;
  }
  return pattern.length;
}

const verdicts = new Map<string, string | null>();

/** Why the pattern backtracks catastrophically ('nested quantifier', 'overlapping alternatives'), or null. Memoised by pattern: bundles repeat them. */
export function catastrophicBacktracking(pattern: string): string | null {
  if (!mayBeAmbiguous(pattern)) return null;
  const known = verdicts.get(pattern);
  if (known !== undefined) return known;
  const tree = new Parser(pattern).parse();
  const verdict = tree ? findIn(tree) : null;
  if (verdicts.size > 5000) verdicts.clear();
  verdicts.set(pattern, verdict);
  return verdict;
}
