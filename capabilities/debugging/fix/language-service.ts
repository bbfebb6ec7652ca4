/**
 * TypeScript's language service over one tsconfig project and the confined file system (with the
 * overlay of fixes made so far), for its code fixes. Formatting follows the file's own quotes and
 * semicolons as far as the service infers them (`quotePreference: 'auto'`).
 */
import path from 'node:path';
import ts from 'typescript';
import type { ConfinedFiles } from '../typecheck/confined-host.js';

export function languageService(files: ConfinedFiles, rootNames: readonly string[], options: ts.CompilerOptions): ts.LanguageService {
  const versions = new Map<string, { text: string; version: number }>();
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [
      ...rootNames,
      ...[...files.overlay.keys()].filter((f) => files.overlay.get(f) !== null && /\.[cm]?tsx?$/.test(f) && !rootNames.includes(f)),
    ],
    getScriptVersion: (file) => {
      const text = files.readFile(file) ?? '';
      const known = versions.get(file);
      if (known && known.text === text) return String(known.version);
      const next = { text, version: (known?.version ?? 0) + 1 };
      versions.set(file, next);
      return String(next.version);
    },
    getScriptSnapshot: (file) => {
      const text = files.readFile(file);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCompilationSettings: () => options,
    getCurrentDirectory: () => files.root,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: files.fileExists,
    readFile: files.readFile,
    readDirectory: files.readDirectory,
    directoryExists: files.directoryExists,
    getDirectories: files.getDirectories,
    realpath: files.realpath,
    useCaseSensitiveFileNames: () => ts.sys.useCaseSensitiveFileNames,
  };
  return ts.createLanguageService(host, ts.createDocumentRegistry());
}

export const FORMAT: ts.FormatCodeSettings = {
  ...ts.getDefaultFormatCodeSettings('\n'),
  indentSize: 2,
  tabSize: 2,
  convertTabsToSpaces: true,
};
export const PREFERENCES: ts.UserPreferences = {
  quotePreference: 'auto',
  importModuleSpecifierEnding: 'auto',
  importModuleSpecifierPreference: 'relative',
  includeCompletionsForModuleExports: true,
};

/** Applies a code fix's text changes to the texts of the files (overlay first, then disk), returning the new texts by absolute path. */
export function applyFileTextChanges(files: ConfinedFiles, changes: readonly ts.FileTextChanges[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const change of changes) {
    const file = path.resolve(files.root, change.fileName);
    let text = out.get(file) ?? files.readFile(file) ?? '';
    for (const edit of [...change.textChanges].sort((a, b) => b.span.start - a.span.start)) {
      text = text.slice(0, edit.span.start) + edit.newText + text.slice(edit.span.start + edit.span.length);
    }
    out.set(file, text);
  }
  return out;
}
