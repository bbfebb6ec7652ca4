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

export function core(name: string): string {
  return name.replace(/^[_$]+/, '').replace(/_+$/, '');
}

export function matchesStyle(name: string, style: CaseStyle): boolean {
  const stripped = core(name);
  return stripped === '' || PATTERNS[style].test(stripped);
}

export function matchesAny(name: string, styles: readonly CaseStyle[]): boolean {
  return styles.some((s) => matchesStyle(name, s));
}

/** The words of a name, lower-cased: `userID`, `user_id`, `UserId` and `user-id` all give ["user", "id"]. */
export function wordsOf(name: string): string[] {
  return core(name)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** The most specific style a multi-word name is written in, or undefined for one-word names (they fit several). */
export function styleOf(name: string): CaseStyle | undefined {
  const stripped = core(name);
  if (wordsOf(stripped).length < 2) return undefined;
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
    case 'camelCase': return prefix + words.map((w, i) => (i === 0 ? w : cap(w))).join('');
    case 'PascalCase': return prefix + words.map(cap).join('');
    case 'UPPER_CASE': return prefix + words.join('_').toUpperCase();
    case 'snake_case': return prefix + words.join('_');
    case 'kebab-case': return words.join('-');
  }
}
