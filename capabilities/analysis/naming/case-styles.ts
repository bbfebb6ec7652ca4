/**
 * Case styles and how a name is read. Before a name is checked, leading `_`/`$` and trailing `_` are
 * set aside (`_private`, `$el`, `__dirname` follow other conventions). Acronyms may stay in capitals
 * inside camelCase and PascalCase (`userID`, `parseHTML`, `XMLParser`): forcing `userId` is a style
 * choice most code bases do not make.
 */
export const CASE_STYLES = ['camelCase', 'PascalCase', 'UPPER_CASE', 'snake_case', 'kebab-case'] as const;
export type CaseStyle = (typeof CASE_STYLES)[number];

const PATTERNS: Record<CaseStyle, RegExp> = {
  camelCase: /^[a-z][a-zA-Z0-9]*$/,
  PascalCase: /^[A-Z][a-zA-Z0-9]*$/,
  UPPER_CASE: /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/,
  snake_case: /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/,
  'kebab-case': /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/,
};

const UNDERSCORE = 95;
const DOLLAR = 36;

export function core(name: string): string {
  // Most names have nothing to set aside: answered without the two replacements.
  const first = name.charCodeAt(0);
  if (first !== UNDERSCORE && first !== DOLLAR && name.charCodeAt(name.length - 1) !== UNDERSCORE) return name;
  return name.replace(/^[_$]+/, '').replace(/_+$/, '');
}

export function matchesStyle(name: string, style: CaseStyle): boolean {
  const stripped = core(name);
  return stripped === '' || PATTERNS[style].test(stripped);
}

export function matchesAny(name: string, styles: readonly CaseStyle[]): boolean {
  const stripped = core(name);
  if (stripped === '') return styles.length > 0;
  for (let i = 0; i < styles.length; i++) if (PATTERNS[styles[i]!].test(stripped)) return true;
  return false;
}

/**
 * Whether a name has at most one word: no capital, underscore or hyphen, so wordsOf cannot split it
 * (a quick answer for the common `node`, `value`, `i` without the regular expressions).
 */
export function isOneWord(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if ((c >= 65 && c <= 90) || c === UNDERSCORE || c === 45 || c <= 32 || c > 127) return false;
  }
  return true;
}

const isUpper = (c: number): boolean => c >= 65 && c <= 90;
const isLowerOrDigit = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
const isLower = (c: number): boolean => c >= 97 && c <= 122;
const WHITESPACE = /\s/;

/** `_`, `-` or whitespace (as /[\s_-]/ reads it: Unicode spaces too). */
function isSeparator(text: string, i: number, c: number): boolean {
  if (c === UNDERSCORE || c === 45 || c === 32 || (c >= 9 && c <= 13)) return true;
  return c > 127 && WHITESPACE.test(text[i]!);
}

/**
 * The words of a name, lower-cased: `userID`, `user_id`, `UserId` and `user-id` all give ["user", "id"].
 * A word ends at a separator, before a capital that follows a small letter or digit (`userId`), and
 * before the last capital of a run that a small letter follows (`XMLParser`) — what replacing
 * /([a-z0-9])([A-Z])/ and /([A-Z]+)([A-Z][a-z])/ by "$1 $2" and splitting on /[\s_-]+/ gives, in one
 * scan (it runs for every multi-word name of a project).
 */
export function wordsOf(name: string): string[] {
  const text = core(name);
  const words: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSeparator(text, i, c)) {
      if (i > start) words.push(text.slice(start, i).toLowerCase());
      start = i + 1;
    } else if (i > start && isUpper(c)) {
      const previous = text.charCodeAt(i - 1);
      if (isLowerOrDigit(previous) || (isUpper(previous) && isLower(text.charCodeAt(i + 1)))) {
        words.push(text.slice(start, i).toLowerCase());
        start = i;
      }
    }
  }
  if (text.length > start) words.push(text.slice(start).toLowerCase());
  return words;
}

/** The most specific style a multi-word name is written in, or undefined for one-word names (they fit several). */
export function styleOf(name: string): CaseStyle | undefined {
  const stripped = core(name);
  if (wordsOf(stripped).length < 2) return undefined;
  return multiWordStyle(stripped);
}

/** styleOf for a name already known to have several words, given without its `_`/`$` affixes (core). */
export function multiWordStyle(stripped: string): CaseStyle | undefined {
  if (PATTERNS.UPPER_CASE.test(stripped) && stripped.includes('_')) return 'UPPER_CASE';
  if (PATTERNS.snake_case.test(stripped)) return 'snake_case';
  if (PATTERNS['kebab-case'].test(stripped)) return 'kebab-case';
  if (PATTERNS.camelCase.test(stripped)) return 'camelCase';
  if (PATTERNS.PascalCase.test(stripped)) return 'PascalCase';
  return undefined;
}

/** A readable suggestion in the first allowed style. */
export function suggest(name: string, style: CaseStyle): string {
  const prefix = /^[_$]+/.exec(name)?.[0] ?? '';
  const words = wordsOf(name);
  const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);
  switch (style) {
    case 'camelCase':
      return prefix + words.map((w, i) => (i === 0 ? w : cap(w))).join('');
    case 'PascalCase':
      return prefix + words.map(cap).join('');
    case 'UPPER_CASE':
      return prefix + words.join('_').toUpperCase();
    case 'snake_case':
      return prefix + words.join('_');
    case 'kebab-case':
      return words.join('-');
  }
}
