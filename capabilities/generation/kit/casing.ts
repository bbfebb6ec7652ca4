/** Name forms generated code uses: "user profile" / "userProfile" / "user-profile" -> each casing. */

/** The words of a name written in any casing ("UserProfile", "user_profile", "user-profile card"). */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.toLowerCase());
}

const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

export const pascalCase = (name: string): string => wordsOf(name).map(cap).join('');
export const camelCase = (name: string): string => {
  const p = pascalCase(name);
  return p.charAt(0).toLowerCase() + p.slice(1);
};
export const kebabCase = (name: string): string => wordsOf(name).join('-');
export const snakeCase = (name: string): string => wordsOf(name).join('_');

/** English plural of the last word (enough for resource names: user->users, category->categories, box->boxes). */
export function plural(word: string): string {
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
  return `${word}s`;
}

/** Singular of a plural resource name (users->user, categories->category, boxes->box); unchanged otherwise. */
export function singular(word: string): string {
  if (/[^aeiou]ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/i.test(word)) return word.slice(0, -2);
  if (/[^su]s$/i.test(word) && !/is$/i.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * "a" or "an" before a name, by its first sound as far as spelling tells: "an invoice", "an order",
 * "a user", "a unit", "a euro amount", "an hour" (a `u` that sounds "you" — before one consonant
 * and a vowel, or `uni`/`use`/`usu`/`uti` — takes "a"; a silent `h` takes "an").
 */
export function withArticle(name: string): string {
  const word = name.trim().toLowerCase();
  const an = /^(hour|honest|honou?r|heir)/.test(word)
    ? true
    : /^(u[bcdfghjklmnpqrstvwxz][aeiou]|uu|uni|use|usu|uti|eu|one\b|once)/.test(word)
      ? false
      : /^[aeiou]/.test(word);
  return `${an ? 'an' : 'a'} ${name}`;
}
