/**
 * TypeScript's own "unnecessary code" suggestions (what editors grey out), for TS and JS alike:
 * 6133/6192/6196/6198/6199 (declared but never read) and 7027 (unreachable code). They come from the
 * checker, so a name used only in a type, in JSX or through a re-export counts as used.
 */
import type { SourceFile } from 'ts-morph';

export const UNUSED_CODES = new Set([6133, 6192, 6196, 6198, 6199]);
export const UNREACHABLE_CODE = 7027;

export interface Span {
  code: number;
  start: number;
  end: number;
}

export function suggestionSpans(file: SourceFile): Span[] {
  const service = file.getProject().getLanguageService().compilerObject;
  return service
    .getSuggestionDiagnostics(file.getFilePath())
    .filter((d) => d.start !== undefined && d.length !== undefined)
    .map((d) => ({ code: d.code, start: d.start!, end: d.start! + d.length! }));
}

export const within = (spans: Span[], start: number, end: number): boolean => spans.some((s) => start >= s.start && end <= s.end);
