/**
 * The declaration line of a test whose runner does not report one (mocha): the first `it(`, `test(` or
 * `specify(` call whose title is the test's own title as a string literal. A title built at run time
 * (template with expressions, a variable) is not found, and the test then has no line.
 */
const CALLS = '(?:it|test|specify)(?:\\.(?:only|skip))?';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function lineOfTest(source: string, title: string): number | undefined {
  const literal = escapeRegExp(title);
  const pattern = new RegExp(`\\b${CALLS}\\s*\\(\\s*(['"\`])${literal}\\1`);
  const match = pattern.exec(source);
  if (!match) return undefined;
  return source.slice(0, match.index).split('\n').length;
}
