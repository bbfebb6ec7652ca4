/**
 * The safety net every refactoring here runs before staging: the type errors of the touched files
 * after the edit, compared with the errors they had before. An edit that introduces an error is
 * refused rather than staged broken. Errors are compared by code and message over the whole set of
 * touched files (not by position, which the edit shifts, nor by file, since a move carries code and
 * its errors to another file), so errors the project already had (such as unresolved dependencies,
 * which the in-memory project does not load) do not count.
 */
import { ts, type Project } from 'ts-morph';
import { toWorkspacePath } from './load-project.js';

export type ErrorCounts = Map<string, number>;

/**
 * Errors that only say a dependency's types are not loaded ("Cannot find module 'express'", "Cannot
 * find name 'process'. Do you need to install type definitions for node?"). The in-memory project
 * never loads node_modules, and TypeScript words these differently depending on where the import
 * sits, so they are noise here; an unresolved relative import is never ignored.
 */
const MISSING_TYPES_CODES = new Set([2580, 2581, 2582, 2583, 2584, 2591, 2592, 2593, 2688, 2867, 2868]);
const MISSING_MODULE_CODES = new Set([2307, 2792, 7016]);

export function isMissingDependencyTypes(diagnostic: ts.Diagnostic): boolean {
  if (MISSING_TYPES_CODES.has(diagnostic.code)) return true;
  if (!MISSING_MODULE_CODES.has(diagnostic.code)) return false;
  const specifier = /'([^']+)'/.exec(ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '))?.[1];
  return specifier !== undefined && !specifier.startsWith('.') && !specifier.startsWith('/');
}

export interface NewError {
  file: string;
  line: number;
  message: string;
}

/**
 * Error counts of the given files, keyed by "code|message". `normalize` maps a key from before
 * the edit to what the same error would read after it (a renamed name or file).
 */
export function countErrors(project: Project, paths: Iterable<string>, normalize: (key: string) => string = (key) => key): ErrorCounts {
  const counts: ErrorCounts = new Map();
  for (const diagnostic of fileErrors(project, paths)) {
    const key = normalize(errorKey(diagnostic));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** The errors of `paths` that are not accounted for by `before`. */
export function findNewErrors(project: Project, paths: Iterable<string>, before: ErrorCounts): NewError[] {
  const remaining = new Map(before);
  const found: NewError[] = [];
  for (const diagnostic of fileErrors(project, paths)) {
    const key = errorKey(diagnostic);
    const left = remaining.get(key) ?? 0;
    if (left > 0) {
      remaining.set(key, left - 1);
      continue;
    }
    const file = diagnostic.file!;
    const line = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1;
    found.push({ file: toWorkspacePath(file.fileName), line, message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ') });
  }
  return found;
}

/** "file:line: message" of the first errors, for a refusal. */
export function describeErrors(errors: NewError[], max = 3): string {
  const shown = errors.slice(0, max).map((e) => `${e.file}:${e.line}: ${e.message}`);
  const more = errors.length > max ? ` (and ${errors.length - max} more)` : '';
  return shown.join('; ') + more;
}

function* fileErrors(project: Project, paths: Iterable<string>): Generator<ts.Diagnostic> {
  const program = project.getProgram().compilerObject;
  for (const path of new Set(paths)) {
    const file = program.getSourceFile(path);
    if (!file) continue;
    const all = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
    for (const diagnostic of all) {
      if (diagnostic.category === ts.DiagnosticCategory.Error && diagnostic.file && !isMissingDependencyTypes(diagnostic)) yield diagnostic;
    }
  }
}

function errorKey(diagnostic: ts.Diagnostic): string {
  return `${diagnostic.code}|${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
}
