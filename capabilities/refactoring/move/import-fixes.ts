/**
 * Moving into an existing module that the moved code's imports point at, the language service adds
 * an import of the target into the target itself (`Import declaration conflicts with local
 * declaration`); such self-imports are dropped, since the names are declared right there.
 */
import { posix } from 'node:path';
import { ts } from 'ts-morph';
import type { FileEdits } from '../ts-project/file-edits.js';
import { scriptKind } from './keep-original-text.js';

const stem = (path: string): string => path.replace(/\.(d\.)?[cm]?[jt]sx?$/, '');

function pointsAt(fromPath: string, specifier: string, targetPath: string): boolean {
  return specifier.startsWith('.') && stem(posix.normalize(posix.join(posix.dirname(fromPath), specifier))) === stem(targetPath);
}

export function dropSelfImports(edits: FileEdits, targetPath: string): void {
  const text = edits.get(targetPath);
  if (!text) return;
  const file = ts.createSourceFile(targetPath, text, ts.ScriptTarget.Latest, true, scriptKind(targetPath));
  let result = text;
  for (const statement of [...file.statements].reverse()) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!pointsAt(targetPath, statement.moduleSpecifier.text, targetPath)) continue;
    const start = statement.getStart(file);
    let end = statement.end;
    // Take the line break with it, and the blank lines too when it opened the file.
    while (result[end] === '\n' && (end === statement.end || start === 0)) end += 1;
    result = result.slice(0, start) + result.slice(end);
  }
  edits.set(targetPath, result);
}
