/**
 * The checks documentation.inline's comments are held to (test and bench): eslint-plugin-jsdoc's
 * correctness rules the issue names, Microsoft's TSDoc parser on each added comment, and the text with
 * doc comments removed (to see that only comments changed).
 */
import { Linter } from 'eslint';
import jsdoc from 'eslint-plugin-jsdoc';
import { TSDocParser } from '@microsoft/tsdoc';
import tsParser from '@typescript-eslint/parser';

/** eslint-plugin-jsdoc's correctness rules (the issue's list), on a TypeScript file. */
export function jsdocProblems(file: string, text: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    text,
    [
      {
        files: ['**/*.ts', '**/*.js'],
        languageOptions: { parser: tsParser as Linter.Parser, sourceType: 'module' },
        plugins: { jsdoc: jsdoc as never },
        settings: { jsdoc: { mode: 'typescript' } },
        rules: {
          'jsdoc/check-param-names': 'error',
          'jsdoc/require-param': 'error',
          'jsdoc/require-returns': 'error',
          'jsdoc/check-tag-names': 'error',
        },
      },
    ],
    { filename: file },
  );
  return messages.map((m) => `${file}:${m.line} ${m.ruleId ?? 'parse'}: ${m.message}`);
}

/** The text with every whole-line doc comment removed (independent of the capability's own token check). */
export const withoutDocComments = (text: string): string => text.replace(/^[ \t]*\/\*\*[\s\S]*?\*\/\n/gm, '');

/** The doc comments added by the change (in `after`, not in `before`), each parsed by Microsoft's TSDoc parser: its syntax messages. */
export function tsdocMessages(before: string, after: string): { comments: number; messages: string[] } {
  const old = new Set(before.match(/\/\*\*[\s\S]*?\*\//g) ?? []);
  const added = (after.match(/\/\*\*[\s\S]*?\*\//g) ?? []).filter((c) => !old.has(c));
  const parser = new TSDocParser();
  const messages = added.flatMap((comment) =>
    parser.parseString(comment).log.messages.map((m) => `${m.messageId}: ${m.unformattedText} in ${comment.split('\n')[1]}`),
  );
  return { comments: added.length, messages };
}
