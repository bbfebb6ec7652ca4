/**
 * Splits a task into tokens: quoted strings, paths, code identifiers (camelCase, PascalCase compounds,
 * snake_case), numbers and plain words. Only plain words take part in intent recognition, so a file
 * called validate.ts or a symbol called useTasks never reads as a keyword.
 */

export type TokenKind = 'quoted' | 'path' | 'ident' | 'number' | 'word';

export interface Token {
  kind: TokenKind;
  /** As written (quotes removed for `quoted`). */
  text: string;
  start: number;
  end: number;
}

const SOURCE_EXT = 'tsx?|jsx?|mjs|cjs|mts|cts|json|css|scss|md|sql|html|ya?ml|vue|svelte';
const PATTERNS: [TokenKind, string][] = [
  ['quoted', String.raw`"([^"\n]+)"|“([^”\n]+)”|(?<![\w])'([^'\n]+)'(?![\w])|\x60([^\x60\n]+)\x60`],
  ['path', String.raw`(?:\.{1,2}\/)?[\w@.-]*[\w@-](?:\/[\w@.*-]+)+\/?|(?:\.{1,2}\/)?[\w@.-]+\/(?=\s|$|[,;)])|[\w.-]+\.(?:${SOURCE_EXT})\b`],
  ['number', String.raw`\d+(?:\.\d+)?`],
  ['word', String.raw`[A-Za-z_$][\w$]*(?:[-'][A-Za-z]+)*`],
];
const PROSE_PAIRS = new Set([
  'let/const',
  'async/await',
  'and/or',
  'try/catch',
  'input/output',
  'client/server',
  'frontend/backend',
  'commonjs/esm',
  'cjs/esm',
  'esm/cjs',
  'require/import',
  'promise/callback',
  'callbacks/promises',
  'then/catch',
  'get/set',
  'read/write',
]);
const SCANNER = new RegExp(PATTERNS.map(([, p]) => `(${p})`).join('|'), 'gu');

/** camelCase, PascalCase compounds, snake_case, $names: how code names look in prose. */
export function looksLikeIdentifier(text: string): boolean {
  if (/[_$]/.test(text) && /^[A-Za-z_$][\w$]*$/.test(text)) return /[A-Za-z]/.test(text);
  return /^[a-z][a-z0-9]*[A-Z][\w]*$/.test(text) || /^[A-Z][a-z0-9]+[A-Z][\w]*$/.test(text) || /^[A-Z]{2,}[a-z]+[\w]*$/.test(text);
}

export function tokenize(task: string): Token[] {
  const tokens: Token[] = [];
  for (const match of task.matchAll(SCANNER)) {
    const groupIndex = match.slice(1).findIndex((g) => g !== undefined);
    const start = match.index ?? 0;
    const raw = match[0];
    if (raw.startsWith('"') || raw.startsWith('“') || raw.startsWith("'") || raw.startsWith('`')) {
      tokens.push({ kind: 'quoted', text: raw.slice(1, -1).trim(), start, end: start + raw.length });
      continue;
    }
    const kind = kindOf(groupIndex, raw);
    if (kind === 'path' && PROSE_PAIRS.has(raw.toLowerCase())) {
      // "var to let/const", "async/await": prose, not a path.
      const [left, right] = raw.split('/') as [string, string];
      tokens.push({ kind: 'word', text: left, start, end: start + left.length });
      tokens.push({ kind: 'word', text: right, start: start + left.length + 1, end: start + raw.length });
      continue;
    }
    tokens.push({ kind, text: raw, start, end: start + raw.length });
  }
  return tokens;
}

function kindOf(groupIndex: number, raw: string): TokenKind {
  // Group 0 is the whole quoted alternative; its inner groups shift the numbering.
  const quotedGroups = 5;
  if (groupIndex < quotedGroups) return 'quoted';
  if (groupIndex === quotedGroups) return 'path';
  if (groupIndex === quotedGroups + 1) return 'number';
  return looksLikeIdentifier(raw) ? 'ident' : 'word';
}

const STOPWORDS = new Set(
  (
    'a an the of for to in on at my our your this that these those please pls me i we you it its is are be can could would ' +
    "should will just some all any with and or by from into as so do does me us let lets let's kindly want need like " +
    'also then there here what which when how whole entire'
  ).split(' '),
);

/** Lower-case plain words (hyphenated words split), for keyword matching; stop words removed. */
export function keywordWords(tokens: Token[], knownTerms: ReadonlySet<string> = new Set()): string[] {
  return (
    tokens
      // Product names look like code names (OpenAPI, JSDoc, CommonJS): they count when they are known terms.
      .filter((t) => t.kind === 'word' || (t.kind === 'ident' && knownTerms.has(t.text.toLowerCase())))
      .flatMap((t) => t.text.toLowerCase().replace(/'s$/, '').split('-'))
      .filter((w) => w.length > 0)
  );
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}
