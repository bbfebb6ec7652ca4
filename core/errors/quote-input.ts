/**
 * How an error message names text a client sent (an id, a name, a path): quoted, and cut short when
 * long, so a huge value is never echoed back whole (a 900,000-character name made a 900 KB answer).
 */
const SHOWN_CHARACTERS = 100;

export function quoteInput(text: string, shown = SHOWN_CHARACTERS): string {
  if (text.length <= shown) return `"${text}"`;
  return `"${text.slice(0, shown)}…" (${text.length} characters)`;
}
