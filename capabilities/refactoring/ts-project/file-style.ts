/**
 * A file's own code style, inferred from its text: semicolons or none, quote style, indentation. Used
 * for the text a refactoring generates in that file when the project has no Prettier config (with one,
 * the changed files are formatted by it afterwards): a semicolon-free file gets semicolon-free imports
 * and functions, whatever the rest of the project does. Where the file says nothing (too few lines of
 * a kind), the project's detected style is kept.
 */
import type { CodeStyle } from '../../../core/index.js';

/** Statement-like lines: what a semicolon style shows on. Lines ending in an opener, operator or comma are continuations. */
const STATEMENT_END = /[\w)\]'"`]$/;
const CONTINUES =
  /[{[(,.+\-*/=&|?:<>]$|^\s*(?:\/\/|\*|\/\*)|^\s*(?:if|for|while|else|switch|try|catch|finally|do|function|class|interface|type|enum|export \{|import \{)\b.*[^;]$/;

export function fileStyle(text: string, project: CodeStyle): CodeStyle {
  if (project.prettier) return project;
  const lines = text
    .split('\n')
    .map((line) =>
      line
        .replace(/\r$/, '')
        .replace(/\s+\/\/.*$/, '')
        .trimEnd(),
    )
    .filter((line) => line.trim() !== '');
  let withSemicolon = 0;
  let without = 0;
  for (const line of lines) {
    if (line.endsWith(';')) withSemicolon += 1;
    else if (STATEMENT_END.test(line) && !CONTINUES.test(line)) without += 1;
  }
  const single = (text.match(/(?:from |import |require\()'/g) ?? []).length + (text.match(/[=(,:] '[^'\n]*'/g) ?? []).length;
  const double = (text.match(/(?:from |import |require\()"/g) ?? []).length + (text.match(/[=(,:] "[^"\n]*"/g) ?? []).length;
  const indents = lines.map((line) => /^[ \t]+/.exec(line)?.[0] ?? '').filter((indent) => indent !== '');
  const tabs = indents.filter((indent) => indent.startsWith('\t')).length;
  const spaces = indents.filter((indent) => indent.startsWith(' ')).map((indent) => indent.length);
  const size = spaces.length > 0 ? smallestStep(spaces) : project.indent.size;
  const enough = (a: number, b: number): boolean => a + b >= 3;
  return {
    ...project,
    semicolons: enough(withSemicolon, without) ? withSemicolon >= without : project.semicolons,
    quotes: enough(single, double) || single + double > 0 ? (single >= double ? 'single' : 'double') : project.quotes,
    indent:
      indents.length >= 2
        ? tabs > spaces.length
          ? { style: 'tab', size: project.indent.size }
          : { style: 'space', size }
        : project.indent,
  };
}

/** The indentation step: the most common of 2 and 4 that divides the indents (JSDoc's " *" lines of odd width ignored). */
function smallestStep(widths: number[]): number {
  const even = widths.filter((w) => w % 2 === 0);
  if (even.length === 0) return 2;
  return even.every((w) => w % 4 === 0) ? 4 : 2;
}
