/**
 * Renaming (or moving) a file: the language service's getEditsForFileRename rewrites every import,
 * re-export, dynamic import and `import()` type that reaches the file, and the file's own relative
 * imports; the file's text then moves to the new path. Refused when the new path is taken, leaves the
 * workspace, or changes the kind of file (.ts to .js...).
 */
import { posix } from 'node:path';
import type { CapabilityContext, StepResult } from '../../../core/index.js';
import { loadTsProject, toProjectPath, toWorkspacePath } from '../ts-project/load-project.js';
import { refuse } from '../ts-project/refusal.js';
import { requireSourceFile } from '../ts-project/positions.js';
import { applyToProject, editsFromFileChanges } from '../ts-project/file-edits.js';
import { guardTsconfigProjects } from '../ts-project/project-guard.js';
import { fileStyle } from '../ts-project/file-style.js';
import { stageReviewed } from '../review/stage-reviewed.js';
import { countErrors, describeErrors, findNewErrors } from '../ts-project/error-guard.js';
import { formatSettings, userPreferences } from '../ts-project/code-style.js';
import type { FileRenameInput } from './input.js';

export async function renameFile(ctx: CapabilityContext, input: FileRenameInput): Promise<StepResult> {
  const loaded = await loadTsProject(ctx);
  const file = requireSourceFile(loaded.project, input.file);
  const oldRel = toWorkspacePath(file.getFilePath());
  const newRel = await newPath(ctx, oldRel, input.newFileName);
  const service = loaded.project.getLanguageService().compilerObject;
  const changes = service.getEditsForFileRename(
    file.getFilePath(),
    toProjectPath(newRel),
    formatSettings(fileStyle(file.getFullText(), ctx.project.codeStyle)),
    userPreferences(fileStyle(file.getFullText(), ctx.project.codeStyle)),
  );
  const edits = editsFromFileChanges(loaded.project, changes);
  const text = edits.get(file.getFilePath()) ?? file.getFullText();
  edits.set(file.getFilePath(), null);
  edits.set(toProjectPath(newRel), text);
  const checked = [...edits.keys()].filter((path) => edits.get(path) !== null);
  const oldStem = oldRel.replace(/\.[^./]+$/, '');
  const newStem = newRel.replace(/\.[^./]+$/, '');
  const before = countErrors(loaded.project, [...checked.filter((p) => p !== toProjectPath(newRel)), file.getFilePath()], (key) =>
    key.split(oldStem).join(newStem),
  );
  applyToProject(loaded, edits);
  const introduced = findNewErrors(loaded.project, checked, before);
  if (introduced.length > 0)
    throw refuse(
      `Renaming "${oldRel}" to "${newRel}" would introduce type errors (${describeErrors(introduced)}); fix those imports first or pick another path.`,
    );
  const unchecked = guardTsconfigProjects(
    loaded,
    edits,
    [...checked, toProjectPath(oldRel)],
    `Renaming "${oldRel}" to "${newRel}"`,
    'fix those imports first or pick another path.',
    (key) => key.split(oldStem).join(newStem),
  );
  const { touched, findings, note: review } = await stageReviewed(ctx, loaded, edits);
  const importers = touched.filter((path) => path !== oldRel && path !== newRel);
  return {
    summary: `Renamed "${oldRel}" to "${newRel}" and updated imports in ${importers.length} files.${unchecked}${review}`,
    findings,
    data: { kind: 'file', oldPath: oldRel, newPath: newRel, files: touched, importers },
  };
}

async function newPath(ctx: CapabilityContext, oldRel: string, requested: string): Promise<string> {
  const joined = requested.includes('/') ? posix.normalize(requested.replace(/^\.\//, '')) : posix.join(posix.dirname(oldRel), requested);
  if (joined.startsWith('..') || posix.isAbsolute(joined))
    throw refuse(`New file name "${requested}" leaves the workspace; pass a path inside it, relative to the workspace root.`);
  const kind = (path: string): string => (/\.d\.[cm]?ts$/.test(path) ? 'd.ts' : posix.extname(path).replace(/^\.[cm]?/, '.'));
  if (kind(joined) !== kind(oldRel))
    throw refuse(`Renaming "${oldRel}" to "${joined}" would change the kind of file; keep the "${posix.extname(oldRel)}" extension.`);
  if (joined === oldRel) throw refuse(`"${oldRel}" already has that name; pass a different newFileName.`);
  if (await ctx.workspace.exists(joined))
    throw refuse(`Cannot rename "${oldRel}" to "${joined}": that file already exists; pick another name or move the existing file first.`);
  return joined;
}
