/**
 * Strings the rename cannot follow: `obj['name']` on an untyped object, `'name' in obj`,
 * `Reflect.get(obj, 'name')`... They may refer to the renamed symbol, so each one the rename did not
 * touch is reported as a warning finding instead of being silently left (or blindly rewritten).
 * For a property or method every such string counts; for other symbols only element accesses do.
 */
import { ts, type Project } from 'ts-morph';
import type { Finding } from '../../../core/index.js';
import { toWorkspacePath, type LoadedProject } from '../ts-project/load-project.js';
import { isProjectFile } from '../ts-project/declarations.js';
import type { RenameSite } from './rename-locations.js';

export function dynamicReferences(loaded: LoadedProject, sites: RenameSite[], oldName: string, member: boolean): Finding[] {
  const renamed = new Set(sites.map((site) => `${site.fileName}:${site.start}`));
  const findings: Finding[] = [];
  for (const file of projectSourceFiles(loaded.project, loaded)) {
    if (!file.text.includes(oldName)) continue;
    const visit = (node: ts.Node): void => {
      if (
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
        node.text === oldName &&
        !renamed.has(`${file.fileName}:${node.getStart(file) + 1}`)
      ) {
        if (member ? !isModuleSpecifier(node) : isElementAccessArgument(node)) findings.push(finding(file, node, oldName));
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return findings;
}

function projectSourceFiles(project: Project, loaded: LoadedProject): ts.SourceFile[] {
  return project
    .getProgram()
    .compilerObject.getSourceFiles()
    .filter((file) => isProjectFile(project, loaded.originals, file.fileName));
}

const isElementAccessArgument = (node: ts.Node): boolean =>
  ts.isElementAccessExpression(node.parent) && node.parent.argumentExpression === node;

function isModuleSpecifier(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    ts.isImportDeclaration(parent) ||
    ts.isExportDeclaration(parent) ||
    ts.isExternalModuleReference(parent) ||
    (ts.isLiteralTypeNode(parent) && ts.isImportTypeNode(parent.parent)) ||
    (ts.isCallExpression(parent) &&
      (parent.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(parent.expression) && parent.expression.text === 'require')))
  );
}

function finding(file: ts.SourceFile, node: ts.Node, oldName: string): Finding {
  const start = file.getLineAndCharacterOfPosition(node.getStart(file));
  const end = file.getLineAndCharacterOfPosition(node.getEnd());
  return {
    ruleId: 'refactoring/rename-dynamic-reference',
    severity: 'low',
    message: `The string "${oldName}" may refer to the renamed symbol through dynamic access and was not renamed; check it by hand.`,
    file: toWorkspacePath(file.fileName),
    range: { startLine: start.line + 1, startColumn: start.character + 1, endLine: end.line + 1, endColumn: end.character },
  };
}
