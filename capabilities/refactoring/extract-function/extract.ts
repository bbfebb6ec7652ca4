/** Extracting a range of statements: select, check, let the language service extract, name it, type-check, stage. */
import { ts } from 'ts-morph';
import type { CapabilityContext, StepResult } from '../../../core/index.js';
import { loadTsProject, toWorkspacePath } from '../ts-project/load-project.js';
import { refuse } from '../ts-project/refusal.js';
import { requireSourceFile } from '../ts-project/positions.js';
import { invalidIdentifierReason } from '../ts-project/identifiers.js';
import { applyTextChanges, applyToProject, type FileEdits } from '../ts-project/file-edits.js';
import { guardTsconfigProjects } from '../ts-project/project-guard.js';
import { fileStyle } from '../ts-project/file-style.js';
import { stageReviewed } from '../review/stage-reviewed.js';
import { countErrors, describeErrors, findNewErrors } from '../ts-project/error-guard.js';
import type { ExtractInput } from './input.js';
import { selectStatements, type Selection } from './select-statements.js';
import { checkRange, enclosingClassMember } from './range-checks.js';
import { languageServiceExtract } from './language-service-extract.js';
import { fixAnyParameters } from './parameter-types.js';
import { withoutVarAtCallSite } from './call-site-declaration.js';
import { constForUnassignedLets } from './extracted-lets.js';
import { DependencyTypesHost } from './dependency-types-host.js';

export async function extractFunction(ctx: CapabilityContext, input: ExtractInput): Promise<StepResult> {
  const invalid = invalidIdentifierReason(input.name);
  if (invalid) throw refuse(`"${input.name}" cannot name the extracted function: ${invalid}; pick a valid identifier.`);
  // Dependencies' types as the project's own tsconfig sees them (read-only, lazily), so types from them stay real.
  const loaded = await loadTsProject(ctx, new DependencyTypesHost(ctx.workspace.root));
  const file = requireSourceFile(loaded.project, input.file);
  const selection = selectStatements(file, input);
  const facts = checkRange(file, selection);
  const owner = enclosingClassMember(selection);
  if (facts.usesThis && !owner)
    throw refuse(
      `Lines ${input.startLine}-${input.endLine} of "${input.file}" use "this" outside a class method, where a module-level function cannot keep its meaning; select statements without "this".`,
    );
  const asMethod = facts.usesThis;
  assertNameFree(loaded.project.getTypeChecker().compilerObject, file.compilerNode, selection, asMethod ? owner : undefined, input.name);
  const { changes, kind } = languageServiceExtract(
    loaded.project,
    file,
    selection,
    asMethod,
    input.name,
    fileStyle(file.getFullText(), ctx.project.codeStyle),
  );
  const checker = loaded.project.getTypeChecker().compilerObject;
  const extracted = applyTextChanges(file.getFullText(), changes);
  const typed = constForUnassignedLets(
    withoutVarAtCallSite(
      fixAnyParameters(extracted, file.getFilePath(), checker, file.compilerNode, selection, input.name),
      file.getFilePath(),
      input.name,
    ),
    file.getFilePath(),
    input.name,
  );
  const edits: FileEdits = new Map([[file.getFilePath(), typed]]);
  const before = countErrors(loaded.project, edits.keys());
  applyToProject(loaded, edits);
  const introduced = findNewErrors(loaded.project, edits.keys(), before);
  if (introduced.length > 0)
    throw refuse(
      `Extracting lines ${input.startLine}-${input.endLine} would introduce type errors (${describeErrors(introduced)}); select a different range.`,
    );
  const unchecked = guardTsconfigProjects(
    loaded,
    edits,
    edits.keys(),
    `Extracting lines ${input.startLine}-${input.endLine}`,
    'select a different range.',
  );
  const { findings, note: review } = await stageReviewed(ctx, loaded, edits);
  const signature = signatureOf(loaded.project.getSourceFileOrThrow(file.getFilePath()).compilerNode, input.name);
  return {
    summary: `Extracted lines ${input.startLine}-${input.endLine} of "${toWorkspacePath(file.getFilePath())}" (${selection.statements.length} statements) into ${kind} ${signature ?? input.name}.${unchecked}${review}`,
    findings,
    data: {
      file: toWorkspacePath(file.getFilePath()),
      name: input.name,
      kind,
      signature,
      statements: selection.statements.length,
      async: /^async /.test(signature ?? ''),
    },
  };
}

/** The new name must not already be taken where the function goes or where it is called. */
function assertNameFree(
  checker: ts.TypeChecker,
  source: ts.SourceFile,
  selection: Selection,
  owner: ts.ClassLikeDeclaration | undefined,
  name: string,
): void {
  const existing = owner
    ? checker.getTypeAtLocation(owner).getProperty(name)?.declarations?.[0]
    : checker
        .getSymbolsInScope(selection.statements[0]!, ts.SymbolFlags.Value | ts.SymbolFlags.Alias)
        .find((s) => s.name === name && s.declarations?.some((d) => d.getSourceFile() === source))?.declarations?.[0];
  if (existing) {
    const line = existing.getSourceFile().getLineAndCharacterOfPosition(existing.getStart()).line + 1;
    throw refuse(
      `The name "${name}" is already declared at ${toWorkspacePath(existing.getSourceFile().fileName)}:${line}, where the extracted ${owner ? 'method' : 'function'} would collide with it; pick another name.`,
    );
  }
}

/** "async name(a: A, b: B): R"-like text of the new declaration, for the summary. */
function signatureOf(source: ts.SourceFile, name: string): string | undefined {
  let found: string | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name?.getText(source) === name && node.body) {
      found = source.text
        .slice(node.getStart(source), node.body.getStart(source))
        .replace(/^(export\s+)?(private\s+)?/, '')
        .replace(/\bfunction\s+/, '')
        .replace(/\s+/g, ' ')
        .trim();
    } else ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
