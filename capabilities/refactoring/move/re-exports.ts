/**
 * The language service's move rewrites imports of the moved symbol but not re-exports of it.
 * `export { foo } from './source.js'` becomes `export { foo } from './target.js'` (aliases and
 * `type` kept), and a module that does `export * from './source.js'` gets an explicit
 * `export { foo } from './target.js'` so what it exports does not change. In the target itself,
 * which now declares `foo`, a re-export of it from the source is dropped (`export { foo as bar }`
 * becomes a local `export { foo as bar }`) and an `export *` of the source needs nothing.
 */
import { ts, type Project } from 'ts-morph';
import { applyTextChanges, type FileEdits } from '../ts-project/file-edits.js';
import { resolveSpecifier, specifierFor } from '../ts-project/module-specifiers.js';

/** `typeDeclaration`: the moved name is only a type, so a re-export written for it is `export type` (isolatedModules needs it). */
export function fixReExports(
  project: Project,
  sourcePath: string,
  targetPath: string,
  name: string,
  edits: FileEdits,
  typeDeclaration = false,
): number {
  const program = project.getProgram().compilerObject;
  let fixed = 0;
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || file.fileName === sourcePath) continue;
    const changes: ts.TextChange[] = [];
    for (const statement of file.statements) {
      if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      if (resolveSpecifier(program, file, statement.moduleSpecifier.text) !== sourcePath) continue;
      const change =
        file.fileName === targetPath
          ? targetReExportChange(file, statement, name)
          : reExportChange(file, statement, targetPath, name, typeDeclaration);
      if (change) changes.push(change);
    }
    if (changes.length === 0) continue;
    edits.set(file.fileName, applyTextChanges(file.text, changes));
    fixed += changes.length;
  }
  return fixed;
}

function reExportChange(
  file: ts.SourceFile,
  statement: ts.ExportDeclaration,
  targetPath: string,
  name: string,
  typeDeclaration: boolean,
): ts.TextChange | undefined {
  const specifier = statement.moduleSpecifier as ts.StringLiteral;
  const quote = file.text[specifier.getStart(file)];
  const to = `${quote}${specifierFor(file.fileName, targetPath, specifier.text)}${quote}`;
  const semicolon = file.text.slice(statement.getStart(file), statement.end).trimEnd().endsWith(';') ? ';' : '';
  const clause = statement.exportClause;
  if (!clause) {
    const alsoStarTarget = file.statements.some(
      (s) =>
        ts.isExportDeclaration(s) &&
        !s.exportClause &&
        s.moduleSpecifier &&
        ts.isStringLiteral(s.moduleSpecifier) &&
        s.moduleSpecifier.text === to.slice(1, -1),
    );
    return alsoStarTarget
      ? undefined
      : {
          span: { start: statement.end, length: 0 },
          newText: `\nexport ${typeDeclaration ? 'type ' : ''}{ ${name} } from ${to}${semicolon}`,
        };
  }
  if (!ts.isNamedExports(clause)) return undefined;
  const moving = clause.elements.filter((element) => (element.propertyName ?? element.name).getText(file) === name);
  if (moving.length === 0) return undefined;
  const staying = clause.elements.filter((element) => !moving.includes(element));
  const typeOnly = statement.isTypeOnly ? 'type ' : '';
  const moved = `export ${typeOnly}{ ${moving.map((e) => e.getText(file)).join(', ')} } from ${to}${semicolon}`;
  if (staying.length === 0)
    return { span: { start: statement.getStart(file), length: statement.end - statement.getStart(file) }, newText: moved };
  const kept = `export ${typeOnly}{ ${staying.map((e) => e.getText(file)).join(', ')} } from ${specifier.getText(file)}${semicolon}`;
  return { span: { start: statement.getStart(file), length: statement.end - statement.getStart(file) }, newText: `${kept}\n${moved}` };
}

function targetReExportChange(file: ts.SourceFile, statement: ts.ExportDeclaration, name: string): ts.TextChange | undefined {
  const clause = statement.exportClause;
  if (!clause || !ts.isNamedExports(clause)) return undefined;
  const moving = clause.elements.filter((element) => (element.propertyName ?? element.name).getText(file) === name);
  if (moving.length === 0) return undefined;
  const staying = clause.elements.filter((element) => !moving.includes(element));
  const semicolon = file.text.slice(statement.getStart(file), statement.end).trimEnd().endsWith(';') ? ';' : '';
  const typeOnly = statement.isTypeOnly ? 'type ' : '';
  const aliased = moving.filter((element) => element.propertyName !== undefined && element.name.text !== name);
  const lines: string[] = [];
  if (staying.length > 0)
    lines.push(
      `export ${typeOnly}{ ${staying.map((e) => e.getText(file)).join(', ')} } from ${statement.moduleSpecifier!.getText(file)}${semicolon}`,
    );
  if (aliased.length > 0) lines.push(`export ${typeOnly}{ ${aliased.map((e) => e.getText(file)).join(', ')} }${semicolon}`);
  let end = statement.end;
  if (lines.length === 0 && file.text[end] === '\n') end += 1;
  const start = statement.getStart(file);
  return { span: { start, length: end - start }, newText: lines.join('\n') };
}
