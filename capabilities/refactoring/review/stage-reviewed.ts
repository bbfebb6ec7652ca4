/**
 * Staging a type-checked refactoring the way a reviewer wants it: changed files formatted with the
 * project's Prettier config (format-changes.ts), then staged, then the problems the project's ESLint
 * config reports that the change introduced (lint-changes.ts). Formatting never changes what the code
 * does, so the type guard's verdict on the unformatted edit stands.
 */
import type { CapabilityContext, Finding } from '../../../core/index.js';
import { stageEdits, type FileEdits } from '../ts-project/file-edits.js';
import { toProjectPath, toWorkspacePath, type LoadedProject } from '../ts-project/load-project.js';
import { formatChanges } from './format-changes.js';
import { lintBaseline, lintIntroduced } from './lint-changes.js';

export interface Reviewed {
  touched: string[];
  /** Lint problems the change introduced (the project's own ESLint config). */
  findings: Finding[];
  /** Sentences for the step's summary ('' when there is nothing to say). */
  note: string;
  formatted: string[];
}

export async function stageReviewed(ctx: CapabilityContext, loaded: LoadedProject, edits: FileEdits): Promise<Reviewed> {
  const changed = new Map([...edits].map(([path, text]) => [toWorkspacePath(path), text]));
  const format = await formatChanges(ctx, loaded.originals, changed);
  for (const [rel, text] of changed) edits.set(toProjectPath(rel), text);
  const existing = [...changed.keys()].filter((rel) => loaded.originals.has(rel) && loaded.originals.get(rel) !== changed.get(rel));
  const baseline = await lintBaseline(ctx, existing);
  const touched = await stageEdits(ctx, loaded, edits);
  const lint = await lintIntroduced(
    ctx,
    baseline,
    touched.filter((rel) => changed.get(rel) != null),
  );
  return { touched, findings: lint.findings, note: format.note + lint.note, formatted: format.formatted };
}
