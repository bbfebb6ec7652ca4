/** Renaming a symbol: find it, compute every site, refuse collisions, stage the edits once they type-check. */
import type { CapabilityContext, StepResult } from '../../../core/index.js';
import { loadTsProject, toWorkspacePath } from '../ts-project/load-project.js';
import { refuse } from '../ts-project/refusal.js';
import { invalidIdentifierReason } from '../ts-project/identifiers.js';
import { applyTextChanges, applyToProject, type FileEdits } from '../ts-project/file-edits.js';
import { guardTsconfigProjects } from '../ts-project/project-guard.js';
import { stageReviewed } from '../review/stage-reviewed.js';
import { countErrors, describeErrors, findNewErrors } from '../ts-project/error-guard.js';
import type { SymbolRenameInput } from './input.js';
import { findTarget } from './find-target.js';
import { isMemberLike, renameSites, type RenameSite } from './rename-locations.js';
import { assertNoCollision } from './collisions.js';
import { dynamicReferences } from './dynamic-references.js';

export async function renameSymbol(ctx: CapabilityContext, input: SymbolRenameInput): Promise<StepResult> {
  const { symbol: oldName, newName } = input;
  const invalid = invalidIdentifierReason(newName);
  if (invalid) throw refuse(`"${newName}" cannot be the new name of "${oldName}": ${invalid}; pick a valid identifier.`);
  if (newName === oldName) throw refuse(`"${oldName}" already has the name "${newName}"; pass a different newName.`);
  const loaded = await loadTsProject(ctx);
  ctx.progress(30, 'project loaded');
  const { project } = loaded;
  const target = findTarget(loaded, input);
  const sites = renameSites(project, target, newName);
  assertNoCollision(project, target, sites, newName);
  const warnings = dynamicReferences(loaded, sites, oldName, isMemberLike(target.symbol));
  const edits = editsFromSites(project, sites);
  ctx.progress(60, `${sites.length} sites`);
  const before = countErrors(project, edits.keys(), (key) => swapName(key, oldName, newName));
  applyToProject(loaded, edits);
  const introduced = findNewErrors(project, edits.keys(), before);
  if (introduced.length > 0) {
    throw refuse(
      `Renaming "${oldName}" to "${newName}" would introduce type errors (${describeErrors(introduced)}); pick another name or rename the conflicting code first.`,
    );
  }
  const unchecked = guardTsconfigProjects(
    loaded,
    edits,
    edits.keys(),
    `Renaming "${oldName}" to "${newName}"`,
    'pick another name or rename the conflicting code first.',
    (key) => swapName(key, oldName, newName),
  );
  const { touched, findings: lintFindings, note: review } = await stageReviewed(ctx, loaded, edits);
  for (const warning of warnings) ctx.log('warn', `${warning.file}:${warning.range.startLine}: ${warning.message}`);
  const skipped =
    loaded.skipped.length > 0
      ? ` ${loaded.skipped.length} unreadable files were not searched (${loaded.skipped.map((s) => s.path).join(', ')}).`
      : '';
  const warned =
    warnings.length > 0 ? ` ${warnings.length} dynamic references (string "${oldName}") were not renamed; see the findings.` : '';
  return {
    summary: `Renamed "${oldName}" to "${newName}": ${sites.length} references in ${touched.length} files.${warned}${skipped}${unchecked}${review}`,
    findings: [...warnings, ...lintFindings],
    data: {
      kind: 'symbol',
      oldName,
      newName,
      references: sites.length,
      files: touched,
      declaredIn: toWorkspacePath(target.fileName),
      skipped: loaded.skipped.map((s) => s.path),
    },
  };
}

function editsFromSites(project: import('ts-morph').Project, sites: RenameSite[]): FileEdits {
  const byFile = new Map<string, RenameSite[]>();
  for (const site of sites) byFile.set(site.fileName, [...(byFile.get(site.fileName) ?? []), site]);
  const edits: FileEdits = new Map();
  for (const [fileName, fileSites] of byFile) {
    const text = project.getSourceFileOrThrow(fileName).getFullText();
    edits.set(
      fileName,
      applyTextChanges(
        text,
        fileSites.map((site) => ({ span: { start: site.start, length: site.length }, newText: site.newText })),
      ),
    );
  }
  return edits;
}

/** An error message about the old name reads with the new name after the rename; it is not a new error. */
function swapName(key: string, oldName: string, newName: string): string {
  return key.replace(new RegExp(`(['"])${oldName.replace(/[$]/g, '\\$')}\\1`, 'g'), `$1${newName}$1`);
}
