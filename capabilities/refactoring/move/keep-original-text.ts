/**
 * The language service re-prints a moved declaration (normalising spacing, and adding a blank line
 * after its doc comment); the move should carry the declaration byte for byte. This puts the
 * original text (and its leading comments) back in place of the re-printed one, adding only the
 * `export` keyword when the move added it.
 */
import { ts } from 'ts-morph';
import { declaredNames } from './find-declaration.js';

export function keepOriginalText(
  targetText: string,
  targetPath: string,
  original: ts.SourceFile,
  statements: ts.Statement[],
  name: string,
): string {
  const parsed = ts.createSourceFile(targetPath, targetText, ts.ScriptTarget.Latest, true, scriptKind(targetPath));
  const moved = parsed.statements.filter((statement) => declaredNames(statement).includes(name));
  if (moved.length !== statements.length) return targetText;
  const keptComments = leadingComments(parsed, moved[0]!).length;
  const originalComments = leadingComments(original, statements[0]!);
  const from =
    keptComments > 0 && originalComments.length >= keptComments
      ? originalComments[originalComments.length - keptComments]!.pos
      : statements[0]!.getStart(original);
  let text = original.text.slice(from, statements.at(-1)!.end);
  // Insert `export` last statement first, so earlier offsets stay valid.
  for (let i = statements.length - 1; i >= 0; i -= 1) {
    if (isExported(moved[i]!) && !isExported(statements[i]!)) {
      const at = statements[i]!.getStart(original) - from;
      text = `${text.slice(0, at)}export ${text.slice(at)}`;
    }
  }
  const comments = leadingComments(parsed, moved[0]!);
  const replaceFrom = comments.length > 0 ? comments[0]!.pos : moved[0]!.getStart(parsed);
  return separated(targetText.slice(0, replaceFrom), text, targetText.slice(moved.at(-1)!.end));
}

/**
 * Appended to an existing module, the service puts the declaration on the line right after the last
 * statement; a blank line separates top-level declarations (tidy-layout.ts trims any extra).
 */
function separated(before: string, text: string, after: string): string {
  const newline = before.endsWith('\r\n') ? '\r\n' : '\n';
  const lead = before !== '' && !/\n\r?\n$/.test(before) && before.endsWith('\n') ? newline : '';
  const trail = /^\r?\n[^\r\n]/.test(after) ? newline : '';
  return before + lead + text + trail + after;
}

function leadingComments(file: ts.SourceFile, statement: ts.Statement): ts.CommentRange[] {
  return ts.getLeadingCommentRanges(file.text, statement.getFullStart()) ?? [];
}

function isExported(statement: ts.Statement): boolean {
  return ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

export function scriptKind(path: string): ts.ScriptKind {
  if (path.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (path.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(path)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/**
 * The service copies the source module's header comment (the leading comment of its first import)
 * along with that import into the target; a header describes the source, so it is dropped.
 */
export function dropSourceHeader(
  fileChanges: readonly ts.FileTextChanges[],
  source: ts.SourceFile,
  statements: ts.Statement[],
  target: string,
): ts.FileTextChanges[] {
  const first = source.statements[0];
  if (!first || statements.includes(first)) return [...fileChanges];
  const header = leadingComments(source, first)
    .map((range) => source.text.slice(range.pos, range.end))
    .join('\n');
  if (header === '') return [...fileChanges];
  return fileChanges.map((fileChange) =>
    fileChange.fileName !== target
      ? fileChange
      : {
          ...fileChange,
          textChanges: fileChange.textChanges.map((change) =>
            change.newText.startsWith(header) ? { ...change, newText: change.newText.slice(header.length).replace(/^\r?\n/, '') } : change,
          ),
        },
  );
}
