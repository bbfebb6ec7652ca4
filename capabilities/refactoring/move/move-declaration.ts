/**
 * Moving a top-level declaration: the language service's "Move to file" refactoring carries the
 * imports the declaration needs, exports it from the target, exports what it uses from the source,
 * rewrites importers and imports it back into the source when the source still uses it. agentd
 * first checks the target (a clashing declaration or import is refused; its import of the name from
 * the source is dropped) and the source's namespace importers, then keeps the moved text byte for
 * byte and settles the rest (settleEdits), type-checks every module that imports the source or the
 * target, and looks for import cycles the move introduced (a warning, not a refusal).
 */
import { posix } from 'node:path';
import { ts, type Project } from 'ts-morph';
import type { CapabilityContext, StepResult } from '../../../core/index.js';
import { loadTsProject, toProjectPath, toWorkspacePath, type LoadedProject } from '../ts-project/load-project.js';
import { refuse } from '../ts-project/refusal.js';
import { requireSourceFile, where } from '../ts-project/positions.js';
import { applyToProject, editsFromFileChanges, type FileEdits } from '../ts-project/file-edits.js';
import { guardTsconfigProjects } from '../ts-project/project-guard.js';
import { fileStyle } from '../ts-project/file-style.js';
import { settleEmptiedSource, type EmptiedSource } from './emptied-source.js';
import { stageReviewed } from '../review/stage-reviewed.js';
import { countErrors, describeErrors, findNewErrors } from '../ts-project/error-guard.js';
import { formatSettings, userPreferences } from '../ts-project/code-style.js';
import { resolveSpecifier } from '../ts-project/module-specifiers.js';
import type { MoveInput } from './input.js';
import { declaredNames, topLevelStatements } from './find-declaration.js';
import { dropSourceHeader, keepOriginalText } from './keep-original-text.js';
import { fixReExports } from './re-exports.js';
import { carryDependencyImports, dropSelfImports } from './import-fixes.js';
import { carrySourceImports, rewriteMissedImporters } from './missed-references.js';
import { orderGainedImports, projectOrdersRelativeImports } from './import-order.js';
import { importCycles, newCycles, runtimeImportGraph } from './module-graph.js';
import { assertNoDeclarationClash, detachTargetImport } from './target-imports.js';
import { assertNamespacesFollow, namedInsteadOfNamespace, rewriteNamespaceMembers } from './namespace-imports.js';
import { markTypeOnlyImports, prefersSeparateTypeImports, prefersTypeOnlyImports } from './type-only-imports.js';
import { matchLineEnds, tidyLayout } from './tidy-layout.js';
import { followSpecifierStyle } from './specifier-style.js';
import { followTsEndings, projectSortsImportMembers, projectUsesTsEndings, sortGainedImportMembers } from './import-conventions.js';

export async function moveDeclaration(ctx: CapabilityContext, input: MoveInput): Promise<StepResult> {
  const loaded = await loadTsProject(ctx);
  const { project } = loaded;
  const source = requireSourceFile(project, input.file);
  const sourceRel = toWorkspacePath(source.getFilePath());
  const statements = topLevelStatements(source, input.symbol, sourceRel);
  const targetRel = targetPath(input.to, sourceRel);
  const target = toProjectPath(targetRel);
  await assertTargetFree(ctx, loaded, targetRel, input.symbol);
  const program = project.getProgram().compilerObject;
  assertNamespacesFollow(program, source.getFilePath(), input.symbol);
  const cyclesBefore = importCycles(runtimeImportGraph(project));
  // Every module that imports the source or the target can be broken by the move, edited or not.
  const checked = [source.getFilePath(), target, ...dependentsOf(project, source.getFilePath()), ...dependentsOf(project, target)];
  const before = countErrors(project, checked);
  const edits: FileEdits = new Map();
  const targetFile = project.getSourceFile(target);
  if (targetFile) assertNoDeclarationClash(source, targetFile, statements, { source: sourceRel, target: targetRel });
  const detached =
    targetFile && detachTargetImport(program, targetFile, source.getFilePath(), input.symbol, { source: sourceRel, target: targetRel });
  if (detached !== undefined) {
    // The target is about to declare the name: its import of it from the source goes first.
    edits.set(target, detached);
    applyToProject(loaded, edits);
  }
  const serviceEdits = languageServiceMove(ctx, project, source.getFilePath(), statements, target, input.symbol);
  editsFromFileChanges(project, dropSourceHeader(serviceEdits, source.compilerNode, statements, target), edits);
  const moved = edits.get(target);
  if (moved) edits.set(target, keepOriginalText(moved, target, source.compilerNode, statements, input.symbol));
  const reExports = settleEdits(loaded, edits, {
    sourcePath: source.getFilePath(),
    sourceRel,
    target,
    statements,
    symbol: input.symbol,
    source: source.compilerNode,
  });
  applyToProject(loaded, edits);
  const emptied = settleEmptiedSource(loaded, edits, {
    sourcePath: source.getFilePath(),
    target,
    statements,
    symbol: input.symbol,
    dependents: (path) => dependentsOf(project, path),
  });
  applyToProject(loaded, edits);
  const introduced = findNewErrors(
    project,
    [...checked, ...edits.keys()].filter((path) => edits.get(path) !== null),
    before,
  );
  if (introduced.length > 0) {
    throw refuse(
      `Moving "${input.symbol}" to "${targetRel}" would introduce type errors (${describeErrors(introduced)}); move what it depends on first or pick another target.`,
    );
  }
  const unchecked = guardTsconfigProjects(
    loaded,
    edits,
    checked,
    `Moving "${input.symbol}" to "${targetRel}"`,
    'move what it depends on first or pick another target.',
  );
  const cycles = newCycles(cyclesBefore, importCycles(runtimeImportGraph(project))).map((cycle) => cycle.map(toWorkspacePath));
  for (const cycle of cycles) ctx.log('warn', `Moving "${input.symbol}" introduces an import cycle: ${cycle.join(' -> ')}.`);
  const { touched, findings, note: review } = await stageReviewed(ctx, loaded, edits);
  const created = !loaded.originals.has(targetRel);
  const importers = touched.filter((path) => path !== sourceRel && path !== targetRel);
  const warning =
    cycles.length > 0 ? ` Warning: the move introduces an import cycle (${cycles.map((c) => c.join(' <-> ')).join('; ')}).` : '';
  const emptiedNote = describeEmptied(emptied, sourceRel, targetRel, input.symbol);
  const detachedNote = detached !== undefined ? ` "${targetRel}" no longer imports it from "${sourceRel}".` : '';
  return {
    summary: `Moved "${input.symbol}" from "${sourceRel}" to "${targetRel}"${created ? ' (created)' : ''}; updated ${importers.length} other files.${emptiedNote}${detachedNote}${warning}${unchecked}${review}`,
    findings,
    data: {
      symbol: input.symbol,
      from: sourceRel,
      to: targetRel,
      created,
      files: touched,
      importers,
      reExports,
      newCycles: cycles,
      targetImportDropped: detached !== undefined,
      emptiedSource: emptied,
    },
  };
}

function describeEmptied(emptied: EmptiedSource, sourceRel: string, targetRel: string, symbol: string): string {
  switch (emptied.outcome) {
    case 'deleted':
      return ` "${sourceRel}" had nothing left and was deleted.`;
    case 're-exported':
      return ` "${sourceRel}" had nothing left but is a public entry point of the package (${emptied.entryPoint}), so it keeps "${symbol}" as a re-export from "${targetRel}".`;
    case 'still-imported':
      return ` "${sourceRel}" has nothing left but is still imported by ${emptied.by.join(', ')}, so it was kept.`;
    default:
      return '';
  }
}

interface MoveSites {
  source: ts.SourceFile;
  sourcePath: string;
  sourceRel: string;
  target: string;
  statements: ts.Statement[];
  symbol: string;
}

/**
 * What the service's edits still need: no self-import, the dependency imports it could not carry,
 * namespace uses and re-exports of the moved name, `type` on type-only imports the way the project
 * writes them, line ends and blank lines as the files had them. Returns how many re-exports changed.
 */
function settleEdits(loaded: LoadedProject, edits: FileEdits, sites: MoveSites): number {
  const { project } = loaded;
  const { source, sourcePath, sourceRel, target, statements, symbol } = sites;
  dropSelfImports(edits, target);
  carryDependencyImports(edits, target, source, statements);
  carrySourceImports(edits, target, source, statements);
  rewriteMissedImporters(project.getProgram().compilerObject, edits, sourcePath, target, symbol);
  const original = (path: string): string | undefined => loaded.originals.get(toWorkspacePath(path));
  namedInsteadOfNamespace(edits, original, target, symbol);
  applyToProject(loaded, edits);
  rewriteNamespaceMembers(project.getProgram().compilerObject, edits, sourcePath, target, symbol);
  applyToProject(loaded, edits);
  const typeDeclaration = statements.every((statement) => ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement));
  const reExports = fixReExports(project, sourcePath, target, symbol, edits, typeDeclaration);
  if (reExports > 0) applyToProject(loaded, edits);
  if (prefersTypeOnlyImports(project) && markTypeOnlyImports(project, edits, original, prefersSeparateTypeImports(project)) > 0)
    applyToProject(loaded, edits);
  if (followSpecifierStyle(edits, original, sourcePath, project.getCompilerOptions()) > 0) applyToProject(loaded, edits);
  // The project's own files (its tsconfig's), not every file of the workspace (examples, docs).
  const projectTexts = project.getSourceFiles().map((f): [string, string] => [f.getFilePath(), original(f.getFilePath()) ?? '']);
  const exists = (path: string): boolean => project.getSourceFile(path) !== undefined;
  let settled = followTsEndings(edits, original, sourcePath, exists, projectUsesTsEndings(projectTexts));
  if (projectSortsImportMembers(projectTexts)) settled += sortGainedImportMembers(edits, original);
  if (projectOrdersRelativeImports(projectTexts)) settled += orderGainedImports(edits, original);
  if (settled > 0) applyToProject(loaded, edits);
  for (const [path, text] of edits) {
    if (text === null) continue;
    const like = original(path) ?? loaded.originals.get(sourceRel) ?? '';
    edits.set(path, tidyLayout(original(path) ?? '', matchLineEnds(text, like), path));
  }
  return reExports;
}

function targetPath(to: string, sourceRel: string): string {
  let rel = posix.normalize(to.replace(/^\.\//, ''));
  if (rel.startsWith('..') || posix.isAbsolute(rel))
    throw refuse(`Target "${to}" leaves the workspace; pass a module path relative to the workspace root.`);
  if (posix.extname(rel) === '') rel += posix.extname(sourceRel);
  const kind = (path: string): string => (/\.[cm]?tsx?$/.test(path) ? 'ts' : 'js');
  if (kind(rel) !== kind(sourceRel) || /\.d\.[cm]?ts$/.test(rel))
    throw refuse(`Target "${to}" is not the same kind of module as "${sourceRel}"; pass a "${posix.extname(sourceRel)}" path.`);
  if (rel === sourceRel) throw refuse(`"${sourceRel}" is already where "${to}" points; pass another target module.`);
  return rel;
}

async function assertTargetFree(ctx: CapabilityContext, loaded: LoadedProject, targetRel: string, name: string): Promise<void> {
  const file = loaded.project.getSourceFile(toProjectPath(targetRel));
  if (!file) {
    if (await ctx.workspace.exists(targetRel))
      throw refuse(
        `Target "${targetRel}" exists but is not part of the TypeScript project (excluded by the tsconfig or unreadable); pick a module the project compiles.`,
      );
    return;
  }
  // Imports of the name are looked at by detachTargetImport (one from the source is dropped, others refused).
  for (const statement of file.compilerNode.statements) {
    if (declaredNames(statement).includes(name)) {
      throw refuse(
        `Target "${targetRel}" already declares "${name}" at ${where(file, statement.getStart())}; rename one of them first or pick another target.`,
      );
    }
  }
}

/** Files whose imports or re-exports reach `path` (their errors are compared before and after). */
function dependentsOf(project: Project, path: string): string[] {
  const program = project.getProgram().compilerObject;
  return program
    .getSourceFiles()
    .filter(
      (file) =>
        !file.isDeclarationFile &&
        file.statements.some(
          (statement) =>
            (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
            statement.moduleSpecifier &&
            ts.isStringLiteral(statement.moduleSpecifier) &&
            resolveSpecifier(program, file, statement.moduleSpecifier.text) === path,
        ),
    )
    .map((file) => file.fileName);
}

function languageServiceMove(
  ctx: CapabilityContext,
  project: Project,
  sourcePath: string,
  statements: ts.Statement[],
  target: string,
  name: string,
): readonly ts.FileTextChanges[] {
  const service = project.getLanguageService().compilerObject;
  const range = { pos: statements[0]!.getStart(), end: statements.at(-1)!.end };
  // The generated text (imports, the moved declaration's surroundings) lands mostly in the target: its style leads.
  const style = fileStyle((project.getSourceFile(target) ?? project.getSourceFileOrThrow(sourcePath)).getFullText(), ctx.project.codeStyle);
  const preferences = userPreferences(style);
  const applicable = service
    .getApplicableRefactors(sourcePath, range, preferences, undefined, undefined, true)
    .flatMap((r) => r.actions)
    .find((a) => a.name === 'Move to file');
  if (!applicable || applicable.notApplicableReason) {
    throw refuse(
      `"${name}" cannot be moved: ${applicable?.notApplicableReason ?? 'TypeScript offers no move for this declaration'}; move a top-level function, class, interface, type, enum or variable.`,
    );
  }
  try {
    const result = service.getEditsForRefactor(sourcePath, formatSettings(style), range, 'Move to file', 'Move to file', preferences, {
      targetFile: target,
    });
    if (!result || result.edits.length === 0) throw new Error('it produced no edits');
    return result.edits;
  } catch (error) {
    throw refuse(
      `Moving "${name}" failed in the TypeScript move refactoring (${(error as Error).message}); move it by hand or report the case.`,
    );
  }
}
