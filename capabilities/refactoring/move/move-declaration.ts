/**
 * Moving a top-level declaration: the language service's "Move to file" refactoring carries the
 * imports the declaration needs, exports it from the target, exports what it uses from the source,
 * rewrites importers and imports it back into the source when the source still uses it; agentd then
 * keeps the moved text byte for byte, rewrites re-exports, type-checks the result and looks for
 * import cycles the move introduced (reported as a warning, not refused).
 */
import { posix } from 'node:path';
import { ts, type Project } from 'ts-morph';
import type { CapabilityContext, StepResult } from '../../../core/index.js';
import { loadTsProject, toProjectPath, toWorkspacePath, type LoadedProject } from '../ts-project/load-project.js';
import { refuse } from '../ts-project/refusal.js';
import { requireSourceFile, where } from '../ts-project/positions.js';
import { applyToProject, editsFromFileChanges, stageEdits } from '../ts-project/file-edits.js';
import { countErrors, describeErrors, findNewErrors } from '../ts-project/error-guard.js';
import { formatSettings, userPreferences } from '../ts-project/code-style.js';
import { resolveSpecifier } from '../ts-project/module-specifiers.js';
import type { MoveInput } from './input.js';
import { declaredNames, topLevelStatements } from './find-declaration.js';
import { dropSourceHeader, keepOriginalText } from './keep-original-text.js';
import { fixReExports } from './re-exports.js';
import { dropSelfImports } from './import-fixes.js';
import { importCycles, newCycles, runtimeImportGraph } from './module-graph.js';

export async function moveDeclaration(ctx: CapabilityContext, input: MoveInput): Promise<StepResult> {
  const loaded = await loadTsProject(ctx);
  const { project } = loaded;
  const source = requireSourceFile(project, input.file);
  const sourceRel = toWorkspacePath(source.getFilePath());
  const statements = topLevelStatements(source, input.symbol, sourceRel);
  const targetRel = targetPath(input.to, sourceRel);
  const target = toProjectPath(targetRel);
  await assertTargetFree(ctx, loaded, targetRel, input.symbol);
  const cyclesBefore = importCycles(runtimeImportGraph(project));
  const before = countErrors(project, [source.getFilePath(), target, ...dependentsOf(project, source.getFilePath())]);
  const serviceEdits = languageServiceMove(ctx, project, source.getFilePath(), statements, target, input.symbol);
  const edits = editsFromFileChanges(project, dropSourceHeader(serviceEdits, source.compilerNode, statements, target));
  const moved = edits.get(target);
  if (moved) edits.set(target, keepOriginalText(moved, target, source.compilerNode, statements, input.symbol));
  dropSelfImports(edits, target);
  applyToProject(loaded, edits);
  const reExports = fixReExports(project, source.getFilePath(), target, input.symbol, edits);
  if (reExports > 0) applyToProject(loaded, edits);
  const introduced = findNewErrors(project, [...edits.keys()].filter((path) => edits.get(path) !== null), before);
  if (introduced.length > 0) {
    throw refuse(`Moving "${input.symbol}" to "${targetRel}" would introduce type errors (${describeErrors(introduced)}); move what it depends on first or pick another target.`);
  }
  const cycles = newCycles(cyclesBefore, importCycles(runtimeImportGraph(project))).map((cycle) => cycle.map(toWorkspacePath));
  for (const cycle of cycles) ctx.log('warn', `Moving "${input.symbol}" introduces an import cycle: ${cycle.join(' -> ')}.`);
  const touched = await stageEdits(ctx, loaded, edits);
  const created = !loaded.originals.has(targetRel);
  const importers = touched.filter((path) => path !== sourceRel && path !== targetRel);
  const warning = cycles.length > 0 ? ` Warning: the move introduces an import cycle (${cycles.map((c) => c.join(' <-> ')).join('; ')}).` : '';
  return {
    summary: `Moved "${input.symbol}" from "${sourceRel}" to "${targetRel}"${created ? ' (created)' : ''}; updated ${importers.length} other files.${warning}`,
    data: { symbol: input.symbol, from: sourceRel, to: targetRel, created, files: touched, importers, reExports, newCycles: cycles },
  };
}

function targetPath(to: string, sourceRel: string): string {
  let rel = posix.normalize(to.replace(/^\.\//, ''));
  if (rel.startsWith('..') || posix.isAbsolute(rel)) throw refuse(`Target "${to}" leaves the workspace; pass a module path relative to the workspace root.`);
  if (posix.extname(rel) === '') rel += posix.extname(sourceRel);
  const kind = (path: string): string => (/\.[cm]?tsx?$/.test(path) ? 'ts' : 'js');
  if (kind(rel) !== kind(sourceRel) || /\.d\.[cm]?ts$/.test(rel)) throw refuse(`Target "${to}" is not the same kind of module as "${sourceRel}"; pass a "${posix.extname(sourceRel)}" path.`);
  if (rel === sourceRel) throw refuse(`"${sourceRel}" is already where "${to}" points; pass another target module.`);
  return rel;
}

async function assertTargetFree(ctx: CapabilityContext, loaded: LoadedProject, targetRel: string, name: string): Promise<void> {
  const file = loaded.project.getSourceFile(toProjectPath(targetRel));
  if (!file) {
    if (await ctx.workspace.exists(targetRel)) throw refuse(`Target "${targetRel}" exists but is not part of the TypeScript project (excluded by the tsconfig or unreadable); pick a module the project compiles.`);
    return;
  }
  for (const statement of file.compilerNode.statements) {
    const imported = ts.isImportDeclaration(statement) && importedNames(statement).includes(name);
    if (declaredNames(statement).includes(name) || imported) {
      const how = imported ? 'imports' : 'declares';
      throw refuse(`Target "${targetRel}" already ${how} "${name}" at ${where(file, statement.getStart())}; rename one of them first or pick another target.`);
    }
  }
}

function importedNames(statement: ts.ImportDeclaration): string[] {
  const clause = statement.importClause;
  if (!clause) return [];
  const names = clause.name ? [clause.name.text] : [];
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
  if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.map((e) => e.name.text));
  return names;
}

/** Files whose imports or re-exports reach `path` (their errors are compared before and after). */
function dependentsOf(project: Project, path: string): string[] {
  const program = project.getProgram().compilerObject;
  return program.getSourceFiles().filter((file) => !file.isDeclarationFile && file.statements.some((statement) =>
    (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) &&
    resolveSpecifier(program, file, statement.moduleSpecifier.text) === path)).map((file) => file.fileName);
}

function languageServiceMove(ctx: CapabilityContext, project: Project, sourcePath: string, statements: ts.Statement[], target: string, name: string): readonly ts.FileTextChanges[] {
  const service = project.getLanguageService().compilerObject;
  const range = { pos: statements[0]!.getStart(), end: statements.at(-1)!.end };
  const preferences = userPreferences(ctx.project.codeStyle);
  const applicable = service.getApplicableRefactors(sourcePath, range, preferences, undefined, undefined, true).flatMap((r) => r.actions).find((a) => a.name === 'Move to file');
  if (!applicable || applicable.notApplicableReason) {
    throw refuse(`"${name}" cannot be moved: ${applicable?.notApplicableReason ?? 'TypeScript offers no move for this declaration'}; move a top-level function, class, interface, type, enum or variable.`);
  }
  try {
    const result = service.getEditsForRefactor(sourcePath, formatSettings(ctx.project.codeStyle), range, 'Move to file', 'Move to file', preferences, { targetFile: target });
    if (!result || result.edits.length === 0) throw new Error('it produced no edits');
    return result.edits;
  } catch (error) {
    throw refuse(`Moving "${name}" failed in the TypeScript move refactoring (${(error as Error).message}); move it by hand or report the case.`);
  }
}
