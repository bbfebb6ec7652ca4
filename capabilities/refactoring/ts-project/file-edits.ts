/**
 * A refactoring's result before it is staged: the new text of each touched file (null: deleted),
 * keyed by in-memory project path. Edits are applied to the in-memory project (so they can be
 * type-checked) and then staged through `ctx.workspace`, never written to disk.
 */
import type { Project, ts } from 'ts-morph';
import type { CapabilityContext } from '../../../core/index.js';
import { toWorkspacePath, type LoadedProject } from './load-project.js';
import { setModuleFormats } from './module-format.js';

export type FileEdits = Map<string, string | null>;

/**
 * Applies language-service text changes to a text, last first so earlier offsets stay valid. Changes
 * at the same position keep their given order in the result (the service inserts `pretty, ` and then
 * `type ` at one offset meaning "pretty, type ..."), so among those the later one is applied first.
 */
export function applyTextChanges(text: string, changes: readonly ts.TextChange[]): string {
  const sorted = changes
    .map((change, index) => ({ change, index }))
    .sort((a, b) => b.change.span.start - a.change.span.start || b.index - a.index);
  let result = text;
  for (const { change } of sorted) {
    result = result.slice(0, change.span.start) + change.newText + result.slice(change.span.start + change.span.length);
  }
  return result;
}

/** Turns language-service file text changes into FileEdits against the project's current texts. */
export function editsFromFileChanges(
  project: Project,
  fileChanges: readonly ts.FileTextChanges[],
  edits: FileEdits = new Map(),
): FileEdits {
  for (const fileChange of fileChanges) {
    const current = edits.get(fileChange.fileName) ?? project.getSourceFile(fileChange.fileName)?.getFullText() ?? '';
    edits.set(fileChange.fileName, applyTextChanges(fileChange.isNewFile ? '' : current, fileChange.textChanges));
  }
  return edits;
}

/** Makes the in-memory project hold the edited texts (to type-check the result). */
export function applyToProject(loaded: LoadedProject, edits: FileEdits): void {
  const { project } = loaded;
  for (const [path, text] of edits) {
    const existing = project.getSourceFile(path);
    if (text === null) {
      if (existing) project.removeSourceFile(existing);
    } else {
      project.createSourceFile(path, text, { overwrite: true });
    }
  }
  setModuleFormats(project, loaded.originals);
}

/** Stages the edits in the workspace overlay; files whose text did not change are left alone. */
export async function stageEdits(ctx: CapabilityContext, loaded: LoadedProject, edits: FileEdits): Promise<string[]> {
  const touched: string[] = [];
  for (const [path, text] of edits) {
    const rel = toWorkspacePath(path);
    if (text === null) {
      if (loaded.originals.has(rel)) {
        await ctx.workspace.delete(rel);
        touched.push(rel);
      }
    } else if (loaded.originals.get(rel) !== text) {
      await ctx.workspace.write(rel, text);
      touched.push(rel);
    }
  }
  return touched.sort();
}
