/**
 * The extraction itself is TypeScript's "Extract Symbol" refactoring (free variables become typed
 * parameters, variables assigned inside and read after are returned — one directly, several as an
 * object destructured at the call — and `await` makes it async with an awaited call). This picks the
 * module-scope action (or the class-method one when the range uses `this`), renames the generated
 * `newFunction`/`newMethod` to the requested name, and places a module-level function right after
 * the top-level declaration that encloses the range.
 */
import { ts, type Project, type SourceFile } from 'ts-morph';
import type { CodeStyle } from '../../../core/index.js';
import { refuse } from '../ts-project/refusal.js';
import { formatSettings, userPreferences } from '../ts-project/code-style.js';
import type { Selection } from './select-statements.js';

export interface ExtractEdits {
  changes: ts.TextChange[];
  kind: 'function' | 'method';
}

export function languageServiceExtract(
  project: Project,
  file: SourceFile,
  selection: Selection,
  asMethod: boolean,
  name: string,
  style: CodeStyle,
): ExtractEdits {
  const service = project.getLanguageService().compilerObject;
  const range = { pos: selection.pos, end: selection.end };
  const preferences = userPreferences(style);
  const actions = service
    .getApplicableRefactors(file.getFilePath(), range, preferences, undefined, 'refactor.extract.function', true)
    .flatMap((r) => r.actions);
  const wanted = asMethod ? /method in class/ : /function in (module|global) scope/;
  const action = actions.find((a) => wanted.test(a.description));
  if (!action || action.notApplicableReason) {
    const reasons = [...new Set(actions.map((a) => a.notApplicableReason).filter(Boolean))].join('; ');
    throw refuse(
      `These statements cannot be extracted to a ${asMethod ? 'method' : 'module-level function'}: ${reasons || action?.notApplicableReason || 'TypeScript offers no extraction for this range'}; select a different range.`,
    );
  }
  const result = service.getEditsForRefactor(file.getFilePath(), formatSettings(style), range, 'Extract Symbol', action.name, preferences);
  const changes = result?.edits.find((edit) => edit.fileName === file.getFilePath())?.textChanges ?? [];
  if (changes.length === 0) throw refuse(`TypeScript produced no extraction for these statements; select a different range.`);
  const generated = generatedName(changes);
  const renamed = changes.map((change) => ({ ...change, newText: change.newText.replace(new RegExp(`\\b${generated}\\b`, 'g'), name) }));
  return { changes: asMethod ? renamed : placeAfterEnclosing(file, selection, renamed, name), kind: asMethod ? 'method' : 'function' };
}

function generatedName(changes: readonly ts.TextChange[]): string {
  for (const change of changes) {
    const match =
      /\b(?:function|private|public|protected|static|async)\s+(?:async\s+)?(?:\*\s*)?(new(?:Function|Method)(?:_\d+)?)\s*[(<]/.exec(
        change.newText,
      );
    if (match) return match[1]!;
  }
  throw refuse('The extracted function could not be found in the TypeScript edits; select a different range.');
}

/** Moves the inserted declaration to just after the top-level statement that holds the range. */
function placeAfterEnclosing(file: SourceFile, selection: Selection, changes: ts.TextChange[], name: string): ts.TextChange[] {
  const declaration = new RegExp(`\\bfunction\\s+${name}\\s*[(<]`);
  const insertion = changes.find((change) => change.span.length === 0 && declaration.test(change.newText));
  const enclosing = file.compilerNode.statements.find((s) => s.getStart() <= selection.pos && selection.end <= s.end);
  if (!insertion || !enclosing || enclosing === selection.statements[0]) return changes;
  const moved: ts.TextChange = { span: { start: enclosing.end, length: 0 }, newText: `\n\n${insertion.newText.trim()}` };
  return changes.map((change) => (change === insertion ? moved : change));
}
