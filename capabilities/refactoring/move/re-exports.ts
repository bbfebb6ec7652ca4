/**
 * The language service's move rewrites imports of the moved symbol but not re-exports of it.
 * `export { foo } from './source.js'` becomes `export { foo } from './target.js'` (aliases and
 * `type` kept), and a module that does `export * from './source.js'` gets an explicit
 * `export { foo } from './target.js'` so what it exports does not change.
 */
import { ts, type Project } from 'ts-morph';
import { applyTextChanges, type FileEdits } from '../ts-project/file-edits.js';
import { resolveSpecifier, specifierFor } from '../ts-project/module-specifiers.js';

export function fixReExports(project: Project, sourcePath: string, targetPath: string, name: string, edits: FileEdits): number {
  const program = project.getProgram().compilerObject;
  let fixed = 0;
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || file.fileName === sourcePath) continue;
    const changes: ts.TextChange[] = [];
    for (const statement of file.statements) {
      if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      if (resolveSpecifier(program, file, statement.moduleSpecifier.text) !== sourcePath) continue;
      const change = reExportChange(file, statement, targetPath, name);
      if (change) changes.push(change);
    }
    if (changes.length === 0) continue;
    edits.set(file.fileName, applyTextChanges(file.text, changes));
    fixed += changes.length;
  }
  return fixed;
}

function reExportChange(file: ts.SourceFile, statement: ts.ExportDeclaration, targetPath: string, name: string): ts.TextChange | undefined {
  const specifier = statement.moduleSpecifier as ts.StringLiteral;
  const quote = file.text[specifier.getStart(file)];
  const to = `${quote}${specifierFor(file.fileName, targetPath, specifier.text)}${quote}`;
  const semicolon = file.text.slice(statement.getStart(file), statement.end).trimEnd().endsWith(';') ? ';' : '';
  const clause = statement.exportClause;
  if (!clause) {
    const alsoStarTarget = file.statements.some((s) => ts.isExportDeclaration(s) && !s.exportClause && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) && s.moduleSpecifier.text === to.slice(1, -1));
    return alsoStarTarget ? undefined : { span: { start: statement.end, length: 0 }, newText: `\nexport { ${name} } from ${to}${semicolon}` };
  }
  if (!ts.isNamedExports(clause)) return undefined;
  const moving = clause.elements.filter((element) => (element.propertyName ?? element.name).getText(file) === name);
  if (moving.length === 0) return undefined;
  const staying = clause.elements.filter((element) => !moving.includes(element));
  const typeOnly = statement.isTypeOnly ? 'type ' : '';
  const moved = `export ${typeOnly}{ ${moving.map((e) => e.getText(file)).join(', ')} } from ${to}${semicolon}`;
  if (staying.length === 0) return { span: { start: statement.getStart(file), length: statement.end - statement.getStart(file) }, newText: moved };
  const kept = `export ${typeOnly}{ ${staying.map((e) => e.getText(file)).join(', ')} } from ${specifier.getText(file)}${semicolon}`;
  return { span: { start: statement.getStart(file), length: statement.end - statement.getStart(file) }, newText: `${kept}\n${moved}` };
}
